import BrowserSupport
import Foundation
import Testing
import TestSupport

/// A pin's time window on the album page, in a real headless Chromium against `tourist serve`:
/// shown in the server's words, edited in the Edit pin form (a bad month refused in the CLI's
/// words), and the new window shown and kept (checked through `tourist pin show --json`).
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserTimeWindowTests {
    @Test func aWindowIsShownAndEditedOnTheAlbumPage() async throws {
        // Photo i of the set was taken in month i of 1944 + i: April is photo 4 alone.
        let harness = try TimeWindowEndToEndTests.harness()
        let id = try #require(
            try await harness.json("pin", "add", "10", "10", "--radius", "2", "--name", "Row", "--months", "4")["id"] as? String)
        try await harness.run("fetch", "Row", "--count", "5")
        let shots = try screenshotFolder(harness)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let base = server.base

        let seen = try await Blocking.run { () throws -> (before: String, refusal: String, after: String, offer: String) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/pins/\(id)")
            try browser.waitUntil(
                "the album shows its photo and window",
                "document.body.dataset.ready === '1' && !document.querySelector('#album-window').hidden")
            let before = try browser.findElement(css: "#album-window")?.text ?? ""
            try browser.saveScreenshot(to: shots + "/time-window-shown.png")

            try browser.execute("document.querySelector('#edit-pin').click()")
            try browser.waitUntil("the form opens", "!document.querySelector('#pin-edit-form').hidden")
            try browser.execute("document.querySelector('#pin-edit-months').value = '13'")
            try browser.execute("document.querySelector('#pin-edit-months').focus()")
            try browser.press(.enter)
            try browser.waitUntil("the refusal shows in the form", "!document.querySelector('#pin-edit-error').hidden")
            let refusal = try browser.findElement(css: "#pin-edit-error")?.text ?? ""
            try browser.saveScreenshot(to: shots + "/time-window-refused.png")

            try browser.execute(
                "document.querySelector('#pin-edit-months').value = '3-5'; document.querySelector('#pin-edit-taken').value = '..1950'")
            try browser.press(.enter)
            try browser.waitUntil(
                "the new window is shown and a new collection offered",
                """
                document.querySelector('#pin-edit-form').hidden && document.querySelector('#album-next').dataset.next === 'new-collection'
                  && document.querySelector('#album-window').textContent.includes('1950')
                """)
            let after = try browser.findElement(css: "#album-window")?.text ?? ""
            let offer = try browser.findElement(css: "#album-next")?.text ?? ""
            try browser.saveScreenshot(to: shots + "/time-window-edited.png")
            return (before, refusal, after, offer)
        }
        #expect(seen.before == "Photos in April, any year", "\(seen.before)")
        #expect(seen.refusal.contains("months: \"13\" has \"13\", which is not a month"), "\(seen.refusal)")
        #expect(seen.after == "Photos taken in 1950 or before, in March–May", "\(seen.after)")
        #expect(seen.offer.contains("The album now keeps photos taken in 1950 or before, in March–May"), "\(seen.offer)")
        let shown = try await harness.json("pin", "show", id)
        #expect(shown["taken"] as? String == "..1950" && shown["months"] as? String == "3-5", "\(shown)")
    }
}
