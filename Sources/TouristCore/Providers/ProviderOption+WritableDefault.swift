extension ProviderOption {
    /// The default as a value of the option's kind, when it is one (`"250"` for a number, `"jpg,
    /// jpeg"` for a list); nil when there is none, or it reads the environment or describes itself
    /// in words.
    public var writableDefault: JSONValue? {
        guard let text = defaultValue, !text.contains("${") else { return nil }
        switch kind {
        case .integer(let range):
            return Int(text).flatMap { range.contains($0) ? .number(Double($0)) : nil }
        case .number(let range):
            return Double(text).flatMap { range.contains($0) ? .number($0) : nil }
        case .bool:
            return ["true": JSONValue.bool(true), "false": .bool(false)][text]
        case .string:
            return .string(text)
        case .strings:
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return items.contains(where: \.isEmpty) ? nil : .array(items.map { .string($0) })
        case .path, .paths:
            return nil
        }
    }
}
