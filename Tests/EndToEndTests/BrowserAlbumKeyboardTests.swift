import BrowserSupport
import Foundation
import Testing
import TestSupport

/// The album page with the keyboard alone, in a real headless Chromium against `tourist serve`:
/// Tab reaches each photo's checkbox and link, Space selects, Enter on Delete asks in the CLI's
/// words and deletes (checked through `tourist album --json`), Enter on a photo opens its page.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserAlbumKeyboardTests {
    @Test func photosAreSelectedDeletedAndOpenedByKeyboard() async throws {
        let row = try await ServedRow()
        let (harness, id, server) = (row.harness, row.id, row.server)
        defer { Task { _ = await server.stop() } }
        let base = server.base
        let browser = try await Blocking.run { () throws -> WebDriver in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            try browser.navigate(to: base + "/pins/\(id)")
            try browser.waitUntil(
                "the album's 3 photos",
                "document.body.dataset.ready === '1' && document.querySelectorAll('#album-grid .photo-tile').length === 3")
            return browser
        }
        defer { Thread { browser.quit() }.start() }  // quitting waits for chromium: not on the test's thread

        let message = try await Blocking.run { () throws -> String in
            try tab(browser, to: ".photo-tile[data-photo-id='own:p-002'] input.photo-select")
            try browser.press(.space)
            try browser.waitUntil(
                "one photo selected",
                "!document.querySelector('#delete-photos').disabled && document.querySelector('#delete-photos').textContent === 'Delete 1 photo'"
            )
            try tab(browser, to: "#delete-photos")
            try browser.press(.enter)
            try browser.waitUntil(
                "the confirmation opens on Cancel",
                "document.querySelector('#confirm-dialog').open && document.activeElement.id === 'confirm-cancel'")
            let message = try browser.findElement(css: "#confirm-message")?.text ?? ""
            try browser.press(.tab, .enter)
            try browser.waitUntil("the photo left the grid", "document.querySelectorAll('#album-grid .photo-tile').length === 2")
            return message
        }
        #expect(message == "It is removed from the album of Row and never comes back in later collections.", "\(message)")
        #expect(try await harness.json("album", id).photos.map { $0["id"] as? String } == ["own:p-001", "own:p-003"])

        let errors = try await Blocking.run { () throws -> [String] in
            try tab(browser, to: ".photo-tile[data-photo-id='own:p-003'] a.photo-open")
            try browser.press(.enter)
            try browser.waitUntil(
                "the photo's page", "location.pathname === '/pins/\(id)/photos/own%3Ap-003' && document.body.dataset.ready === '1'")
            return try browser.consoleErrors()
        }
        #expect(errors.isEmpty, "\(errors)")
    }
}
