import BrowserSupport
import Foundation
import Testing
import TestSupport

/// The issue's offline case in the browser: Commons could not be reached and the demo set has
/// nothing near Zürich. The album page shows a failure, never "No photos here": the report's
/// headline, which provider could not be asked and why, what to do in plain words and "Try
/// again", the demo set's places, and no "Widen the radius"; the map's marker is failed, not empty.
@Suite(
    .serialized,
    .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)),
    .enabled(if: try Axe.requirement.runs(), Comment(rawValue: Axe.requirement.missing))
)
struct BrowserOfflineAlbumTests {
    @Test func anAlbumNobodyCouldFillOfflineSaysWhyAndOffersTryAgain() async throws {
        let harness = try Harness()
        let closed = try BoundSocket()
        let config = try OfflineStarterTests.commonsOfflineConfig(harness, closed)
        let zurich = try #require(
            try await harness.json("pin", "add", "47.3769", "8.5417", "--name", "Zürich", "--config", config)["id"] as? String)
        try await harness.run("fetch", zurich, "--config", config, expecting: 75)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let base = server.base
        let shots = try screenshotFolder(harness)
        let audit = AxeAudit()

        let seen = try await Blocking.run { () throws -> (card: String, widen: Bool, retry: String, badge: String, marker: String) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/pins/\(zurich)")
            try browser.waitUntil(
                "the album's failure card",
                "document.body.dataset.ready === '1' && document.querySelector('#album-status').dataset.kind === 'failed'")
            let card = try browser.findElement(css: "#album-status")?.text ?? ""
            let widen = try browser.execute("return document.querySelector('#album-widen') !== null") as? Bool ?? true
            let retry = try browser.findElement(css: "#album-retry")?.text ?? ""
            let badge = try browser.findElement(css: "#album-state")?.text ?? ""
            try audit.check(browser, "album, a provider could not be asked")
            try browser.saveScreenshot(to: shots + "/album-not-asked.png")
            try browser.navigate(to: base + "/")
            try browser.waitUntil(
                "the map's pin", "document.body.dataset.ready === '1' && document.querySelectorAll('.pin-marker').length === 1")
            let marker = try browser.execute("return document.querySelector('.pin-marker').className") as? String ?? ""
            return (card, widen, retry, badge, marker)
        }
        withExtendedLifetime(closed) {}
        #expect(
            seen.card.contains("Commons could not be reached (offline?); demo found no photos within 5 km of \"Zürich\""), "\(seen.card)")
        #expect(seen.card.contains("commons could not be reached (offline?)\n"), "the provider and why, as a line of its own: \(seen.card)")
        #expect(seen.card.contains("Try again when online."), "\(seen.card)")
        #expect(
            seen.card.contains("The demo set has photos near ") && seen.card.contains(" only: drop a pin at one of them."), "\(seen.card)")
        #expect(seen.retry == "Try again" && !seen.widen, "\(seen.card)")
        #expect(
            !seen.card.contains("No photos here") && !seen.card.contains("radius") && !seen.card.contains("127.0.0.1")
                && !seen.card.contains("tourist "), "\(seen.card)")
        #expect(seen.badge == "Failed", "\(seen.badge)")
        #expect(seen.marker.contains("pin-failed") && !seen.marker.contains("pin-empty"), "\(seen.marker)")
        try audit.writeReview(to: shots + "/axe-needs-review-not-asked.txt")
        #expect(audit.failures.isEmpty, "\(audit.failures.joined(separator: "\n\n"))")
    }
}
