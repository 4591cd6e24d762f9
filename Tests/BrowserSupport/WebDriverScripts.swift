import Foundation

extension WebDriver {
    /// Runs `script` as the body of a function in the page (`return` gives the value back; the
    /// arguments are in `arguments`) and returns its result as JSON gives it: String, a number
    /// (Int or Double), Bool, [Any], [String: Any], an `Element` for a DOM element, or nil.
    /// `args` may hold those same kinds, `Element`s included. A script exception throws a
    /// `javascript error` command error.
    @discardableResult
    public func execute(_ script: String, args: [Any] = []) throws -> Any? {
        let value = try command("POST", "/execute/sync", ["script": script, "args": try args.map(wireValue)])
        return localValue(value)
    }

    /// Runs `script` asynchronously: it must call the callback, `arguments[arguments.length - 1]`,
    /// with its result (within the session's script timeout, 30 s). Returns as `execute` does.
    @discardableResult
    public func executeAsync(_ script: String, args: [Any] = []) throws -> Any? {
        let value = try command("POST", "/execute/async", ["script": script, "args": try args.map(wireValue)])
        return localValue(value)
    }

    /// Polls the JavaScript `expression` every `poll` seconds until it is truthy; a script error
    /// counts as not yet (a missing element, say). Throws `WebDriverError.timedOut` after
    /// `timeout` seconds, naming `description`, the page's URL and the last script error.
    public func waitUntil(_ description: String, timeout: Double = 60, poll: Double = 0.05, _ expression: String) throws {
        let deadline = Deadline(after: timeout)
        var condition = expression.trimmingCharacters(in: .whitespacesAndNewlines)
        while condition.hasSuffix(";") { condition.removeLast() }
        var lastScriptError: String?
        while true {
            do {
                if try execute("return !!(\n\(condition)\n);") as? Bool == true { return }
                lastScriptError = nil
            } catch let error as WebDriverError where error.code == "javascript error" {
                lastScriptError = Self.firstLine(of: error)
            }
            guard deadline.remaining > 0 else {
                let url = (try? currentURL()) ?? "(unknown)"
                throw WebDriverError.timedOut(description: description, seconds: timeout, url: url, lastScriptError: lastScriptError)
            }
            Thread.sleep(forTimeInterval: max(0, min(poll, deadline.remaining)))
        }
    }

    // MARK: - JSON conversions

    /// A script argument as JSON: elements become W3C element references; nil becomes null.
    private func wireValue(_ value: Any) throws -> Any {
        switch value {
        case let element as Element: return [WebDriverWire.elementKey: element.id]
        case let list as [Any]: return try list.map(wireValue)
        case let object as [String: Any]: return try object.mapValues(wireValue)
        case is String, is Bool, is Int, is Double, is NSNull, is NSNumber: return value
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional {
                guard let wrapped = mirror.children.first?.value else { return NSNull() }
                return try wireValue(wrapped)
            }
            if let number = value as? any BinaryInteger { return Int(number) }
            throw WebDriverError.invalidArgument("a script argument of type \(type(of: value))")
        }
    }

    /// A script result: element references become `Element`s, null becomes nil.
    private func localValue(_ value: Any?) -> Any? {
        switch value {
        case nil, is NSNull: return nil
        case let object as [String: Any]:
            if object.count == 1, let id = object[WebDriverWire.elementKey] as? String { return Element(driver: self, id: id) }
            return object.mapValues { localValue($0) ?? NSNull() }
        case let list as [Any]: return list.map { localValue($0) ?? NSNull() }
        default: return value
        }
    }

    private static func firstLine(of error: WebDriverError) -> String {
        guard case .command(_, _, _, let message) = error else { return "\(error)" }
        return String(message.prefix { $0 != "\n" })
    }
}
