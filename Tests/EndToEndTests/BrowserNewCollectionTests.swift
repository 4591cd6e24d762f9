import BrowserSupport
import Foundation
import Testing
import TestSupport

/// New Collection in a real headless Chromium against `tourist serve`, started by keyboard: while
/// its search runs (held by the fake Flickr until the test has looked), the photos being replaced
/// are not shown and no progress bar claims the album is full; a card says a new collection is
/// being looked for. Then the new photos take their places.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserNewCollectionTests {
    @Test func whileANewCollectionSearchesASearchingCardTakesTheOldPhotosPlace() async throws {
        let harness = try Harness()
        let flickr = try HeldFlickr(harness)
        defer { flickr.stop() }
        let config = flickr.config
        let id = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        let old = try await harness.json("fetch", id, "--config", config).photos.compactMap { $0["id"] as? String }
        #expect(old.count == 21)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base

        let (searching, fresh) = try await Blocking.run { () throws -> (Searching, [String]) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/pins/\(id)")
            try browser.waitUntil(
                "the album's 21 photos",
                "document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 21 && !document.querySelector('#new-collection').disabled"
            )
            flickr.holdSearches()
            try tab(browser, to: "#new-collection")
            try browser.press(.enter)
            try browser.waitUntil("the searching card", "document.querySelector('#album-status').dataset.kind === 'replacing'")
            // One look at the page: the card, the grid, the progress bar and the button together.
            let look =
                try browser.execute(
                    """
                    const visible = (selector) => { const e = document.querySelector(selector); return !!e && e.offsetParent !== null; };
                    return [document.querySelector('#album-status').innerText, visible('#album-grid'),
                            [...document.querySelectorAll('#album-grid img.photo-thumb')].filter((i) => i.offsetParent !== null).length,
                            visible('#album-progress'), document.querySelector('#new-collection').disabled]
                    """) as? [Any] ?? []
            let searching = Searching(
                card: look.first as? String ?? "", grid: look.dropFirst().first as? Bool ?? true,
                thumbnails: look.dropFirst(2).first as? Int ?? -1,
                progress: look.dropFirst(3).first as? Bool ?? true, buttonOff: look.dropFirst(4).first as? Bool ?? false
            )
            try browser.saveScreenshot(to: shots + "/album-new-collection-searching.png")
            flickr.releaseSearches()
            try browser.waitUntil(
                "the new collection's photos",
                "document.querySelector('#album-status').dataset.kind === 'none' && !document.querySelector('#new-collection').disabled && document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 21"
            )
            let fresh =
                try browser.execute("return [...document.querySelectorAll('#album-grid .photo-tile')].map((t) => t.dataset.photoId)")
                as? [String] ?? []
            #expect(try browser.consoleErrors().isEmpty)
            return (searching, fresh)
        }
        #expect(
            searching.card.contains("Looking for a new collection")
                && searching.card.contains("The 21 photos shown before are being replaced"), "\(searching.card)")
        #expect(!searching.grid && searching.thumbnails == 0, "the old grid is hidden")
        #expect(!searching.progress, "no progress bar claims the album is full")
        #expect(searching.buttonOff, "New Collection is off meanwhile")
        #expect(Set(fresh).isDisjoint(with: old) && fresh.count == 21)
        #expect(try await harness.json("album", id).photos.compactMap { $0["id"] as? String } == fresh)
    }

    /// When fewer unseen photos are left than the album holds, the page asks in its own dialog
    /// before anything is replaced: Keep leaves the album and says so; Replace brings the fewer
    /// photos, and then the page names a wider radius (the CLI's words), not "try again in a while".
    @Test func fewerUnseenPhotosAreAskedAboutFirstKeepLeavesTheAlbumReplaceReplacesIt() async throws {
        let harness = try Harness.withFixtureSet(photos: 12)
        let id = try #require(try await harness.json("pin", "add", "10", "10", "--radius", "0.55", "--name", "Louvre")["id"] as? String)
        try await harness.run("fetch", id, "--count", "3")
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base

        let seen = try await Blocking.run { () throws -> [String: [String]] in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            let tiles = "[...document.querySelectorAll('#album-grid .photo-tile[data-state=stored]')].map((t) => t.dataset.photoId)"
            /// Clicks New Collection and waits for the dialog; returns its title, message and buttons.
            func ask() throws -> [String] {
                try browser.waitUntil("New Collection on", "!document.querySelector('#new-collection').disabled")
                try browser.findElement(css: "#new-collection")?.click()
                try browser.waitUntil("the question", "document.querySelector('#confirm-dialog').open")
                return try browser.execute(
                    """
                    return ['#confirm-title', '#confirm-message', '#confirm-ok', '#confirm-cancel'].map((s) => document.querySelector(s).textContent)
                        .concat([document.activeElement.id, JSON.stringify(\(tiles))])
                    """) as? [String] ?? []
            }
            try browser.navigate(to: base + "/pins/\(id)")
            try browser.waitUntil("the album's 3 photos", "\(tiles).length === 3")
            // Every message the page shows, kept here: an info message leaves the page after a while.
            _ = try browser.execute(
                """
                window.shown = [];
                new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => window.shown.push(n.textContent))))
                  .observe(document.querySelector('#messages'), { childList: true });
                """)
            let shown = "window.shown.join('\\n')"
            let first = try ask()
            try browser.saveScreenshot(to: shots + "/album-new-collection-fewer.png")
            try browser.findElement(css: "#confirm-cancel")?.click()
            try browser.waitUntil("the kept album's message", "\(shown).includes('the album is unchanged')")
            let kept = try browser.execute("return [\(shown), JSON.stringify(\(tiles))]") as? [String] ?? []

            let second = try ask()
            try browser.findElement(css: "#confirm-ok")?.click()
            try browser.waitUntil(
                "the smaller collection",
                "!document.querySelector('#confirm-dialog').open && \(tiles).length === 2 && !document.querySelector('#new-collection').disabled"
            )
            try browser.waitUntil("its message", "\(shown).includes('has 2 of 3 photos')")
            let replaced =
                try browser.execute("return [window.shown[window.shown.length - 1], JSON.stringify(\(tiles))]") as? [String] ?? []
            try browser.saveScreenshot(to: shots + "/album-new-collection-fewer-replaced.png")
            #expect(try browser.consoleErrors().isEmpty)
            return ["first": first, "kept": kept, "second": second, "replaced": replaced]
        }
        let first = try #require(seen["first"])
        #expect(
            first.prefix(4) == [
                "Only 2 unseen photos are left within 0.55 km: replace 3 photos with 2?",
                "Photos replaced never come back in later collections. To keep these and find more: Widen the pin's radius, to 1.10 km say, or add another provider to the config.",
                "Replace", "Keep",
            ], "\(first)")
        #expect(first.dropFirst(4).first == "confirm-cancel", "Keep, the safe answer, has the focus")
        #expect(first.last == #"["own:p-001","own:p-002","own:p-003"]"#, "nothing is replaced while the page asks")
        let kept = try #require(seen["kept"])
        #expect(
            kept.first?.contains("Only 2 unseen photos are left within 0.55 km of \"Louvre\"; the album is unchanged.") == true, "\(kept)")
        #expect(kept.last == #"["own:p-001","own:p-002","own:p-003"]"#, "\(kept)")
        #expect(seen["second"]?.prefix(1) == first.prefix(1))
        let replaced = try #require(seen["replaced"])
        #expect(replaced.last == #"["own:p-004","own:p-005"]"#, "\(replaced)")
        #expect(
            replaced.first?.contains("Widen the pin's radius") == true && replaced.first?.contains("in a while") == false, "\(replaced)")
        #expect(try await harness.json("album", id).photos.compactMap { $0["id"] as? String } == ["own:p-004", "own:p-005"])
    }

    /// What the page showed while the new collection searched.
    private struct Searching: Sendable {
        var card: String
        var grid: Bool
        var thumbnails: Int
        var progress: Bool
        var buttonOff: Bool
    }
}
