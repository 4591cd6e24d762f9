import TouristCore

/// The error classes of the protocol (`{"code": "rate_limited", ...}`), as tourist's own.
enum PluginErrorCode {
    /// The `ProviderError` for a plugin's error answer to `method`: its class from `code` (an
    /// unknown code counts as `unavailable`), its message quoted (redacted, cut to 500 characters).
    static func providerError(_ error: JSONValue, plugin: String, method: String, redact: (String) -> String) -> ProviderError {
        var code = "", text = ""
        if case .string(let written) = error["code"] ?? .null { code = written }
        if case .string(let written) = error["message"] ?? .null { text = PluginText.printable(redact(written), limit: 500) }
        var retryAfter: Double?
        if case .number(let seconds) = error["retryAfterSeconds"] ?? .null, seconds.isFinite, seconds >= 0 { retryAfter = seconds }
        let said = text.isEmpty ? "plugin \(plugin) failed `\(method)` with \(code.isEmpty ? "an error" : code)" : text
        switch code {
        case "unauthorized": return .unauthorized(said)
        case "rate_limited": return .rateLimited(retryAfter: retryAfter, said)
        case "not_found": return .notFound(said)
        case "timed_out": return .timedOut(said)
        case "invalid_request": return .invalidResponse("plugin \(plugin) refused `\(method)` as invalid: \(said)")
        case "invalid_config": return .invalidConfiguration(said)
        case "unavailable", "internal": return .unavailable(said)
        default: return .unavailable("\(said) (unknown error code \"\(PluginText.printable(code, limit: 40))\")")
        }
    }
}

/// Text from a plugin made safe to print on one line.
enum PluginText {
    /// Seconds as messages write them: `30`, `2.5`.
    static func seconds(_ value: Double) -> String {
        JSONValue.number((value * 10).rounded() / 10).rendered()
    }

    /// `text` with control characters (escape sequences included) shown as `\u{..}`
    /// (`TerminalText`), cut to `limit` characters.
    static func printable(_ text: String, limit: Int = 300) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return TerminalText.escaped(text) }
        return TerminalText.escaped(String(String.UnicodeScalarView(scalars.prefix(limit)))) + "…"
    }
}
