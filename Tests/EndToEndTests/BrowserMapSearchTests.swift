import BrowserSupport
import Foundation
import NominatimStub
import Testing
import TestSupport

/// The map you can find your way on, in a real headless Chromium against `tourist serve`: the
/// search box (a place by name, "lat, lon"), the keyboard's ways to drop a pin (search then
/// Enter, "Drop a pin here"), the city labels, and the page on a phone. Pins made are checked
/// through the CLI.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserMapSearchTests {
    /// WebDriver's codes for the keys.
    private static let arrowDown = WebDriver.Key.arrowDown.value, enter = WebDriver.Key.enter.value

    /// A browser with a phone's 390×844 viewport (`WebDriver.emulatePhone`), a mouse for a pointer.
    private static func phone() throws -> WebDriver {
        try WebDriver(screenWidth: 390, height: 844)
    }

    @Test func typingKyotoThenArrowAndEnterOpensThePinFormThereAndAddsThePin() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base

        let seen = try await Blocking.run { () throws -> (options: [String], name: String, where: String, errors: [String]) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil("the map page is ready", "document.body.dataset.ready === '1'")
            let box = try browser.findElement(css: "#place-search")
            try box?.sendKeys("Kyoto")
            try browser.waitUntil(
                "the candidates for Kyoto are listed",
                "document.querySelector('#place-results').dataset.query === 'Kyoto' && document.querySelectorAll('#place-results [role=option]').length > 0 && document.querySelector('#place-search').getAttribute('aria-expanded') === 'true'"
            )
            let options = try browser.findElements(css: "#place-results [role=option] .place-option-name").map { try $0.text }
            try browser.saveScreenshot(to: shots + "/map-search.png")
            try box?.sendKeys(Self.arrowDown)
            try browser.waitUntil(
                "the first candidate is chosen",
                "document.querySelector('#place-search').getAttribute('aria-activedescendant') === 'place-option-0' && document.querySelector('#place-option-0').getAttribute('aria-selected') === 'true'"
            )
            try box?.sendKeys(Self.enter)
            try browser.waitUntil(
                "the pin form opens at Kyoto, the map zoomed to a city",
                "document.querySelector('#pin-form') && document.querySelector('#map').dataset.zoom === '12'")
            let name = try browser.findElement(css: "#pin-name")?.property("value") as? String ?? ""
            let place = try browser.findElement(css: ".pin-form-where")?.property("textContent") as? String ?? ""
            try browser.saveScreenshot(to: shots + "/map-search-picked.png")
            // Enter in the form adds the pin; its album opens.
            try browser.findElement(css: "#pin-name")?.sendKeys(Self.enter)
            try browser.waitUntil("the new pin's album opens", "document.body.dataset.page === 'album'")
            return (options, name, place, try browser.consoleErrors())
        }
        #expect(seen.options.first == "Kyoto, JP", "\(seen.options)")
        #expect(seen.name == "Kyoto")
        #expect(seen.where.hasPrefix("35.0"), "\(seen.where)")
        #expect(seen.errors.isEmpty, "\(seen.errors)")
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(pins.count == 1 && pins.first?["name"] as? String == "Kyoto", "\(pins)")
        #expect(
            abs((pins.first?["latitude"] as? Double ?? 0) - 35.02) < 0.05
                && abs((pins.first?["longitude"] as? Double ?? 0) - 135.75) < 0.05, "\(pins)")
    }

    /// A landmark is no city: typing it asks nothing online and says Enter will; Enter asks the
    /// geocoder (a stand-in) once and opens the pin form there, credited to OpenStreetMap.
    @Test func aLandmarkIsLookedUpOnlineOnEnterOnly() async throws {
        let served = try await ServedGeocoder()
        defer { Task { await served.stop() } }
        let (nominatim, server) = (served.nominatim, served.server)
        let base = server.base
        let seen = try await Blocking.run { () throws -> (typed: String, asked: Int, name: String, errors: [String]) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil("the map page is ready", "document.body.dataset.ready === '1'")
            let box = try browser.findElement(css: "#place-search")
            try box?.sendKeys("Eiffel Tower")
            try browser.waitUntil(
                "the box says no city has that name",
                "document.querySelector('#place-results').dataset.query === 'Eiffel Tower' && document.querySelector('#place-status').textContent.startsWith('No city called')"
            )
            let typed = try browser.findElement(css: "#place-status")?.text ?? ""
            let asked = nominatim.received.count
            try box?.sendKeys(Self.enter)
            try browser.waitUntil(
                "the pin form opens at the landmark",
                "document.querySelector('#pin-form') && document.querySelector('#map').dataset.zoom === '12'")
            let name = try browser.findElement(css: "#pin-name")?.property("value") as? String ?? ""
            return (typed, asked, name, try browser.consoleErrors())
        }
        #expect(seen.typed.contains("Press Enter to look it up online (OpenStreetMap)"), "\(seen.typed)")
        #expect(seen.asked == 0, "nothing is asked online while typing")
        #expect(seen.name == "Tour Eiffel")
        #expect(nominatim.queries == ["Eiffel Tower"])
        #expect(seen.errors.isEmpty, "\(seen.errors)")
    }

    @Test func coordinatesTypedAndTheDropAPinHereButtonOpenThePinForm() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let base = server.base

        let (typed, name, dropped, note) = try await Blocking.run { () throws -> (String, String, String, String) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil("the map page is ready", "document.body.dataset.ready === '1'")
            // "lat, lon" and Enter, with no candidate chosen: the point itself.
            try browser.findElement(css: "#place-search")?.sendKeys("48.8584, 2.2945" + Self.enter)
            try browser.waitUntil(
                "the pin form opens at the point",
                "document.querySelector('#pin-form') && document.querySelector('#map').dataset.zoom === '15'")
            let typed = try browser.findElement(css: ".pin-form-where")?.property("textContent") as? String ?? ""
            let name = try browser.findElement(css: "#pin-name")?.property("value") as? String ?? ""
            try browser.findElement(css: "#pin-cancel")?.click()
            try browser.waitUntil("the form closes", "!document.querySelector('#pin-form')")
            // "Drop a pin here": the form opens at the map's centre.
            try browser.findElement(css: "#drop-here")?.click()
            try browser.waitUntil("the form opens at the centre", "document.querySelector('#pin-form')")
            let dropped = try browser.findElement(css: ".pin-form-where")?.property("textContent") as? String ?? ""
            let note = try browser.findElement(css: "#tiles-note")?.property("textContent") as? String ?? ""
            return (typed, name, dropped, note)
        }
        #expect(typed == "48.8584,2.2945" && name == "48.8584,2.2945")
        let centre = dropped.split(separator: ",").compactMap { Double($0) }
        #expect(centre.count == 2 && abs(centre[0] - 48.8584) < 0.02 && abs(centre[1] - 2.2945) < 0.02, "\(dropped)")
        // The map is offline (no serve.tiles): the page says how to turn tiles on, in the config's words.
        #expect(note.contains(#""serve": { "tiles": { "url": "https://tile.openstreetmap.org/{z}/{x}/{y}.png""#), "\(note)")
    }

    @Test func citiesAreLabelledAndMoreAppearAsTheMapZoomsIn() async throws {
        let harness = try Harness()
        let csrf: String
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        csrf = try await server.csrfToken()
        // Over Japan at zoom 5, as a user left it.
        #expect(try await server.send("PUT", "/api/view", json: ["latitude": 36, "longitude": 138, "zoom": 5], csrf: csrf).status == 204)
        let shots = try screenshotFolder(harness)
        let base = server.base

        let (before, central, after, names) = try await Blocking.run { () throws -> (Int, Int, Int, (Set<String>, Set<String>)) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil(
                "labels are drawn", "document.body.dataset.ready === '1' && Number(document.querySelector('#map').dataset.labels) > 0")
            let names = "return [...document.querySelectorAll('.city-label')].map((l) => l.textContent)"
            let first = Set(try browser.execute(names) as? [String] ?? [])
            // The labels in the middle quarter (each way) of the map: what two zooms in keeps in view.
            let central =
                try browser.execute(
                    """
                    const m = document.querySelector('#map').getBoundingClientRect();
                    const cx = m.left + m.width / 2, cy = m.top + m.height / 2;
                    return [...document.querySelectorAll('.city-label')].filter((l) => {
                      const r = l.getBoundingClientRect();
                      return Math.abs(r.left - cx) < m.width / 8 && Math.abs(r.top - cy) < m.height / 8; }).length
                    """) as? Int ?? -1
            try browser.saveScreenshot(to: shots + "/map-labels.png")
            for zoom in [6, 7] {
                try browser.findElement(css: ".leaflet-control-zoom-in")?.click()
                try browser.waitUntil("zoomed to \(zoom)", "document.querySelector('#map').dataset.zoom === '\(zoom)'")
            }
            try browser.waitUntil(
                "the labels of zoom 7 are drawn",
                "[...document.querySelectorAll('.city-label')].some((l) => !\(String(decoding: try JSONSerialization.data(withJSONObject: Array(first)), as: UTF8.self)).includes(l.textContent))"
            )
            let second = Set(try browser.execute(names) as? [String] ?? [])
            try browser.saveScreenshot(to: shots + "/map-labels-zoomed.png")
            return (first.count, central, second.count, (first, second))
        }
        #expect(before > 5 && names.0.contains("Tokyo"), "\(names.0)")
        #expect(after > central, "zoom 7 labels \(after) cities where zoom 5 labelled \(central)")
        #expect(!names.1.subtracting(names.0).isEmpty)
    }

    @Test func onAPhoneShowAllPinsIsVisibleTheHintSaysTapAndASavedDesktopViewLeavesNoBlankBand() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Paris")
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        // A desktop's whole-world view, far out and far north.
        let csrf = try await server.csrfToken()
        #expect(try await server.send("PUT", "/api/view", json: ["latitude": 70, "longitude": 0, "zoom": 1], csrf: csrf).status == 204)
        let shots = try screenshotFolder(harness)
        let base = server.base

        let seen = try await Blocking.run {
            () throws -> (width: Int, fit: Bool, h1: String, zoom: Int, north: Double, south: Double, search: Bool) in
            let browser = try Self.phone()
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil(
                "the map page is ready", "document.body.dataset.ready === '1' && document.querySelector('#map').dataset.labels")
            let fit = try browser.findElement(css: "#fit-pins")?.isDisplayed ?? false
            let h1 = try browser.findElement(css: "h1")?.property("textContent") as? String ?? ""
            let view = try browser.execute("return document.querySelector('#map').dataset") as? [String: Any] ?? [:]
            let search = try browser.findElement(css: "#place-search")?.isDisplayed ?? false
            try browser.saveScreenshot(to: shots + "/map-phone.png")
            let width = try browser.execute("return window.innerWidth") as? Int ?? 0
            return (
                width, fit, h1, Int(view["zoom"] as? String ?? "") ?? -1, Double(view["north"] as? String ?? "") ?? 99,
                Double(view["south"] as? String ?? "") ?? -99, search
            )
        }
        #expect(seen.width == 390)
        #expect(seen.fit, "Show all pins is visible on a phone")
        #expect(seen.search)
        #expect(seen.h1 == "Map of your pins")
        #expect(seen.zoom >= 2, "the world fills a phone's height from zoom 2: \(seen)")
        #expect(seen.north <= 85.06 && seen.south >= -85.06, "no band beyond the world's edge: \(seen)")
    }

    @Test func theEmptyMapSaysClickWithAMouseAndTapOnATouchScreen() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let base = server.base
        let (mouse, touch) = try await Blocking.run { () throws -> (String, String) in
            let browser = try Self.phone()
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil(
                "the empty-map hint shows", "document.body.dataset.ready === '1' && !document.querySelector('#map-empty').hidden")
            let mouse = try browser.findElement(css: "#map-empty-hint")?.text ?? ""
            // Chromium's touch emulation (DevTools' device mode) makes the pointer coarse.
            try browser.emulateTouch()
            try browser.waitUntil("the pointer is coarse", "matchMedia('(pointer: coarse)').matches")
            let touch = try browser.findElement(css: "#map-empty-hint")?.text ?? ""
            return (mouse, touch)
        }
        #expect(mouse == "Click anywhere on the map to drop a pin, or search for a place.")
        #expect(touch == "Tap anywhere on the map to drop a pin, or search for a place.")
    }
}
