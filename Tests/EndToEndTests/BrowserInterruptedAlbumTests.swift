import BrowserSupport
import Foundation
import Glibc
import Testing
import TestSupport

/// A fetch stopped by Ctrl-C in a terminal, as the app shows it, live: the pin becomes
/// `interrupted` (no process fetches it), the album says the last fetch did not finish and offers
/// to resume it, and the photos it left wait, still, instead of spinning.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserInterruptedAlbumTests {
    @Test func anAlbumWhoseFetchWasInterruptedSaysSoAndResumes() async throws {
        let harness = try Harness()
        let flickr = try HeldFlickr(harness)
        defer { flickr.stop() }
        flickr.holdDownloads(after: 2)
        let config = flickr.config
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        // The browser first (one runs at a time, so taking it may wait for other tests), then the
        // fetch it watches: the downloads are held for as long as the page looks.
        let browser = try await Blocking.run { try WebDriver(windowWidth: 1280, windowHeight: 1600) }
        defer { browser.quit() }
        let terminal = try PseudoTerminal(
            harness.tourist.path, ["fetch", pin, "--count", "10", "--config", config], environment: harness.tourist.environment,
            directory: harness.folder.path, columns: 80
        )
        try await terminal.waitFor("a photo kept") { $0.range(of: #"[1-9][0-9]*/10 photos"#, options: .regularExpression) != nil }

        // The page is open while the terminal fetches, then sees it stop without a reload: the
        // fetch's lease is free once its process has gone, though the pin list did not change.
        let base = server.base
        let seen = try await Blocking.run { () throws -> (badge: String, card: String, waiting: [String]) in
            try browser.navigate(to: base + "/pins/\(pin)")
            try browser.waitUntil(
                "the held downloads spin", "document.querySelectorAll('#album-grid .photo-tile[data-state=pending] .spinner').length > 0")
            terminal.interrupt()
            try browser.waitUntil("the interrupted album says so", "document.querySelector('#album-status').dataset.kind === 'interrupted'")
            try browser.waitUntil("no tile spins", "document.querySelectorAll('#album-grid .spinner').length === 0")
            let badge = try browser.findElement(css: "#album-state")?.text ?? ""
            let card = try browser.findElement(css: "#album-status")?.text ?? ""
            let waiting = try browser.findElements(css: "#album-grid .photo-tile[data-state=pending] .photo-waiting-label").map {
                try $0.text
            }
            try browser.saveScreenshot(to: shots + "/album-interrupted.png")
            flickr.releaseDownloads()
            try browser.findElement(css: "#album-retry")?.click()
            try browser.waitUntil(
                "the resumed fetch filled the album",
                "document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 10")
            try browser.waitUntil("the resumed fetch ended", "document.querySelector('#album-state').textContent === 'Ready'")
            return (badge, card, waiting)
        }
        _ = try await terminal.finish()
        #expect(seen.badge == "Interrupted", "\(seen.badge)")
        #expect(seen.card.contains("The last fetch did not finish") && seen.card.contains("Resume"), "\(seen.card)")
        #expect(
            !seen.waiting.isEmpty && seen.waiting.allSatisfy { $0 == "Not downloaded yet" },
            "the photos left say they wait: \(seen.waiting)")
        #expect(try await harness.json("pin", "show", pin, "--config", config)["state"] as? String == "ready")
    }
}
