import TestSupport
import BrowserSupport
import Foundation
import LoopbackHTTP
import TestSupport
import Testing

/// WebDriver driving headless chromium against a small site served by LoopbackServer on 127.0.0.1.
/// Skipped (not passed) when chromium and chromedriver are not installed. One browser at a time:
/// the machine has 2 cores.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct WebDriverTests {
    static let page = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>BrowserSupport test page</title></head>
        <body>
          <button id="go" data-role="primary">Go</button>
          <p id="out">waiting</p>
          <input id="name" value="">
          <img id="pic" src="/picture.png" alt="a test picture">
          <script src="/app.js"></script>
        </body></html>
        """

    /// The click answers after a short delay, so `waitUntil` has to poll.
    static let script = """
        let clicks = 0;
        document.getElementById('go').addEventListener('click', () => {
          clicks += 1;
          setTimeout(() => { document.getElementById('out').textContent = 'clicked ' + clicks; }, 100);
        });
        console.error('deliberate console error from app.js');
        """

    static let picture = TestPNG.make(width: 24, height: 16) { x, y in (UInt8(x * 10), UInt8(y * 15), 200) }

    /// "/", "/app.js" and "/picture.png"; 404 for anything else (the favicon).
    static func site() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/": .response(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(page.utf8))
            case "/app.js": .response(status: 200, headers: [("Content-Type", "text/javascript")], body: Array(script.utf8))
            case "/picture.png": .response(status: 200, headers: [("Content-Type", "image/png")], body: picture)
            default: .text("not found", status: 404)
            }
        }
    }

    struct PageObservations: Sendable {
        var title = "", url = "", outText = "", typed = "", clearedValue = "", role: String?
        var missingElementFound = true, buttonCount = 0
        var scriptResult = "", scriptElementText = "", argumentElementID = "", asyncResult = ""
        var naturalWidth = 0, naturalHeight = 0
        var screenshot: [UInt8] = []
        var consoleErrors: [String] = []
    }

    @Test(.timeLimit(.minutes(5)))
    func drivesAPageServedOnLoopback() async throws {
        let server = try Self.site()
        defer { server.stop() }
        let driver = try await Blocking.run { try WebDriver() }
        defer { driver.quit() }
        print("WebDriver start-up: \(driver.startupTimings)")

        let seen = try await Blocking.run {
            var seen = PageObservations()
            try driver.navigate(to: server.url("/"))
            seen.title = try driver.title()
            seen.url = try driver.currentURL()
            seen.missingElementFound = try driver.findElement(css: "#missing") != nil
            seen.buttonCount = try driver.findElements(css: "button").count

            guard let button = try driver.findElement(css: "#go"), let out = try driver.findElement(css: "#out"),
                let input = try driver.findElement(css: "#name"), let picture = try driver.findElement(css: "#pic")
            else {
                throw WebDriverError.protocolViolation(command: "find", detail: "the page's elements are missing")
            }
            seen.role = try button.attribute("data-role")
            try button.click()
            try driver.waitUntil("the click handler wrote its answer", "document.getElementById('out').textContent.startsWith('clicked')")
            seen.outText = try out.text

            try input.sendKeys("hello tourist")
            seen.typed = try input.property("value") as? String ?? ""
            try input.clear()
            seen.clearedValue = try input.property("value") as? String ?? "?"

            let values = try driver.execute("return [document.title, 6 * 7, arguments[0] + 1, null]", args: [41]) as? [Any] ?? []
            seen.scriptResult = values.map { "\($0)" }.joined(separator: "|")
            seen.scriptElementText = try (driver.execute("return document.getElementById('out')") as? WebDriver.Element)?.text ?? ""
            seen.argumentElementID = try driver.execute("return arguments[0].id", args: [button]) as? String ?? ""
            seen.asyncResult =
                try driver.executeAsync("const done = arguments[arguments.length - 1]; setTimeout(() => done('later'), 30);") as? String
                ?? ""

            try driver.waitUntil("the picture loaded", "document.getElementById('pic').complete")
            seen.naturalWidth = try picture.property("naturalWidth") as? Int ?? 0
            seen.naturalHeight = try picture.property("naturalHeight") as? Int ?? 0
            seen.screenshot = try driver.screenshot()
            seen.consoleErrors = try driver.consoleErrors()
            return seen
        }

        #expect(seen.title == "BrowserSupport test page")
        #expect(seen.url == server.url("/"))
        #expect(!seen.missingElementFound && seen.buttonCount == 1)
        #expect(seen.role == "primary")
        #expect(seen.outText == "clicked 1")
        #expect(seen.typed == "hello tourist" && seen.clearedValue == "")
        #expect(seen.scriptResult == "BrowserSupport test page|42|42|<null>")
        #expect(seen.scriptElementText == "clicked 1" && seen.argumentElementID == "go")
        #expect(seen.asyncResult == "later")
        #expect(seen.naturalWidth == 24 && seen.naturalHeight == 16, "the PNG from the loopback server decoded")
        #expect(seen.screenshot.starts(with: TestPNG.signature) && seen.screenshot.count > 1024, "\(seen.screenshot.count) bytes")
        #expect(TestPNG.size(of: seen.screenshot)?.width == 1280, "the viewport is the window's width")
        #expect(seen.consoleErrors.contains { $0.contains("deliberate console error from app.js") }, "\(seen.consoleErrors)")

        let picture = try #require(server.requests.first { $0.path == "/picture.png" })
        #expect(picture.headers["host"] == "127.0.0.1:\(server.port)")
    }

    struct Failures: Sendable {
        var scriptError = "", scriptErrorCode: String?
        var timeout = ""
        var remoteNavigation = ""
        var afterQuit = ""
    }

    @Test(.timeLimit(.minutes(5)))
    func reportsScriptErrorsTimeoutsAndLeavingLoopback() async throws {
        let server = try Self.site()
        defer { server.stop() }
        let driver = try await Blocking.run { try WebDriver(windowWidth: 640, windowHeight: 480) }
        defer { driver.quit() }

        let failures = try await Blocking.run {
            var failures = Failures()
            try driver.navigate(to: server.url("/"))
            do {
                try driver.execute("throw new Error('boom from the test')")
            } catch let error as WebDriverError {
                failures.scriptError = "\(error)"
                failures.scriptErrorCode = error.code
            }
            do {
                try driver.waitUntil("the impossible happened", timeout: 0.3, "document.getElementById('nothing').textContent === 'x'")
            } catch let error as WebDriverError {
                failures.timeout = "\(error)"
            }
            // Non-loopback addresses go to a dead proxy: nothing leaves the machine.
            do {
                try driver.navigate(to: "http://192.0.2.1/")
            } catch let error as WebDriverError {
                failures.remoteNavigation = "\(error)"
            }
            driver.quit()
            do {
                _ = try driver.title()
            } catch let error as WebDriverError {
                failures.afterQuit = "\(error)"
            }
            return failures
        }

        #expect(
            failures.scriptErrorCode == "javascript error" && failures.scriptError.contains("boom from the test"), "\(failures.scriptError)"
        )
        #expect(
            failures.timeout.contains("timed out after 0.3 s waiting until the impossible happened (page: \(server.url("/")))"),
            "\(failures.timeout)")
        #expect(failures.timeout.contains("Cannot read properties of null"), "the last script error is reported: \(failures.timeout)")
        #expect(failures.remoteNavigation.contains("ERR_PROXY_CONNECTION_FAILED"), "\(failures.remoteNavigation)")
        #expect(failures.afterQuit == "\(WebDriverError.quit)")
    }
}
