import BrowserSupport
import FlickrStub
import Foundation
import Testing
import TestSupport

/// The map's pins among its city names, in a real headless Chromium against `tourist serve`: Tab
/// reaches the search box before the pins, a pin says its name on hover and focus, a cluster says
/// in words what its pins hold, no pin hides a city's name, and a saved view worth nothing on this
/// screen is not where the map opens. Pins are made through the CLI.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserMapMarkerTests {
    /// The script that names what has the focus: `pin:ID` for a pin, else its id or tag.
    private static let focused = """
        const e = document.activeElement;
        return e.classList.contains('pin-marker') ? 'pin:' + e.dataset.pinId : e.classList.contains('pin-cluster') ? 'cluster' : e.id || e.tagName.toLowerCase()
        """

    /// The text of the open pin names (Leaflet tooltips), in the page's order.
    private static let shownNames = "return [...document.querySelectorAll('.leaflet-tooltip.pin-name')].map((t) => t.textContent)"

    /// Presses Tab until what has the focus (as `focused` names it) is `reached`, at most 40 times;
    /// returns what had the focus after each press.
    private static func tab(_ browser: WebDriver, until reached: (String) -> Bool) throws -> [String] {
        var order: [String] = []
        while order.count < 40, !(order.last.map(reached) ?? false) {
            try browser.press(.tab)
            order.append(try browser.execute(focused) as? String ?? "")
        }
        return order
    }

    /// Pins by id, from `tourist pin list`.
    private static func names(_ harness: Harness) async throws -> [String: String] {
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: pins.compactMap { pin in (pin["id"] as? String).map { ($0, pin["name"] as? String ?? "") } })
    }

    @Test func tabReachesTheSearchBoxBeforeThePinsAndAPinSaysItsNameOnFocusAndHover() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8566", "2.3522", "--name", "Paris")
        try await harness.run("pin", "add", "35.0116", "135.7681", "--name", "Kyoto")
        let names = try await Self.names(harness)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base

        let seen = try await Blocking.run {
            () throws -> (order: [String], onFocus: [String], hovered: String, onHover: [String], errors: [String]) in
            let browser = try WebDriver.opened(
                base + "/", until: "the map and its two pins",
                "document.body.dataset.ready === '1' && document.querySelectorAll('.pin-marker').length === 2")
            defer { browser.quit() }
            // Tab from the top of the page until a pin has the focus.
            let order = try Self.tab(browser) { $0.hasPrefix("pin:") }
            try browser.waitUntil("the focused pin shows its name", "document.querySelectorAll('.leaflet-tooltip.pin-name').length === 1")
            let onFocus = try browser.execute(Self.shownNames) as? [String] ?? []
            try browser.saveScreenshot(to: shots + "/map-pin-focused.png")
            // Focus elsewhere, then the mouse over the other pin: its name shows.
            _ = try browser.execute("document.activeElement.blur()")
            try browser.waitUntil("the focused pin's name goes", "document.querySelectorAll('.leaflet-tooltip.pin-name').length === 0")
            let other =
                try browser.execute(
                    """
                    const pin = [...document.querySelectorAll('.pin-marker')].find((m) => 'pin:' + m.dataset.pinId !== arguments[0]);
                    const r = pin.getBoundingClientRect();
                    return [pin.dataset.pinId, Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 3)]
                    """, args: [order.last ?? ""]) as? [Any] ?? []
            let hovered = other.first as? String ?? ""
            let x = (other.dropFirst().first as? NSNumber)?.intValue ?? 0, y = (other.last as? NSNumber)?.intValue ?? 0
            try browser.movePointer(toX: x, y: y)
            try browser.waitUntil("the hovered pin shows its name", "document.querySelectorAll('.leaflet-tooltip.pin-name').length === 1")
            let onHover = try browser.execute(Self.shownNames) as? [String] ?? []
            try browser.saveScreenshot(to: shots + "/map-pin-hovered.png")
            return (order, onFocus, hovered, onHover, try browser.consoleErrors())
        }
        let search = try #require(seen.order.firstIndex(of: "place-search"), "\(seen.order)")
        let firstPin = try #require(seen.order.firstIndex { $0.hasPrefix("pin:") }, "no pin reached by Tab: \(seen.order)")
        #expect(search < firstPin, "Tab reaches the search box before the pins: \(seen.order)")
        let focusedName = try #require(names[String(seen.order[firstPin].dropFirst("pin:".count))])
        #expect(seen.onFocus == ["\(focusedName)New, 0 photos"], "\(seen.onFocus)")
        let hoveredName = try #require(names[seen.hovered], "\(seen.hovered)")
        #expect(hoveredName != focusedName)
        #expect(seen.onHover == ["\(hoveredName)New, 0 photos"], "\(seen.onHover)")
        #expect(seen.errors.isEmpty, "\(seen.errors)")
    }

    @Test func aClusterSaysInWordsHowManyOfItsPinsFailedAndEnterZoomsIntoIt() async throws {
        let harness = try Harness()
        // Three pins a few hundred metres apart in Paris: one cluster until the map is close.
        for (index, name) in ["Louvre", "Tuileries", "Palais Royal"].enumerated() {
            try await harness.run("pin", "add", String(48.8606 + Double(index) * 0.002), "2.3376", "--name", name, "--radius", "1")
        }
        // A fetch whose every download fails (a Flickr whose images answer 500) leaves its pin failed.
        let photos = FakePhoto.around(latitude: 48.8606, longitude: 2.3376, count: 3, radiusKm: 0.5, bytes: 3000)
        let flickr = try FakeFlickr(apiKey: "k", photos: photos)
        defer { flickr.stop() }
        for photo in photos { flickr.failNextImageRequests(photo: photo.id, [.status(500)]) }
        let config = try harness.folder.write(
            "flickr.json",
            #"{"downloads": {"retries": 0}, "providers": [{"name": "flickr", "type": "flickr", "apiKey": "k", "endpoint": "\#(flickr.endpoint)"}]}"#
        )
        _ = try await harness.tourist.run(["fetch", "Louvre", "--count", "3", "--config", config], in: harness.folder.path)
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        try #require(pins.compactMap { $0["state"] as? String }.sorted() == ["failed", "new", "new"], "\(pins)")
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base

        let browser = try await Blocking.run {
            try WebDriver.opened(
                base + "/", until: "the map and one cluster",
                "document.body.dataset.ready === '1' && document.querySelectorAll('.pin-cluster').length === 1")
        }
        defer { Thread { browser.quit() }.start() }  // quitting waits for chromium: not on the test's thread
        let cluster =
            "[document.querySelector('.pin-cluster').getAttribute('aria-label'), document.querySelector('.pin-cluster .pin-cluster-flag')?.textContent ?? '']"
        let first = try await Blocking.run { try browser.execute("return \(cluster)") as? [String] ?? [] }
        try await Blocking.run { try browser.saveScreenshot(to: shots + "/map-cluster-failed.png") }
        #expect(first == ["3 pins: 2 new, 1 failed. Zoom in to see them", "1 failed"], "in words, not colour alone: \(first)")

        // Another pin fails, in a terminal: the open page's cluster says so.
        for photo in photos { flickr.failNextImageRequests(photo: photo.id, [.status(500)]) }
        _ = try await harness.tourist.run(["fetch", "Tuileries", "--count", "3", "--config", config], in: harness.folder.path)
        let later = try await Blocking.run { () throws -> [String] in
            try browser.waitUntil("the cluster counts two failed", "\(cluster)[1] === '2 failed'")
            return try browser.execute("return \(cluster)") as? [String] ?? []
        }
        #expect(later == ["3 pins: 1 new, 2 failed. Zoom in to see them", "2 failed"], "\(later)")

        // By keyboard: Tab reaches the cluster after the search box, and Enter zooms into it.
        let (zoom, zoomedIn, order) = try await Blocking.run { () throws -> (Int, Int, [String]) in
            let zoom = Int(try browser.execute("return document.querySelector('#map').dataset.zoom") as? String ?? "") ?? -1
            let order = try Self.tab(browser) { $0 == "cluster" }
            try browser.press(.enter)
            try browser.waitUntil("the map zooms into the cluster", "Number(document.querySelector('#map').dataset.zoom) > \(zoom)")
            return (zoom, Int(try browser.execute("return document.querySelector('#map').dataset.zoom") as? String ?? "") ?? -1, order)
        }
        #expect(order.last == "cluster" && (order.firstIndex(of: "place-search") ?? .max) < order.count - 1, "\(order)")
        #expect(zoomedIn > zoom)
    }

    /// Pins added by their city's name stand on its dot: a pin in Tokyo and a cluster of two in
    /// Osaka, at zoom 5 over Japan. Neither hides its city's name, on whichever side of the dot the
    /// name goes: the pin's box and the cluster's disc meet no name's line of text.
    @Test func noPinOrClusterHidesItsCitysName() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "Tokyo")
        try await harness.run("pin", "add", "Osaka", "--name", "Osaka castle")
        try await harness.run("pin", "add", "Osaka", "--name", "Osaka station")
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()
        #expect(try await server.send("PUT", "/api/view", json: ["latitude": 36, "longitude": 138, "zoom": 5], csrf: csrf).status == 204)
        let shots = try screenshotFolder(harness)
        let base = server.base

        let seen = try await Blocking.run { () throws -> (pinHidesTokyo: Bool, clusterHidesOsaka: Bool, tokyo: String, osaka: String) in
            let named = "(city) => [...document.querySelectorAll('.city-label')].find((l) => l.textContent === city)"
            let browser = try WebDriver.opened(
                base + "/", until: "Tokyo's and Osaka's names, a pin and a cluster",
                """
                document.body.dataset.ready === '1' && document.querySelectorAll('.pin-marker').length === 1
                  && document.querySelectorAll('.pin-cluster').length === 1 && (\(named))('Tokyo') && (\(named))('Osaka')
                """)
            defer { browser.quit() }
            try browser.saveScreenshot(to: shots + "/map-pins-and-city-names.png")
            let found =
                try browser.execute(
                    """
                    const label = (\(named));
                    const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
                    const box = (css) => document.querySelector(css).getBoundingClientRect();
                    const name = (city) => label(city).querySelector('.city-label-name').getBoundingClientRect();
                    const side = (city) => [...label(city).classList].find((c) => /^city-label-(below|below-right|below-left|right|left)$/.test(c)) || '';
                    // The disc a cluster's box holds meets a rectangle when its nearest point is in the disc.
                    const discMeets = (disc, r) => {
                      const radius = disc.width / 2, cx = disc.left + radius, cy = disc.top + disc.height / 2;
                      const dx = cx - Math.max(r.left, Math.min(cx, r.right)), dy = cy - Math.max(r.top, Math.min(cy, r.bottom));
                      return dx * dx + dy * dy < radius * radius;
                    };
                    return { pinHidesTokyo: meets(name('Tokyo'), box('.pin-marker')), clusterHidesOsaka: discMeets(box('.pin-cluster'), name('Osaka')),
                             tokyo: side('Tokyo'), osaka: side('Osaka') }
                    """) as? [String: Any] ?? [:]
            return (
                found["pinHidesTokyo"] as? Bool ?? true, found["clusterHidesOsaka"] as? Bool ?? true, found["tokyo"] as? String ?? "",
                found["osaka"] as? String ?? ""
            )
        }
        #expect(!seen.pinHidesTokyo && !seen.clusterHidesOsaka, "\(seen)")
        #expect(!seen.tokyo.isEmpty && !seen.osaka.isEmpty, "\(seen)")
    }

    /// A desktop left the map at street level over the Pacific, where no pin or city is: a phone
    /// opening the page sees every pin instead of blank sea. A saved view that shows a pin is kept
    /// (one that shows a city's name is too: BrowserEndToEndTests opens over Paris).
    @Test func aSavedViewOfNothingOpensAtThePinsAndOneWithAPinIsKept() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8566", "2.3522", "--name", "Paris")
        try await harness.run("pin", "add", "35.0116", "135.7681", "--name", "Kyoto")
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()
        let shots = try screenshotFolder(harness)
        let base = server.base
        /// Opens the map on a phone with `view` saved, and returns its zoom and the pins in sight.
        func open(at view: [String: Any], shot: String) async throws -> (zoom: Int, pinsInSight: Int) {
            #expect(try await server.send("PUT", "/api/view", json: view, csrf: csrf).status == 204)
            let seen = try await Blocking.run { () throws -> (Int, Int) in
                let browser = try WebDriver(screenWidth: 390, height: 844)
                defer { browser.quit() }
                try browser.navigate(to: base + "/")
                try browser.waitUntil("the map page is ready", "document.body.dataset.ready === '1'")
                let zoom = Int(try browser.execute("return document.querySelector('#map').dataset.zoom") as? String ?? "") ?? -1
                let inSight =
                    try browser.execute(
                        """
                        const m = document.querySelector('#map').getBoundingClientRect();
                        return [...document.querySelectorAll('.pin-marker, .pin-cluster')].filter((p) => {
                          const r = p.getBoundingClientRect();
                          return r.right > m.left && r.left < m.right && r.bottom > m.top && r.top < m.bottom; }).length
                        """) as? Int ?? -1
                try browser.saveScreenshot(to: shots + "/" + shot)
                // The page saves the view it opened at; the next view is put once it has.
                try browser.waitUntil(
                    "the opened view is saved",
                    """
                    (() => { const x = new XMLHttpRequest(); x.open('GET', '/api/settings', false); x.send();
                             const view = JSON.parse(x.responseText).view; return view !== null && view.zoom === \(zoom); })()
                    """)
                return (zoom, inSight)
            }
            return seen
        }
        let nothing = try await open(at: ["latitude": 10, "longitude": -140, "zoom": 16], shot: "map-phone-saved-view-of-nothing.png")
        #expect(nothing.zoom < 16 && nothing.pinsInSight >= 1, "opened at the pins, not the empty street-level view: \(nothing)")
        let paris = try await open(at: ["latitude": 48.8566, "longitude": 2.3522, "zoom": 16], shot: "map-phone-saved-view-of-a-pin.png")
        #expect(paris.zoom == 16 && paris.pinsInSight == 1, "a view with a pin is kept: \(paris)")
    }
}
