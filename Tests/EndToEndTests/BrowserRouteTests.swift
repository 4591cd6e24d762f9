import BrowserSupport
import Foundation
import Testing
import TestSupport

/// A route pin in the browser, against `tourist serve` with the demo set: the map draws the
/// route's line (and none for a pin on a place), a click on the line opens its album, and the
/// album shows a small map of the line with a dot for every photo with a position, and each tile
/// its kilometre along the route. The pins are made and filled through the CLI.
@Suite(
    .serialized,
    .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)),
    .enabled(if: try Axe.requirement.runs(), Comment(rawValue: Axe.requirement.missing))
)
struct BrowserRouteTests {
    @Test func theMapDrawsTheRouteAndItsAlbumMapsThePhotosAlongIt() async throws {
        let harness = try Harness()
        let config = try harness.folder.write("demo.json", #"{"providers": [{"name": "demo", "type": "fixture"}]}"#)
        // Across Paris by the Eiffel Tower, where the demo set's photos are: 6 km, a corridor of 1 km.
        let route = [(48.8350, 2.2650), (48.8530, 2.2800), (48.8584, 2.2945), (48.8700, 2.3100), (48.8800, 2.3200)]
        let file = try harness.folder.write(
            "walk.gpx", SampleRoutes.gpx(route.map { (latitude: $0.0, longitude: $0.1) }, name: "Paris walk"))
        let id = try #require(
            try await harness.json("pin", "add", "--route", file, "--radius", "1", "--config", config)["id"] as? String)
        try await harness.run("pin", "add", "48.8606", "2.3376", "--name", "Louvre", "--config", config)  // a pin on a place: no line
        try await harness.run("fetch", id, "--config", config)
        let photos = try await harness.json("album", id, "--config", config).photos
        let placed = photos.filter { $0["latitude"] is Double && $0["longitude"] is Double }
        #expect(placed.count >= 3, "the demo set has photos along the route: \(photos.count)")
        let (placedCount, photoCount) = (placed.count, photos.count)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let base = server.base
        let shots = try screenshotFolder(harness)
        let audit = AxeAudit()

        let seen = try await Blocking.run {
            () throws -> (
                lines: [String], points: Int, opened: String, dots: Int, mapPhotos: String, tiles: Int, kilometres: [String],
                errors: [String]
            ) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil(
                "the map, its two pins and the route's line",
                "document.body.dataset.ready === '1' && document.querySelectorAll('.pin-marker, .pin-cluster').length >= 1"
                    + " && document.querySelectorAll('path.route-line').length === 1")
            let lines =
                try browser.execute("return [...document.querySelectorAll('path.route-line')].map((p) => p.dataset.pinId)") as? [String]
                ?? []
            // The line's path has a vertex for each of the line's points ("M x y L x y ...").
            let points =
                try browser.execute("return (document.querySelector('path.route-line').getAttribute('d').match(/[ML]/g) || []).length")
                as? Int ?? 0
            // Closer, for the screenshot: a cluster of the two pins is opened.
            _ = try browser.execute("document.querySelector('.pin-cluster')?.click()")
            try browser.waitUntil("both pins apart", "document.querySelectorAll('.pin-marker').length === 2")
            try browser.saveScreenshot(to: shots + "/map-route.png")
            // A click on the line opens its album.
            _ = try browser.execute(
                """
                const path = document.querySelector('path.route-line');
                const box = path.getBoundingClientRect();
                path.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }));
                """)
            try browser.waitUntil(
                "the route's album and its small map",
                "location.pathname === '/pins/\(id)' && document.body.dataset.ready === '1'"
                    + " && document.querySelector('#album-route-map')?.dataset.photos !== undefined"
                    + " && document.querySelectorAll('#album-grid .photo-tile').length > 0")
            let opened = try browser.execute("return location.pathname") as? String ?? ""
            let dots = try browser.execute("return document.querySelectorAll('#album-route-map path.route-photo').length") as? Int ?? 0
            let mapPhotos = try browser.execute("return document.querySelector('#album-route-map').dataset.photos") as? String ?? ""
            let tiles = try browser.execute("return document.querySelectorAll('#album-grid .photo-tile').length") as? Int ?? 0
            let kilometres =
                try browser.execute("return [...document.querySelectorAll('#album-grid .photo-route-km')].map((k) => k.textContent)")
                as? [String] ?? []
            try audit.check(browser, "a route's album")
            try browser.saveScreenshot(to: shots + "/album-route.png")
            return (lines, points, opened, dots, mapPhotos, tiles, kilometres, try browser.consoleErrors())
        }
        #expect(seen.lines == [id], "one line, the route pin's: \(seen.lines)")
        #expect(seen.points >= 2, "the line's path: \(seen.points) vertices")
        #expect(seen.opened == "/pins/\(id)")
        #expect(seen.dots == placedCount && seen.mapPhotos == String(placedCount), "\(seen.dots) dots for \(placedCount) photos")
        #expect(seen.tiles == photoCount)
        #expect(seen.errors.isEmpty, "\(seen.errors)")
        #expect(seen.kilometres == photos.compactMap { $0["routeKmText"] as? String }, "\(seen.kilometres)")
        #expect(seen.kilometres.count == photos.count && seen.kilometres.allSatisfy { $0.hasPrefix("km ") })
        try audit.writeReview(to: shots + "/axe-needs-review-route.txt")
        #expect(audit.failures.isEmpty, "\(audit.failures.joined(separator: "\n\n"))")
    }
}
