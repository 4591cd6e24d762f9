import BrowserSupport
import Foundation
import Testing
import TestSupport

/// The album's status card (`album-status.js`): `albumStatus` is a pure function of the album JSON
/// the server sends, run here in Chromium over albums in real states (never fetched, fetched and
/// empty, fetched and full), and the card it makes is what the album page shows.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserAlbumStatusTests {
    /// `albumStatus` over each pin's `GET /api/pins/ID/album`, as the album page calls it: for each
    /// pin its kind, title, lines and buttons' actions (or null for no card), as JSON.
    private static let cards = """
        const [ids, done] = arguments;
        (async () => {
          const { albumStatus } = await import('/album-status.js');
          const cards = [];
          for (const id of ids) {
            const album = await (await fetch(`/api/pins/${id}/album`)).json();
            const photos = album.photos.filter((photo) => photo.state !== 'rejected');
            const busy = album.fetching || album.pin.state === 'fetching';
            const card = albumStatus(album, { photos, busy, searchingNew: false });
            cards.push(card && {
              kind: card.kind, title: card.title,
              lines: card.parts.filter((part) => part.text).map((part) => part.text),
              actions: card.parts.filter((part) => part.button).map((part) => part.button.action),
            });
          }
          return JSON.stringify(cards);
        })().then(done, (error) => done(String(error)));
        """

    @Test func theCardFollowsTheAlbumAndThePageShowsIt() async throws {
        let harness = try Harness()
        let unfetched = try #require(try await harness.json("pin", "add", "35.0116", "135.7681", "--name", "Kyoto")["id"] as? String)
        let nowhere = try #require(try await harness.json("pin", "add", "-60", "-140", "--name", "South Pacific")["id"] as? String)
        let paris = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
        try await harness.run("fetch", nowhere)
        try await harness.run("fetch", paris)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base

        let seen = try await Blocking.run { () throws -> (cards: String, shown: String, kind: String) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            // The map page: no album is open, so nothing fetches the new pin meanwhile.
            try browser.navigate(to: base + "/")
            try browser.waitUntil("the map page is ready", "document.body.dataset.page === 'map' && document.body.dataset.ready === '1'")
            let cards = try browser.executeAsync(Self.cards, args: [[unfetched, nowhere, paris]]) as? String ?? ""
            let shown = try albumCard(browser, base: base, pin: nowhere, kind: "empty")
            try browser.saveScreenshot(to: shots + "/album-status-empty.png")
            try browser.navigate(to: base + "/pins/\(paris)")
            try browser.waitUntil("the full album is shown", "document.querySelectorAll('#album-grid .photo-tile').length > 0")
            let kind = try browser.execute("return document.querySelector('#album-status').dataset.kind") as? String ?? ""
            return (cards, shown, kind)
        }
        let cards = try #require(try JSONSerialization.jsonObject(with: Data(seen.cards.utf8)) as? [Any], "\(seen.cards)")
        try #require(cards.count == 3, "\(cards)")
        let new = try #require(cards[0] as? [String: Any], "\(cards)")
        #expect(
            new["kind"] as? String == "new" && new["title"] as? String == "Not fetched yet" && new["actions"] as? [String] == ["fetch"],
            "\(new)")
        let empty = try #require(cards[1] as? [String: Any], "\(cards)")
        let lines = empty["lines"] as? [String] ?? []
        #expect(empty["kind"] as? String == "empty" && empty["title"] as? String == "No photos here", "\(empty)")
        // The demo set's advice is to drop a pin where it has photos: no wider radius is offered.
        #expect(
            lines.first?.contains("No photos within 5 km of \"South Pacific\"") == true
                && lines.last?.hasPrefix("The demo set has photos near") == true, "\(empty)")
        #expect(empty["actions"] as? [String] == [], "\(empty)")
        #expect(cards[2] is NSNull, "a full album has no card: \(cards[2])")
        // The page shows the card the function made: its title and every line, and no button.
        #expect(
            seen.shown.contains("No photos here") && lines.allSatisfy(seen.shown.contains) && !seen.shown.contains("Widen the radius"),
            "\(seen.shown)")
        #expect(seen.kind == "none")
    }
}
