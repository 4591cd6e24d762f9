import Foundation

extension ConfigReader {
    /// The values of `options` in this entry, typed and expanded as each option's kind says; a
    /// required option that is missing, or a value of the wrong type, is a config error.
    func optionValues(_ options: [ProviderOption], environment: [String: String], base directory: String) throws(ConfigError) -> [String:
        JSONValue]
    {
        var values: [String: JSONValue] = [:]
        for option in options {
            let hasDefault = option.defaultValue != nil
            switch option.kind {
            case .string:
                values[option.name] = try string(option.name, environment: environment, secret: option.isSecret).map(JSONValue.string)
            case .path:
                values[option.name] = try path(option.name, environment: environment, base: directory, hasDefault: hasDefault).map(
                    JSONValue.string)
            case .integer(let range): values[option.name] = try integer(option.name, in: range).map { .number(Double($0)) }
            case .number(let range): values[option.name] = try number(option.name, in: range).map(JSONValue.number)
            case .bool: values[option.name] = try bool(option.name).map(JSONValue.bool)
            case .paths:
                values[option.name] = try paths(option.name, environment: environment, base: directory, hasDefault: hasDefault).map {
                    .array($0.map(JSONValue.string))
                }
            case .strings:
                let texts = try strings(
                    option.name, environment: environment, example: option.example ?? #"["a", "b"]"#, hasDefault: hasDefault)
                values[option.name] = texts.map { .array($0.map(JSONValue.string)) }
            }
            if option.isRequired, values[option.name] == nil {
                let help = option.help.isEmpty ? "" : " (\(option.help))"
                throw error(option.name, "missing", fix: "Add \"\(option.name)\"\(help).")
            }
        }
        return values
    }
}

extension ProviderOptions {
    /// Checks the entry's own options against the ones its provider declares (a plugin's `hello`),
    /// in the style of a built-in provider's: an unknown key (with "did you mean"), a required one
    /// missing, a value of the wrong type, each naming the file and key path. `environment` and
    /// `directory` expand values as when the config was read.
    public func validate(against declared: [ProviderOption], alsoAllowed: [String] = [], environment: [String: String], directory: String)
        throws(ConfigError)
    {
        let reader = try ConfigReader(file: file, path: path, value: .object(written))
        let allowed = ConfigLoader.commonProviderKeys + alsoAllowed + declared.map(\.name)
        try reader.rejectUnknownKeys(allowed: allowed)
        _ = try reader.optionValues(declared, environment: environment, base: directory)
    }
}

/// The values of a provider's own options that tourist does not know the types of (a plugin's):
/// `${VAR}` expanded in every string, inside lists and objects too, and a leading `~` made `$HOME`,
/// as the plugin protocol promises. Values are never quoted in errors: any of them may be a secret.
enum OwnOptionExpansion {
    static func expand(_ value: JSONValue, environment: [String: String], file: String, location: String) throws(ConfigError) -> JSONValue {
        switch value {
        case .string(let text):
            let expanded = try VariableExpansion.expand(text, environment: environment, file: file, location: location, secret: true)
            guard expanded == "~" || expanded.hasPrefix("~/") else { return .string(expanded) }
            return .string((environment["HOME"] ?? NSHomeDirectory()) + expanded.dropFirst())
        case .array(let items):
            var expanded: [JSONValue] = []
            for (index, item) in items.enumerated() {
                expanded.append(try expand(item, environment: environment, file: file, location: "\(location)[\(index)]"))
            }
            return .array(expanded)
        case .object(let members):
            var expanded: [(key: String, value: JSONValue)] = []
            for member in members {
                expanded.append(
                    (member.key, try expand(member.value, environment: environment, file: file, location: "\(location).\(member.key)")))
            }
            return .object(expanded)
        case .null, .bool, .number:
            return value
        }
    }
}
