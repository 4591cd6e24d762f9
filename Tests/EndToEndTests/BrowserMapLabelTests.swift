import BrowserSupport
import Foundation
import Testing
import TestSupport

/// The map's city names as Chromium draws them against `tourist serve`: the world names its
/// largest cities (issue 33: Tokyo, Delhi, Seoul, Karachi and Dhaka, not Sendai and Teni), and
/// no name's letters meet another's or cover a named city's dot, at world zoom and one in.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserMapLabelTests {
    /// What the page shows of its labels: the map's zoom, the names, the pairs of names whose
    /// letters meet, and the names that cover another label's dot. A name's letters are measured
    /// where Chromium set them: its line of text, and within it the ink of its glyphs in the font
    /// the page uses (canvas `measureText`).
    private static let drawn = """
        const canvas = document.createElement('canvas').getContext('2d');
        const letters = (name) => {
          const line = name.getBoundingClientRect(), style = getComputedStyle(name);
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const m = canvas.measureText(name.textContent);
          const baseline = line.top + (line.height - m.fontBoundingBoxAscent - m.fontBoundingBoxDescent) / 2 + m.fontBoundingBoxAscent;
          return { left: line.left - m.actualBoundingBoxLeft, right: line.left + m.actualBoundingBoxRight,
                   top: baseline - m.actualBoundingBoxAscent, bottom: baseline + m.actualBoundingBoxDescent };
        };
        const labels = [...document.querySelectorAll('.city-label')].map((label) => {
          const point = label.getBoundingClientRect();
          return { name: label.textContent, letters: letters(label.querySelector('.city-label-name')),
                   dot: { left: point.left - 2.5, right: point.left + 2.5, top: point.top - 2.5, bottom: point.top + 2.5 } };
        });
        const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const meeting = [], covering = [];
        labels.forEach((a, i) => labels.forEach((b, j) => {
          if (i < j && meet(a.letters, b.letters)) meeting.push(a.name + ' / ' + b.name);
          if (i !== j && meet(a.letters, b.dot)) covering.push(a.name + ' covers ' + b.name);
        }));
        return { zoom: document.querySelector('#map').dataset.zoom, names: labels.map((l) => l.name), meeting, covering };
        """

    @Test func theWorldNamesItsLargestCitiesAndNoNameMeetsAnother() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()
        let shots = try screenshotFolder(harness)
        let base = server.base
        /// The page's labels on a laptop's screen, once drawn, with a screenshot.
        func shown(shot: String) async throws -> (zoom: String, names: [String], meeting: [String], covering: [String]) {
            try await Blocking.run {
                let browser = try WebDriver.opened(
                    base + "/", width: 1280, height: 800, until: "the map's labels are drawn",
                    """
                    document.body.dataset.ready === '1' && Number(document.querySelector('#map').dataset.labels) > 20
                    """)
                defer { browser.quit() }
                try browser.saveScreenshot(to: shots + "/" + shot)
                let seen = try browser.execute(Self.drawn) as? [String: Any] ?? [:]
                return (
                    seen["zoom"] as? String ?? "", seen["names"] as? [String] ?? [], seen["meeting"] as? [String] ?? ["not measured"],
                    seen["covering"] as? [String] ?? ["not measured"]
                )
            }
        }

        let world = try await shown(shot: "map-world-labels.png")
        #expect(world.zoom == "2", "the empty map opens on the world: \(world.zoom)")
        #expect(
            ["Tokyo", "Delhi", "Seoul", "Karachi", "Dhaka", "Shanghai", "Beijing", "Mumbai"].allSatisfy(world.names.contains),
            "\(world.names)")
        #expect(!world.names.contains("Sendai") && !world.names.contains("Teni"), "\(world.names)")
        #expect(world.meeting.isEmpty && world.covering.isEmpty, "\(world.meeting) \(world.covering)")

        // One zoom in, over Asia, where the cities crowd most.
        #expect(try await server.send("PUT", "/api/view", json: ["latitude": 30, "longitude": 100, "zoom": 3], csrf: csrf).status == 204)
        let asia = try await shown(shot: "map-asia-labels.png")
        #expect(asia.zoom == "3", "the saved view is kept: \(asia.zoom)")
        #expect(["Tokyo", "Delhi", "Seoul", "Karachi", "Dhaka", "Osaka", "Bengaluru"].allSatisfy(asia.names.contains), "\(asia.names)")
        #expect(asia.meeting.isEmpty && asia.covering.isEmpty, "\(asia.meeting) \(asia.covering)")
    }
}
