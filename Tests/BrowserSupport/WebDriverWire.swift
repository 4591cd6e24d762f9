import Foundation

/// The WebDriver wire format: JSON bodies over `RawHTTP`, answers `{"value": …}`, errors
/// `{"value": {"error": …, "message": …}}` with a 4xx/5xx status.
enum WebDriverWire {
    /// The W3C key of an element reference in JSON.
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    /// Sends one command and returns its `value` (nil for null), throwing W3C errors.
    static func send(_ method: String, _ url: String, body: [String: Any]?, timeout: Double) throws -> Any? {
        let name = "\(method) \(commandPath(url))"
        var bytes: [UInt8]?
        if let body {
            guard JSONSerialization.isValidJSONObject(body) else {
                throw WebDriverError.invalidArgument("\(name): \(String(describing: body).prefix(300))")
            }
            bytes = [UInt8](try JSONSerialization.data(withJSONObject: body))
        }
        let headers = bytes == nil ? [] : [("Content-Type", "application/json; charset=utf-8")]
        let response = try RawHTTP.request(method: method, url: url, headers: headers, body: bytes, timeout: timeout)
        guard let object = (try? response.json()) as? [String: Any], let value = object["value"] else {
            throw WebDriverError.protocolViolation(command: name, detail: "HTTP \(response.status): \(response.text.prefix(300))")
        }
        if response.status != 200 || (value as? [String: Any])?["error"] is String {
            let details = value as? [String: Any]
            throw WebDriverError.command(
                command: name,
                status: response.status,
                error: details?["error"] as? String ?? "unknown error",
                message: details?["message"] as? String ?? "\(value)"
            )
        }
        return value is NSNull ? nil : value
    }

    /// The URL's path with the session id shortened, for messages: "/session/{id}/element".
    static func commandPath(_ url: String) -> String {
        guard let target = try? HTTPURL(url).target else { return url }
        var parts = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 2, parts[1] == "session" { parts[2] = "{id}" }
        return parts.joined(separator: "/")
    }
}
