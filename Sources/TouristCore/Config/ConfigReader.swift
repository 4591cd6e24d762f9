import Foundation

/// Reads one JSON object of a config with typed accessors whose errors name the file and key path.
/// Every key read is remembered, so `rejectUnknownKeys()` can report the rest with a suggestion.
struct ConfigReader {
    let file: String
    let path: String
    let members: [(key: String, value: JSONValue)]

    init(file: String, path: String, value: JSONValue) throws(ConfigError) {
        self.file = file
        self.path = path
        guard case .object(let members) = value else {
            throw ConfigError(
                file: file, location: path.isEmpty ? "top level" : path, problem: "expected an object, found \(value.typeDescription)",
                fix: "Write it as { … }.")
        }
        self.members = members
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            throw ConfigError(
                file: file, location: keyPath(member.key), problem: "the key \"\(member.key)\" appears twice", fix: "Keep one of them.")
        }
    }

    func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func error(_ key: String, _ problem: String, fix: String) -> ConfigError {
        ConfigError(file: file, location: keyPath(key), problem: problem, fix: fix)
    }

    func value(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    /// Fails on any key not in `allowed`, suggesting the nearest allowed one.
    func rejectUnknownKeys(allowed: [String]) throws(ConfigError) {
        for member in members where !allowed.contains(member.key) {
            if let suggestion = NearMatches(allowed).suggestions(for: member.key).first {
                throw error(member.key, "unknown key \"\(member.key)\"", fix: "Did you mean \"\(suggestion)\"?")
            }
            throw error(
                member.key, "unknown key \"\(member.key)\"",
                fix: "Remove it; the keys allowed here are: \(allowed.joined(separator: ", ")).")
        }
    }

    func object(_ key: String) throws(ConfigError) -> ConfigReader? {
        guard let value = value(key), value != .null else { return nil }
        return try ConfigReader(file: file, path: keyPath(key), value: value)
    }

    /// A string with `${VAR}` expanded; a `secret` one's value is never quoted in an error.
    func string(_ key: String, environment: [String: String], secret: Bool = false) throws(ConfigError) -> String? {
        guard let value = value(key), value != .null else { return nil }
        guard case .string(let text) = value else {
            throw error(key, "expected a string, found \(value.typeDescription)", fix: "Put the value in double quotes.")
        }
        return try VariableExpansion.expand(text, environment: environment, file: file, location: keyPath(key), secret: secret)
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = value(key), value != .null else { return nil }
        guard case .bool(let flag) = value else {
            throw error(key, "expected true or false, found \(value.typeDescription)", fix: "Write true or false without quotes.")
        }
        return flag
    }

    /// "from 1 to 64", or nothing for a range that allows any number a config would hold.
    private static func span(_ range: ClosedRange<Double>) -> String {
        guard range.lowerBound > -1e15 || range.upperBound < 1e15 else { return "" }
        return ", from \(JSONValue.number(range.lowerBound).rendered()) to \(JSONValue.number(range.upperBound).rendered())"
    }

    func number(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double? {
        guard let value = value(key), value != .null else { return nil }
        guard case .number(let number) = value else {
            throw error(key, "expected a number, found \(value.typeDescription)", fix: "Write a number without quotes\(Self.span(range)).")
        }
        guard range.contains(number) else {
            throw error(
                key, "\(JSONValue.number(number).rendered()) is out of range",
                fix:
                    "Use a number from \(JSONValue.number(range.lowerBound).rendered()) to \(JSONValue.number(range.upperBound).rendered())."
            )
        }
        return number
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let number = try number(key, in: Double(range.lowerBound)...Double(range.upperBound)) else { return nil }
        guard number.rounded() == number else {
            throw error(
                key, "\(number) is not a whole number",
                fix: "Use a whole number\(Self.span(Double(range.lowerBound)...Double(range.upperBound)).dropFirst()).")
        }
        return Int(number)
    }

    func array(_ key: String) throws(ConfigError) -> [JSONValue]? {
        guard let value = value(key), value != .null else { return nil }
        guard case .array(let items) = value else {
            throw error(key, "expected an array, found \(value.typeDescription)", fix: "Write it as [ … ].")
        }
        return items
    }

    /// A file path with `${VAR}` expanded, `~` expanded, and a relative path resolved against `base`.
    /// `hasDefault`: whether removing the key is a way out (the fix says so only then).
    func path(_ key: String, environment: [String: String], base: String, hasDefault: Bool = true) throws(ConfigError) -> String? {
        guard let text = try string(key, environment: environment) else { return nil }
        guard !text.isEmpty else {
            throw error(
                key, "the path is empty",
                fix: hasDefault
                    ? "Write a folder path, or remove the key to use the default." : "Write a folder path, such as \"~/Pictures\".")
        }
        return PathResolution.resolve(text, environment: environment, relativeTo: base)
    }

    /// One path, or a non-empty list of paths, each resolved as `path` does.
    func paths(_ key: String, environment: [String: String], base: String, hasDefault: Bool = true) throws(ConfigError) -> [String]? {
        guard let value = value(key), value != .null else { return nil }
        let example = "[\"~/Pictures\", \"/media/photos\"]"
        switch value {
        case .string: return try path(key, environment: environment, base: base, hasDefault: hasDefault).map { [$0] }
        case .array: break
        default:
            throw error(
                key, "expected a path or a list of paths, found \(value.typeDescription)",
                fix: "Write one folder in double quotes, such as \"~/Pictures\", or a list such as \(example).")
        }
        let texts = try strings(key, environment: environment, what: "path", example: example, hasDefault: hasDefault)
        return texts?.map { PathResolution.resolve($0, environment: environment, relativeTo: base) }
    }

    /// A non-empty list of non-empty strings, each with `${VAR}` expanded; `what` names one of
    /// them in messages, and `example` shows a list.
    func strings(_ key: String, environment: [String: String], what: String = "string", example: String, hasDefault: Bool = true)
        throws(ConfigError) -> [String]?
    {
        guard let items = try array(key) else { return nil }
        guard !items.isEmpty else {
            throw error(
                key, "the list is empty",
                fix: "List at least one \(what), as in \(example)" + (hasDefault ? ", or remove the key to use the default." : "."))
        }
        var texts: [String] = []
        for (index, item) in items.enumerated() {
            let location = "\(keyPath(key))[\(index)]"
            guard case .string(let text) = item else {
                throw ConfigError(
                    file: file, location: location, problem: "expected a \(what) in double quotes, found \(item.typeDescription)",
                    fix: "Write the list as \(example).")
            }
            let expanded = try VariableExpansion.expand(text, environment: environment, file: file, location: location)
            guard !expanded.isEmpty else {
                throw ConfigError(file: file, location: location, problem: "the \(what) is empty", fix: "Remove the empty entry.")
            }
            texts.append(expanded)
        }
        return texts
    }
}

/// `${VAR}` substitution from the environment.
enum VariableExpansion {
    /// `text` with every `${NAME}` replaced; a `secret` text is never quoted in an error.
    static func expand(_ text: String, environment: [String: String], file: String, location: String, secret: Bool = false)
        throws(ConfigError) -> String
    {
        guard text.contains("${") else { return text }
        let quoted = secret ? "the value" : "\"\(text)\""
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                throw ConfigError(
                    file: file, location: location, problem: "unclosed ${ in \(quoted)", fix: "Write the variable as ${NAME}.")
            }
            let name = String(rest[start.upperBound..<end])
            guard !name.isEmpty, name.allSatisfy({ $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                let named = secret ? "a variable in \(quoted)" : "\"${\(name)}\""
                throw ConfigError(
                    file: file, location: location, problem: "\(named) is not a valid variable name",
                    fix: "Use letters, digits and underscores, as in ${FLICKR_API_KEY}.")
            }
            guard let value = environment[name] else {
                throw ConfigError(
                    file: file, location: location, problem: "environment variable \(name) is not set",
                    fix: "Set it (export \(name)=…) or write the value into the config.")
            }
            result += value
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}

/// `~` expansion and resolution of relative paths.
public enum PathResolution {
    /// Expands a leading `~` to `$HOME` and makes a relative path absolute against `base`.
    public static func resolve(_ path: String, environment: [String: String], relativeTo base: String) -> String {
        var expanded = path
        if expanded == "~" || expanded.hasPrefix("~/") {
            let home = environment["HOME"] ?? NSHomeDirectory()
            expanded = home + expanded.dropFirst()
        }
        if !expanded.hasPrefix("/") {
            expanded = (base.hasSuffix("/") ? base : base + "/") + expanded
        }
        return URL(fileURLWithPath: expanded).standardizedFileURL.path
    }
}
