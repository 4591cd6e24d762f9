import BrowserSupport
import Foundation
import Testing
import TestSupport

/// The app in a real headless Chromium, driven over WebDriver against `tourist serve` on a temp
/// store, clicked through as a user would. Each step is checked in the page and, where it changes
/// the store, through the CLI. Screenshots go to `screenshotFolder`.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserEndToEndTests {
    /// How many album photos are on screen as decoded images (`naturalWidth > 0`), after scrolling
    /// them all into view (they load lazily).
    private static let decodedThumbnails = """
        document.querySelectorAll('#album-grid img.photo-thumb').forEach((image) => image.loading = 'eager');
        window.scrollTo(0, document.body.scrollHeight);
        return [...document.querySelectorAll('#album-grid .photo-tile[data-state=stored] img.photo-thumb')]
            .filter((image) => image.complete && image.naturalWidth > 0).length;
        """

    @Test func dropAPinFetchOpenAPhotoDeleteTwoNewCollectionDeleteThePin() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        // The map opens over Paris, where the demo set has photos (the view a user left there).
        let csrf = try await server.csrfToken()
        #expect(
            try await server.send("PUT", "/api/view", json: ["latitude": 48.8584, "longitude": 2.2945, "zoom": 13], csrf: csrf).status
                == 204)
        let shots = try screenshotFolder(harness)
        let base = server.base

        // The map: empty, then a click drops a pin named in the form; its album opens and fills.
        let (photoTitle, removed) = try await Blocking.run { () throws -> (String, [String]) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil("the map page is ready", "document.body.dataset.page === 'map' && document.body.dataset.ready === '1'")
            try browser.waitUntil("the empty-map hint shows", "!document.querySelector('#map-empty').hidden")
            guard let map = try browser.findElement(css: "#map") else { throw Failure("no #map") }
            try map.click()
            try browser.waitUntil("the pin form opens where the map was clicked", "document.querySelector('#pin-form')")
            guard let name = try browser.findElement(css: "#pin-name"), let add = try browser.findElement(css: "#pin-add") else {
                throw Failure("no pin form fields")
            }
            try name.clear()
            try name.sendKeys("Eiffel Tower")
            try add.click()
            try browser.waitUntil(
                "the new pin's album opens", "document.body.dataset.page === 'album' && document.body.dataset.ready === '1'")
            try browser.waitUntil("21 photos are decoded in the grid", "(() => { \(Self.decodedThumbnails) })() === 21")
            try browser.waitUntil(
                "the album says it is ready",
                "document.querySelector('#new-collection') && !document.querySelector('#new-collection').disabled")
            try browser.saveScreenshot(to: shots + "/album.png")
            // The heading says where the pin is, by the gazetteer's nearest city, as the CLI does.
            try browser.waitUntil(
                "the album names the nearest city", "document.querySelector('#album-place').textContent.endsWith(', near Paris, FR')")

            // A photo's page: the larger size arrives and decodes; its title is shown.
            guard let firstTile = try browser.findElement(css: "#album-grid .photo-tile[data-state=stored]"),
                let open = try firstTile.findElement(css: "a.photo-open")
            else { throw Failure("no stored tile") }
            try open.click()
            try browser.waitUntil(
                "the photo page is ready", "document.body.dataset.page === 'photo' && document.body.dataset.ready === '1'")
            try browser.waitUntil(
                "the larger size is decoded",
                "(() => { const i = document.querySelector('#photo-large'); return i && i.complete && i.naturalWidth >= 640 })()")
            let title = try browser.findElement(css: "#photo-title")?.text ?? ""
            try browser.saveScreenshot(to: shots + "/photo.png")
            try browser.back()

            // Select two photos and delete them, confirming in the dialog.
            try browser.waitUntil(
                "back on the album",
                "document.body.dataset.page === 'album' && document.querySelectorAll('#album-grid .photo-tile').length === 21")
            let tiles = try browser.findElements(css: "#album-grid .photo-tile[data-state=stored]")
            var chosen: [String] = []
            for tile in tiles.dropFirst().prefix(2) {  // not the photo opened above
                guard let box = try tile.findElement(css: "input.photo-select") else { throw Failure("no checkbox on a tile") }
                try box.click()
                chosen.append(try tile.attribute("data-photo-id") ?? "")
            }
            guard let delete = try browser.findElement(css: "#delete-photos") else { throw Failure("no #delete-photos") }
            try delete.click()
            try browser.waitUntil("the confirmation opens", "document.querySelector('#confirm-dialog').open")
            try browser.findElement(css: "#confirm-ok")?.click()
            try browser.waitUntil("two photos left the grid", "document.querySelectorAll('#album-grid .photo-tile').length === 19")
            return (title, chosen)
        }
        #expect(!photoTitle.isEmpty)
        #expect(removed.count == 2 && removed.allSatisfy { $0.hasPrefix("demo:") }, "\(removed)")
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        let id = try #require(pins.first?["id"] as? String)
        #expect(pins.first?["name"] as? String == "Eiffel Tower")
        let album = try await harness.json("album", id)
        #expect(album.photos.count == 19)
        #expect(Set(album.photos.compactMap { $0["id"] as? String }).isDisjoint(with: removed))
        #expect(album.photos.contains { $0["title"] as? String == photoTitle })

        // New collection, then delete the pin; the map is empty again.
        let kept = Set(album.photos.compactMap { $0["id"] as? String })
        let errors = try await Blocking.run { () throws -> [String] in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/pins/\(id)")
            try browser.waitUntil("the album is ready", "document.body.dataset.page === 'album' && document.body.dataset.ready === '1'")
            try browser.findElement(css: "#new-collection")?.click()
            let before = Array(kept)
            try browser.waitUntil(
                "a new collection replaced the photos",
                """
                (() => { const ids = [...document.querySelectorAll('#album-grid .photo-tile[data-state=stored]')].map((t) => t.dataset.photoId);
                  const old = \(String(decoding: try JSONSerialization.data(withJSONObject: before), as: UTF8.self));
                  return ids.length > 0 && ids.every((id) => !old.includes(id)) && !document.querySelector('#new-collection').disabled })()
                """)
            try browser.waitUntil(
                "the new photos are decoded",
                "(() => { \(Self.decodedThumbnails) })() === document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length"
            )
            try browser.findElement(css: "#delete-pin")?.click()
            try browser.waitUntil("the confirmation opens", "document.querySelector('#confirm-dialog').open")
            try browser.findElement(css: "#confirm-ok")?.click()
            try browser.waitUntil(
                "back on the map without the pin",
                "document.body.dataset.page === 'map' && document.querySelectorAll('.pin-marker').length === 0")
            return try browser.consoleErrors()
        }
        #expect(errors.isEmpty, "\(errors)")
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.isEmpty == true)
        #expect(harness.blobFiles().isEmpty)
    }

    @Test func theMapShowsEveryPinWithItsStateAndATerminalsFetchLive() async throws {
        let harness = try Harness()
        // The demo set's places, one left new, and one far from any photo (empty).
        for (name, latitude, longitude) in [
            ("Paris", "48.8584", "2.2945"), ("Kyoto", "34.9671", "135.7727"), ("Sydney", "-33.8568", "151.2153"),
            ("New York", "40.6892", "-74.0445"), ("Nowhere", "-60", "-140"),
        ] {
            try await harness.run("pin", "add", latitude, longitude, "--name", name)
        }
        for name in ["Paris", "Kyoto", "Nowhere"] { try await harness.run("fetch", name) }
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base
        let newYork = try #require(try await harness.json("pin", "show", "New York")["id"] as? String)

        let browser = try await Blocking.run { () throws -> WebDriver in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 800)
            try browser.navigate(to: base + "/")
            try browser.waitUntil(
                "the map page is ready", "document.body.dataset.ready === '1' && document.querySelectorAll('.pin-marker').length === 5")
            return browser
        }
        defer { Thread { browser.quit() }.start() }  // quitting waits for chromium: not on the test's thread
        let states = try await Blocking.run {
            try browser.execute("return [...document.querySelectorAll('.pin-marker')].map((m) => m.className).join(' ')") as? String ?? ""
        }
        for state in ["pin-ready", "pin-new", "pin-empty"] { #expect(states.contains(state), "\(states)") }
        // Each marker is named with its nearest city.
        let label = try await Blocking.run {
            try browser.execute("return document.querySelector('.pin-marker[data-pin-id=\"\(newYork)\"]').getAttribute('aria-label')")
                as? String ?? ""
        }
        #expect(label.hasPrefix("New York (near New York City, US) — "), "\(label)")
        try await Blocking.run { try browser.saveScreenshot(to: shots + "/map.png") }

        // A fetch in a terminal turns New York's marker ready on the open page.
        try await harness.run("fetch", newYork)
        try await Blocking.run {
            try browser.waitUntil(
                "New York's marker turns ready",
                "document.querySelector('.pin-marker[data-pin-id=\"\(newYork)\"]').classList.contains('pin-ready')")
        }
    }

    @Test func providerTextIsShownAsTextNeverRunAsHTML() async throws {
        let harness = try Harness()
        let set = harness.folder.child("hostile")
        let photos = try FixtureSetWriter.write(in: set, latitude: 10, longitude: 10, count: 3)
        let attack = "<img src=x onerror=\"window.__xss = 1\">"
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: set + "/manifest.json"))) as? [String: Any])
        var entries = try #require(manifest["photos"] as? [[String: Any]])
        for index in entries.indices {
            entries[index]["title"] = attack
            entries[index]["owner"] = "<script>window.__xss = 2</script>"
        }
        manifest["photos"] = entries
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: set + "/manifest.json"))
        let config = harness.folder.child("config.json")
        try Data(#"{"providers": [{"name": "hostile", "type": "fixture", "path": "\#(set)"}]}"#.utf8).write(
            to: URL(fileURLWithPath: config))
        let pin = try #require(
            try await harness.json("pin", "add", "10", "10", "--name", "<b onmouseover=alert(1)>pin</b>", "--config", config)["id"]
                as? String)
        try await harness.run("fetch", pin, "--config", config)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let base = server.base
        let photo = try #require(photos.first.map { "hostile:\($0.id)" })

        let (title, owner, name, injected) = try await Blocking.run { () throws -> (String, String, String, Bool) in
            let browser = try WebDriver()
            defer { browser.quit() }
            try browser.navigate(to: base + "/pins/\(pin)")
            try browser.waitUntil(
                "the album is ready",
                "document.body.dataset.ready === '1' && document.querySelectorAll('#album-grid .photo-tile').length === 3")
            let name = try browser.findElement(css: "#album-name")?.text ?? ""
            try browser.navigate(to: base + "/pins/\(pin)/photos/\(photo.replacingOccurrences(of: ":", with: "%3A"))")
            try browser.waitUntil(
                "the photo page is ready", "document.body.dataset.page === 'photo' && document.body.dataset.ready === '1'")
            let title = try browser.findElement(css: "#photo-title")?.text ?? ""
            let owner = try browser.findElement(css: "#photo-owner")?.text ?? ""
            let injected =
                try browser.execute("return window.__xss !== undefined || document.querySelector('img[src=\"x\"], #app script') !== null")
                as? Bool ?? true
            return (title, owner, name, injected)
        }
        #expect(title == attack)
        #expect(owner.contains("<script>window.__xss = 2</script>"), "\(owner)")
        #expect(name == "<b onmouseover=alert(1)>pin</b>")
        #expect(!injected)
    }
}

private struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Where screenshots are written: `$TOURIST_SCREENSHOTS` (docs/screenshots come from there), else the
/// test's temp folder.
/// Opens pin `pin`'s album and waits for its status card to be of `kind`; returns the card's text.
func albumCard(_ browser: WebDriver, base: String, pin: String, kind: String) throws -> String {
    try browser.navigate(to: base + "/pins/\(pin)")
    try browser.waitUntil("the album shows its \(kind) card", "document.querySelector('#album-status').dataset.kind === '\(kind)'")
    return try browser.findElement(css: "#album-status")?.text ?? ""
}

func screenshotFolder(_ harness: Harness) throws -> String {
    let folder = ProcessInfo.processInfo.environment["TOURIST_SCREENSHOTS"] ?? harness.folder.child("screenshots")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

/// The album's other states, as the app showed them: photos arriving (placeholders, progress, New
/// Collection disabled), no photos here, and the network failed, each with its reason.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserAlbumStateTests {
    @Test func aSlowFetchShowsPlaceholdersAndProgressThenNoPhotosAndAFailedNetworkSayWhy() async throws {
        let harness = try Harness()
        // A Flickr whose photos are held until the page has been looked at while they download;
        // and a Flickr nobody answers.
        let flickr = try HeldFlickr(harness)
        defer { flickr.stop() }
        flickr.holdDownloads()
        let config = flickr.config
        let paris = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        let nowhere = try #require(
            try await harness.json("pin", "add", "-60", "-140", "--name", "South Pacific", "--config", config)["id"] as? String)
        let offline = try #require(
            try await harness.json("pin", "add", "41.89", "12.49", "--name", "Rome", "--config", config)["id"] as? String)
        try await harness.run("fetch", nowhere, "--config", config)
        try await harness.run("fetch", offline, "--provider", "flickr", "--config", config, expecting: 75)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let base = server.base

        let shots = try screenshotFolder(harness)
        let seen = try await Blocking.run {
            () throws -> (placeholders: Int, progress: Bool, disabled: Bool, empty: String, failed: String) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 2400)
            defer { browser.quit() }
            // A new pin fetches when opened: placeholders first, filled in as the photos land.
            try browser.navigate(to: base + "/pins/\(paris)")
            try browser.waitUntil(
                "placeholders for photos still downloading",
                "document.querySelectorAll('#album-grid .photo-tile[data-state=pending]').length > 0")
            // One look at the page, so the three are seen at the same moment.
            let look =
                try browser.execute(
                    """
                    const p = document.querySelector('#album-progress');
                    return [document.querySelectorAll('#album-grid .photo-tile[data-state=pending]').length,
                            !!p && !p.hidden && p.offsetParent !== null, document.querySelector('#new-collection').disabled]
                    """) as? [Any] ?? []
            let placeholders = look.first as? Int ?? 0
            let progress = look.dropFirst().first as? Bool ?? false
            let disabled = look.last as? Bool ?? false
            flickr.releaseDownloads()
            try browser.waitUntil(
                "all 21 photos arrived",
                "document.querySelectorAll('#album-grid .photo-tile[data-state=stored] img.photo-thumb').length === 21 && !document.querySelector('#new-collection').disabled"
            )

            let empty = try albumCard(browser, base: base, pin: nowhere, kind: "empty")
            try browser.saveScreenshot(to: shots + "/album-empty.png")
            let failed = try albumCard(browser, base: base, pin: offline, kind: "failed")
            try browser.saveScreenshot(to: shots + "/album-failed.png")
            return (placeholders, progress, disabled, empty, failed)
        }
        #expect(seen.placeholders > 0 && seen.placeholders <= 21)
        #expect(seen.progress, "the progress bar shows while photos arrive")
        #expect(seen.disabled, "New Collection is disabled while a fetch runs")
        #expect(seen.empty.contains("No photos here") && seen.empty.contains("No photos within 5 km of \"South Pacific\""), "\(seen.empty)")
        // The failure card speaks the page's language: the report's headline, one plain line per
        // provider, what to do and a button; no commands, no raw error text.
        let shown = try await harness.json("pin", "show", offline)
        #expect(shown["failure"] as? String == "unreachable", "\(shown)")
        #expect(
            seen.failed.contains("No provider could be reached (offline?)")
                && seen.failed.contains("flickr could not be reached (offline?)"), "\(seen.failed)")
        #expect(
            seen.failed.contains("Check the network connection, then try again.") && seen.failed.contains("Try again"), "\(seen.failed)")
        #expect(!seen.failed.contains("tourist ") && !seen.failed.contains("127.0.0.1"), "\(seen.failed)")
    }
}
