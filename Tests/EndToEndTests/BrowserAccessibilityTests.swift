import BrowserSupport
import Foundation
import Synchronization
import Testing
import TestSupport

/// Every page of the app, in each of its states and with its dialogs open, checked by axe-core in
/// a real headless Chromium against `tourist serve`, on a desktop window and a phone's: a critical
/// or serious violation fails the test, naming the state, the rule, the element and the fix. What
/// axe cannot decide (text over a photo or a gradient) is written to `axe-needs-review.txt` beside
/// the screenshots, to be checked by eye.
@Suite(
    .serialized,
    .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)),
    .enabled(if: try Axe.requirement.runs(), Comment(rawValue: Axe.requirement.missing))
)
struct BrowserAccessibilityTests {
    @Test func theMapAlbumPhotoAndMissingPagesPassAxeWithTheirDialogsOpen() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base
        let audit = AxeAudit()

        try await Blocking.run {
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            try browser.navigate(to: base + "/")
            try browser.waitUntil("the empty map", "document.body.dataset.ready === '1' && !document.querySelector('#map-empty').hidden")
            try audit.check(browser, "map, no pins")
        }

        // Paris with photos, a pin where there are none, one never fetched, one whose photos were all deleted.
        let paris = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
        try await harness.run("fetch", paris)
        let nowhere = try #require(try await harness.json("pin", "add", "-60", "-140", "--name", "Nowhere")["id"] as? String)
        try await harness.run("fetch", nowhere)
        try await harness.run("pin", "add", "40.6892", "-74.0445", "--name", "New York")
        let emptied = try #require(try await harness.json("pin", "add", "34.9671", "135.7727", "--name", "Kyoto")["id"] as? String)
        let kyoto = try await harness.json("fetch", emptied, "--count", "2").photos.compactMap { $0["id"] as? String }
        try await harness.run(["photo", "rm", emptied] + kyoto)
        let photo = try #require(try await harness.json("album", paris).photos.first?["id"] as? String)

        for (width, height, size, radius) in [(1280, 900, "desktop", 6), (390, 844, "phone", 7)] {
            try await Blocking.run {
                let browser = try WebDriver(screenWidth: width, height: height, touch: width < 500)
                defer { browser.quit() }
                try browser.navigate(to: base + "/")
                try browser.waitUntil(
                    "the map's pins",
                    "document.body.dataset.ready === '1' && document.querySelectorAll('.pin-marker, .pin-cluster').length > 0")
                try audit.check(browser, "map with pins, \(size)")

                try browser.navigate(to: base + "/pins/\(paris)")
                try browser.waitUntil(
                    "Paris's album, ready",
                    "document.body.dataset.ready === '1' && document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 21"
                )
                try audit.check(browser, "album ready, \(size)")
                try browser.saveScreenshot(to: shots + "/album-\(size).png")
                try browser.findElement(css: "#album-grid input.photo-select")?.click()
                try browser.findElement(css: "#delete-photos")?.click()
                try browser.waitUntil("the delete confirmation", "document.querySelector('#confirm-dialog').open")
                try audit.check(browser, "album, delete confirmation open, \(size)")
                try browser.press(.escape)
                try browser.findElement(css: "#edit-pin")?.click()
                try browser.waitUntil("the edit form", "document.activeElement.id === 'pin-edit-name'")
                try browser.typeText("New York")
                try browser.press(.enter)
                try browser.waitUntil("a refusal in the form", "!document.querySelector('#pin-edit-error').hidden")
                try audit.check(browser, "album, edit form open with an error, \(size)")
                try browser.saveScreenshot(to: shots + "/pin-edit-\(size).png")
                try browser.execute(
                    "document.querySelector('#pin-edit-name').value = 'Paris'; document.querySelector('#pin-edit-radius').value = '\(radius)'"
                )
                try browser.press(.enter)
                try browser.waitUntil("the next step offered", "document.querySelector('#album-next').dataset.next === 'new-collection'")
                try audit.check(browser, "album, new radius saved, next step offered, \(size)")
                try browser.saveScreenshot(to: shots + "/album-next-\(size).png")

                try browser.navigate(to: base + "/pins/\(paris)/photos/\(photo.replacingOccurrences(of: ":", with: "%3A"))")
                try browser.waitUntil(
                    "the photo page", "document.body.dataset.ready === '1' && document.querySelector('#photo-large-status').hidden")
                try audit.check(browser, "photo page, \(size)")
                try browser.press(.delete)
                try browser.waitUntil("the delete confirmation", "document.querySelector('#confirm-dialog').open")
                try audit.check(browser, "photo page, delete confirmation open, \(size)")
                try browser.press(.escape)

                for (pin, kind, state) in [(nowhere, "empty", "no photos near it"), (emptied, "no-photos", "every photo deleted")] {
                    try browser.navigate(to: base + "/pins/\(pin)")
                    try browser.waitUntil(
                        "the album with \(state)",
                        "document.body.dataset.ready === '1' && document.querySelector('#album-status').dataset.kind === '\(kind)'")
                    try audit.check(browser, "album, \(state), \(size)")
                }
                // An address the app has no page for (a malformed escape in the photo's id).
                try browser.navigate(to: base + "/pins/\(paris)/photos/%E0%A4%A")
                try browser.waitUntil(
                    "the not-found page", "document.body.dataset.ready === '1' && document.body.dataset.page === 'not-found'")
                try audit.check(browser, "not-found page, \(size)")
            }
        }
        try audit.writeReview(to: shots + "/axe-needs-review.txt")
        #expect(audit.failures.isEmpty, "\(audit.failures.joined(separator: "\n\n"))")
    }

    @Test func albumsFillingReplacingAndFailedPassAxe() async throws {
        let harness = try Harness()
        let flickr = try HeldFlickr(harness)
        defer { flickr.stop() }
        let config = flickr.config
        let paris = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris", "--config", config)["id"] as? String)
        let rome = try #require(
            try await harness.json("pin", "add", "41.89", "12.49", "--name", "Rome", "--config", config)["id"] as? String)
        try await harness.run("fetch", rome, "--provider", "flickr", "--config", config, expecting: 75)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)
        let base = server.base
        let audit = AxeAudit()

        flickr.holdDownloads()
        try await Blocking.run {
            let browser = try WebDriver(windowWidth: 1280, windowHeight: 900)
            defer { browser.quit() }
            // A new pin fetches on opening: its placeholders and progress while the photos are held.
            try browser.navigate(to: base + "/pins/\(paris)")
            try browser.waitUntil(
                "placeholders and progress",
                "document.querySelectorAll('#album-grid .photo-tile[data-state=pending]').length > 0 && !document.querySelector('#album-progress').hidden"
            )
            try audit.check(browser, "album fetching")
            try browser.navigate(to: base + "/")
            try browser.waitUntil(
                "the map with a fetching pin",
                "document.body.dataset.ready === '1' && document.querySelectorAll('.pin-marker.pin-fetching').length === 1")
            try audit.check(browser, "map with a fetching pin")
            flickr.releaseDownloads()

            try browser.navigate(to: base + "/pins/\(paris)")
            try browser.waitUntil(
                "21 photos",
                "document.querySelectorAll('#album-grid .photo-tile[data-state=stored]').length === 21 && !document.querySelector('#new-collection').disabled"
            )
            flickr.holdSearches()
            try browser.findElement(css: "#new-collection")?.click()
            try browser.waitUntil("the searching card", "document.querySelector('#album-status').dataset.kind === 'replacing'")
            try audit.check(browser, "album, new collection searching")
            flickr.releaseSearches()
            try browser.waitUntil(
                "the new collection",
                "document.querySelector('#album-status').dataset.kind === 'none' && !document.querySelector('#new-collection').disabled")

            try browser.navigate(to: base + "/pins/\(rome)")
            try browser.waitUntil("the failed album", "document.querySelector('#album-status').dataset.kind === 'failed'")
            try audit.check(browser, "album failed")
        }
        try audit.writeReview(to: shots + "/axe-needs-review-fetching.txt")
        #expect(audit.failures.isEmpty, "\(audit.failures.joined(separator: "\n\n"))")
    }
}

/// The findings of axe over the states a test visits: the failing ones (critical, serious) for the
/// test's verdict, what axe could not decide for a person to check.
final class AxeAudit: Sendable {
    private let findings = Mutex<(failures: [String], review: [String])>(([], []))

    var failures: [String] { findings.withLock { $0.failures } }

    /// Runs axe over the page as it stands, as `state`.
    func check(_ browser: WebDriver, _ state: String) throws {
        let report = try browser.axe()
        findings.withLock {
            $0.failures += report.failing.map { "\(state):\n\($0)" }
            $0.review += report.incomplete.map { "\(state):\n\($0)" }
        }
    }

    /// Writes what axe could not decide to `path`.
    func writeReview(to path: String) throws {
        try Data(findings.withLock { $0.review }.joined(separator: "\n\n").utf8).write(to: URL(fileURLWithPath: path))
    }
}
