/// Why a `WebDriver` call failed.
public enum WebDriverError: Error, Sendable, CustomStringConvertible {
    /// chromium or chromedriver is missing (see `WebDriver.requirement`).
    case unavailable(String)
    /// chromedriver did not start or did not become ready; `log` is the end of its output.
    case driverStartFailed(reason: String, log: String)
    /// chromedriver answered a command with a W3C error (`value.error`, `value.message`).
    case command(command: String, status: Int, error: String, message: String)
    /// chromedriver's answer was not the JSON the protocol promises.
    case protocolViolation(command: String, detail: String)
    /// A value that cannot be sent as JSON (a script argument, say).
    case invalidArgument(String)
    /// `waitUntil` ran out of time.
    case timedOut(description: String, seconds: Double, url: String, lastScriptError: String?)
    /// The session was quit already.
    case quit

    public var description: String {
        switch self {
        case .unavailable(let reason): reason
        case .driverStartFailed(let reason, let log):
            log.isEmpty
                ? "chromedriver failed to start: \(reason)" : "chromedriver failed to start: \(reason)\n--- chromedriver output ---\n\(log)"
        case .command(let command, let status, let error, let message):
            "WebDriver \(command) failed (HTTP \(status)): \(error): \(message)"
        case .protocolViolation(let command, let detail): "WebDriver \(command): unexpected answer: \(detail)"
        case .invalidArgument(let detail): "WebDriver: cannot send as JSON: \(detail)"
        case .timedOut(let description, let seconds, let url, let lastScriptError):
            "timed out after \(seconds) s waiting until \(description) (page: \(url))"
                + (lastScriptError.map { "; the condition's last script error: \($0)" } ?? "")
        case .quit: "WebDriver: the session was quit already"
        }
    }

    /// The W3C error code ("no such element", "javascript error"…) of a command error, else nil.
    public var code: String? {
        if case .command(_, _, let error, _) = self { return error }
        return nil
    }
}
