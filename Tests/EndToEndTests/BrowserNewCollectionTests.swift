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
        let id = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
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
            try browser.waitUntil("the album's 21 photos", "document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 21 && !document.querySelector('#new-collection').disabled")
            flickr.holdSearches()
            try tab(browser, to: "#new-collection")
            try browser.press(.enter)
            try browser.waitUntil("the searching card", "document.querySelector('#album-status').dataset.kind === 'replacing'")
            // One look at the page: the card, the grid, the progress bar and the button together.
            let look = try browser.execute("""
                const visible = (selector) => { const e = document.querySelector(selector); return !!e && e.offsetParent !== null; };
                return [document.querySelector('#album-status').innerText, visible('#album-grid'),
                        [...document.querySelectorAll('#album-grid img.photo-thumb')].filter((i) => i.offsetParent !== null).length,
                        visible('#album-progress'), document.querySelector('#new-collection').disabled]
                """) as? [Any] ?? []
            let searching = Searching(
                card: look.first as? String ?? "", grid: look.dropFirst().first as? Bool ?? true, thumbnails: look.dropFirst(2).first as? Int ?? -1,
                progress: look.dropFirst(3).first as? Bool ?? true, buttonOff: look.dropFirst(4).first as? Bool ?? false
            )
            try browser.saveScreenshot(to: shots + "/album-new-collection-searching.png")
            flickr.releaseSearches()
            try browser.waitUntil("the new collection's photos", "document.querySelector('#album-status').dataset.kind === 'none' && !document.querySelector('#new-collection').disabled && document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 21")
            let fresh = try browser.execute("return [...document.querySelectorAll('#album-grid .photo-tile')].map((t) => t.dataset.photoId)") as? [String] ?? []
            #expect(try browser.consoleErrors().isEmpty)
            return (searching, fresh)
        }
        #expect(searching.card.contains("Looking for a new collection") && searching.card.contains("The 21 photos shown before are being replaced"), "\(searching.card)")
        #expect(!searching.grid && searching.thumbnails == 0, "the old grid is hidden")
        #expect(!searching.progress, "no progress bar claims the album is full")
        #expect(searching.buttonOff, "New Collection is off meanwhile")
        #expect(Set(fresh).isDisjoint(with: old) && fresh.count == 21)
        #expect(try await harness.json("album", id).photos.compactMap { $0["id"] as? String } == fresh)
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
