import Foundation

extension WebDriver {
    /// A PNG of the viewport.
    public func screenshot() throws -> [UInt8] {
        guard let text = try command("GET", "/screenshot") as? String, let data = Data(base64Encoded: text) else {
            throw WebDriverError.protocolViolation(command: "GET /screenshot", detail: "not base64 PNG data")
        }
        return [UInt8](data)
    }

    /// Writes a PNG of the viewport to `path` (to look at after a failure, say).
    public func saveScreenshot(to path: String) throws {
        try Data(screenshot()).write(to: URL(fileURLWithPath: path))
    }

    /// One line of the browser's log: a console message, an uncaught exception, a failed load…
    public struct LogEntry: Sendable, CustomStringConvertible {
        /// "SEVERE" (console.error, uncaught exceptions, failed loads), "WARNING", "INFO", "DEBUG".
        public var level: String
        /// "console-api", "javascript", "network"…
        public var source: String
        /// The message, prefixed by chromium with where it came from ("http://…/app.js 12:5 \"boom\"").
        public var message: String
        /// Milliseconds since 1970.
        public var timestamp: Double

        public var description: String { "[\(level)] \(message)" }
    }

    /// The browser log entries since the previous call (chromedriver hands each out once), through
    /// chromedriver's `POST /session/ID/se/log` with `goog:loggingPrefs` {"browser": "ALL"}.
    public func browserLog() throws -> [LogEntry] {
        guard let entries = try command("POST", "/se/log", ["type": "browser"]) as? [[String: Any]] else {
            throw WebDriverError.protocolViolation(command: "POST /se/log", detail: "not a list of log entries")
        }
        return entries.map { entry in
            LogEntry(
                level: entry["level"] as? String ?? "",
                source: entry["source"] as? String ?? "",
                message: entry["message"] as? String ?? "",
                timestamp: (entry["timestamp"] as? NSNumber)?.doubleValue ?? 0
            )
        }
    }

    /// The messages of SEVERE browser log entries since the previous `browserLog`/`consoleErrors`
    /// call: `console.error` calls, uncaught exceptions, failed resource loads (a 404 image, say;
    /// chromium's own `/favicon.ico` request counts too when the server answers it with a 404).
    public func consoleErrors() throws -> [String] {
        try browserLog().filter { $0.level == "SEVERE" }.map(\.message)
    }
}
