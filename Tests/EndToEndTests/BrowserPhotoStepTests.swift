import BrowserSupport
import Foundation
import Testing
import TestSupport

/// The photo page by keyboard, in a real headless Chromium against `tourist serve`: ArrowLeft and
/// ArrowRight step through the album in its order (not while the map has the focus), Delete asks
/// in the CLI's words and Escape keeps the photo, and each confirmed delete goes on to the next
/// photo, the previous one at the end, and the album once none is left. Each delete is checked
/// through `tourist album --json`.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserPhotoStepTests {
    @Test func photosAreSteppedThroughAndDeletedByKeyboard() async throws {
        let row = try await ServedRow()
        let (harness, id, server) = (row.harness, row.id, row.server)
        defer { Task { _ = await server.stop() } }
        let base = server.base
        let page: @Sendable (String) -> String = { photo in "/pins/\(id)/photos/own%3A\(photo)" }
        let photoPage: @Sendable (String) -> String = { photo in
            "location.pathname === '\(page(photo))' && document.body.dataset.page === 'photo' && document.body.dataset.ready === '1'"
        }
        let browser = try await Blocking.run { () throws -> WebDriver in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            try browser.navigate(to: base + page("p-001"))
            try browser.waitUntil("the first photo's page", photoPage("p-001"))
            return browser
        }
        defer { Thread { browser.quit() }.start() }  // quitting waits for chromium: not on the test's thread

        let (message, atEnds) = try await Blocking.run { () throws -> (String, [Bool]) in
            // The set has one size: the page says the larger one cannot be had, and shows the stored one.
            try browser.waitUntil(
                "the larger size is settled",
                "(() => { const s = document.querySelector('#photo-large-status'); return s.hidden || s.classList.contains('photo-large-error') })()"
            )
            let atEnds = [try browser.findElement(css: "#photo-previous")?.property("disabled") as? Bool ?? false]
            try browser.press(.arrowRight)
            try browser.waitUntil("ArrowRight: the second photo", photoPage("p-002"))
            try browser.press(.arrowRight)
            try browser.waitUntil("ArrowRight: the third photo", photoPage("p-003"))
            let last = try browser.findElement(css: "#photo-next")?.property("disabled") as? Bool ?? false

            // In the map the arrows are the map's: the page stays (a key's handlers run before
            // the key command returns, so the address is already what it will be).
            try browser.execute("document.querySelector('#photo-map').focus()")
            try browser.press(.arrowLeft)
            #expect(try browser.execute("return location.pathname") as? String == page("p-003"), "ArrowLeft in the map left the page")
            try browser.execute("document.activeElement.blur()")
            try browser.press(.arrowLeft)
            try browser.waitUntil("ArrowLeft: the second photo", photoPage("p-002"))

            // Delete asks; Escape keeps the photo.
            try browser.press(.delete)
            try browser.waitUntil(
                "the confirmation opens on Cancel",
                "document.querySelector('#confirm-dialog').open && document.activeElement.id === 'confirm-cancel'")
            let message = try browser.findElement(css: "#confirm-message")?.text ?? ""
            try browser.press(.escape)
            try browser.waitUntil("Escape closes it", "!document.querySelector('#confirm-dialog').open")
            return (message, atEnds + [last])
        }
        #expect(atEnds == [true, true], "Previous is off on the first photo, Next on the last")
        #expect(message == "It is removed from the album of Row and never comes back in later collections.", "\(message)")
        #expect(try await harness.json("album", id).photos.count == 3, "Escape deleted nothing")

        // Delete, Tab to the confirming button, Enter: the next photo; at the end, the previous
        // one; the last photo, the album.
        for (photo, then, left) in [
            ("p-002", page("p-003"), ["p-001", "p-003"]), ("p-003", page("p-001"), ["p-001"]), ("p-001", "/pins/\(id)", []),
        ] {
            try await Blocking.run {
                try browser.waitUntil("on \(photo)", photoPage(photo))
                try browser.press(.delete)
                try browser.waitUntil("the confirmation opens", "document.querySelector('#confirm-dialog').open")
                try browser.press(.tab, .enter)
                try browser.waitUntil(
                    "after deleting \(photo), on \(then)", "location.pathname === '\(then)' && document.body.dataset.ready === '1'")
            }
            #expect(
                try await harness.json("album", id).photos.map { $0["id"] as? String } == left.map { "own:\($0)" },
                "after deleting \(photo)")
        }
        let errors = try await Blocking.run { () throws -> [String] in
            try browser.waitUntil("the album says it is empty", "document.querySelector('#album-status').dataset.kind === 'no-photos'")
            return try browser.consoleErrors()
        }
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test func thePhotoPageFitsAPhoneAndADesktop() async throws {
        let harness = try Harness()
        let id = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")["id"] as? String)
        try await harness.run("fetch", id, "--count", "3")
        let photo = try #require(try await harness.json("album", id).photos.dropFirst().first?["id"] as? String)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base
        for (width, height, size) in [(1280, 900, "desktop"), (390, 844, "phone")] {
            let overflow = try await Blocking.run { () throws -> Int in
                let browser = try WebDriver(screenWidth: width, height: height, touch: width < 500)
                defer { browser.quit() }
                try browser.navigate(to: base + "/pins/\(id)/photos/\(photo.replacingOccurrences(of: ":", with: "%3A"))")
                try browser.waitUntil(
                    "the photo page is ready with its larger size",
                    "document.body.dataset.ready === '1' && document.querySelector('#photo-large-status').hidden")
                try browser.saveScreenshot(to: shots + "/photo-\(size).png")
                return try browser.execute("return document.documentElement.scrollWidth - document.documentElement.clientWidth") as? Int
                    ?? -1
            }
            #expect(overflow == 0, "on a \(size), the page is \(overflow) px wider than the window")
        }
    }
}
