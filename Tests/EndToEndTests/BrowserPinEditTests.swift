import BrowserSupport
import Foundation
import Testing
import TestSupport

/// Editing a pin in the album page, with the keyboard alone, in a real headless Chromium against
/// `tourist serve`: Escape cancels, a name another pin has is refused in words, a new name and a
/// wider radius are saved (checked through `tourist pin show --json`), the album stays, and the
/// New Collection the page then offers brings the photos the wider radius reaches.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserPinEditTests {
    @Test func aPinsNameAndRadiusChangeByKeyboardAndTheOfferedNewCollectionReachesFarther() async throws {
        // Photo i lies 0.1·i km north of the pin: 0.55 km reaches five, 1.25 km twelve.
        let harness = try Harness.withFixtureSet(photos: 12)
        let id = try #require(try await harness.json("pin", "add", "10", "10", "--radius", "0.55", "--name", "Louvre")["id"] as? String)
        try await harness.run("fetch", "Louvre", "--count", "3")
        try await harness.run("pin", "add", "20", "20", "--name", "Orsay")
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let base = server.base

        let seen = try await Blocking.run { () throws -> (refusal: String, offer: String, errors: [String]) in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/pins/\(id)")
            try browser.waitUntil(
                "the album shows its 3 photos",
                "document.body.dataset.ready === '1' && document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 3"
            )
            try tab(browser, to: "#edit-pin")

            // Enter opens the form on the name; Escape closes it and gives the focus back.
            try browser.press(.enter)
            try browser.waitUntil(
                "the form opens on the name",
                "!document.querySelector('#pin-edit-form').hidden && document.activeElement.id === 'pin-edit-name'")
            try browser.press(.escape)
            try browser.waitUntil(
                "Escape closes the form", "document.querySelector('#pin-edit-form').hidden && document.activeElement.id === 'edit-pin'")

            // The name of another pin (selected on opening, so typing replaces it) is refused in words.
            try browser.press(.enter)
            try browser.waitUntil("the form opens again", "document.activeElement.id === 'pin-edit-name'")
            try browser.typeText("Orsay")
            try browser.press(.enter)
            try browser.waitUntil(
                "the refusal shows in the form",
                "!document.querySelector('#pin-edit-error').hidden && !document.querySelector('#pin-edit-form').hidden")
            let refusal = try browser.findElement(css: "#pin-edit-error")?.text ?? ""

            // A new name, then Tab to the radius, and Enter saves both.
            try browser.execute("document.activeElement.select()")
            try browser.typeText("Louvre Museum")
            try browser.press(.tab)
            try browser.waitUntil("Tab goes to the radius", "document.activeElement.id === 'pin-edit-radius'")
            // A radius out of range is refused in the form's words, before the server is asked.
            try browser.execute("document.activeElement.select()")
            try browser.typeText("0")
            try browser.press(.enter)
            try browser.waitUntil(
                "the range is said in the form",
                "document.querySelector('#pin-edit-error').textContent.startsWith('Type the radius in kilometres, from 0.01 to 20,000')")
            try browser.execute("document.activeElement.select()")
            try browser.typeText("1.25")
            try browser.press(.enter)
            try browser.waitUntil(
                "the album shows the new name and offers a new collection",
                """
                document.querySelector('#pin-edit-form').hidden && document.querySelector('#album-name').textContent === 'Louvre Museum'
                  && document.querySelector('#album-next').dataset.next === 'new-collection'
                """)
            let offer = try browser.findElement(css: "#album-next")?.text ?? ""

            // The offered New Collection, by keyboard: the photos within 1.25 km it has not shown.
            try tab(browser, to: "#album-next-action")
            try browser.press(.enter)
            try browser.waitUntil(
                "the new collection replaced the photos",
                """
                [...document.querySelectorAll('#album-grid .photo-tile[data-state=stored]')].map((t) => t.dataset.photoId).join(' ') === 'own:p-004 own:p-005 own:p-006'
                  && !document.querySelector('#new-collection').disabled
                """)
            let errors = try browser.consoleErrors()
            return (refusal, offer, errors)
        }
        // The browser logs the refused change (409) as a failed load; nothing else went wrong.
        #expect(seen.errors.count == 1 && seen.errors.allSatisfy { $0.contains("/api/pins/\(id)") && $0.contains("409") }, "\(seen.errors)")
        #expect(
            seen.refusal.contains("a pin named \"Orsay\" already exists") && seen.refusal.contains("choose another name"), "\(seen.refusal)"
        )
        #expect(seen.offer.contains("The radius is now 1.25 km") && seen.offer.contains("New Collection"), "\(seen.offer)")
        let shown = try await harness.json("pin", "show", id)
        #expect(shown["name"] as? String == "Louvre Museum" && shown["radiusKm"] as? Double == 1.25, "\(shown)")
        #expect(try await harness.json("album", id).photos.map { $0["id"] as? String } == ["own:p-004", "own:p-005", "own:p-006"])
        #expect(try await harness.json("pin", "show", "Orsay")["radiusKm"] as? Double == 5, "the other pin is untouched")
    }

    /// An album with no photos near its pin offers to widen the radius: the form opens on it, and
    /// the fetch the page then offers brings the photos the wider radius reaches.
    @Test func anEmptyAlbumsWidenTheRadiusLeadsToAFetchThatFillsIt() async throws {
        let harness = try Harness.withFixtureSet(photos: 5)
        let id = try #require(try await harness.json("pin", "add", "10", "10", "--radius", "0.05", "--name", "Near")["id"] as? String)
        try await harness.run("fetch", id)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let base = server.base
        let offer = try await Blocking.run { () throws -> String in
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/pins/\(id)")
            try browser.waitUntil(
                "the empty album", "document.body.dataset.ready === '1' && document.querySelector('#album-status').dataset.kind === 'empty'"
            )
            try tab(browser, to: "#album-widen")
            try browser.press(.enter)
            try browser.waitUntil(
                "the form opens on the radius",
                "!document.querySelector('#pin-edit-form').hidden && document.activeElement.id === 'pin-edit-radius'")
            try browser.typeText("0.35")  // the radius is selected on opening: typing replaces it
            try browser.press(.enter)
            try browser.waitUntil("a fetch is offered", "document.querySelector('#album-next').dataset.next === 'fetch'")
            let offer = try browser.findElement(css: "#album-next")?.text ?? ""
            try tab(browser, to: "#album-next-action")
            try browser.press(.enter)
            try browser.waitUntil(
                "the album fills",
                "document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 3 && !document.querySelector('#new-collection').disabled"
            )
            return offer
        }
        #expect(offer.contains("The radius is now 0.35 km") && offer.contains("Fetch photos"), "\(offer)")
        #expect(try await harness.json("album", id).photos.map { $0["id"] as? String } == ["own:p-001", "own:p-002", "own:p-003"])
    }
}

/// Presses Tab until the element matching the CSS selector `target` has the focus (at most 40 times).
func tab(_ browser: WebDriver, to target: String) throws {
    let focused = "return document.activeElement.matches(arguments[0])"
    for _ in 0..<40 {
        if try browser.execute(focused, args: [target]) as? Bool == true { return }
        try browser.press(.tab)
    }
    throw WebDriverError.timedOut(
        description: "Tab to \(target)", seconds: 0, url: try browser.currentURL(),
        lastScriptError: "the focus is on #\(try browser.focusedID())")
}
