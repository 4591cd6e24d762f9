import TouristCore

/// What a plugin said of itself in its answer to `hello`.
struct PluginHello: Sendable {
    /// The protocol versions this tourist speaks.
    static let protocols = [1]
    /// The capabilities this tourist understands; a plugin's `*name` (required) must be one of them.
    static let knownCapabilities: Set<String> = ["search", "fetch", "lookup", windowCapability]
    /// The capability of a plugin that leaves out photos taken outside a `search`'s `window`; only
    /// such a plugin is sent one (tourist checks every answer by `takenAt` in any case).
    static let windowCapability = "window"

    var protocolVersion: Int
    /// The plugin's own name and version, for messages.
    var provider: String?
    var version: String?
    var capabilities: Set<String>
    /// The options it declares, for `config check`.
    var options: [ProviderOption]
    var requestsPerHour: Int?
    var coverage: GeoBox?

    /// Reads a `hello` result; a result tourist cannot work with is an `invalidConfiguration` error
    /// (no common protocol version, an unknown required capability, no `search`), an unreadable one
    /// `invalidResponse`.
    init(_ result: JSONValue, plugin: String) throws(ProviderError) {
        guard case .object = result else {
            throw .invalidResponse("plugin \(plugin) answered hello with \(result.typeDescription), not an object")
        }
        guard case .number(let number) = result["protocol"] ?? .null, let version = Int(exactly: number) else {
            throw .invalidResponse("plugin \(plugin) answered hello without a protocol version (\"protocol\": 1)")
        }
        guard Self.protocols.contains(version) else {
            throw .invalidConfiguration(
                "plugin \(plugin) speaks protocol \(version); this tourist speaks protocol \(Self.protocols.map(String.init).joined(separator: ", ")). Use a version of the plugin for protocol 1, or a newer tourist"
            )
        }
        protocolVersion = version
        provider = result["provider"]?.stringValue
        self.version = result["version"]?.stringValue
        let listed = result["capabilities"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if let required = listed.first(where: { $0.hasPrefix("*") && !Self.knownCapabilities.contains(String($0.dropFirst())) }) {
            throw .invalidConfiguration(
                "plugin \(plugin) requires the capability \"\(required.dropFirst())\", which this tourist does not have. Use a newer tourist, or a version of the plugin without it"
            )
        }
        capabilities = Set(listed.map { $0.hasPrefix("*") ? String($0.dropFirst()) : $0 })
        guard capabilities.contains("search") else {
            throw .invalidConfiguration(
                "plugin \(plugin) does not list the capability \"search\" in its hello; a provider must be able to search")
        }
        options = []
        for declared in result["options"]?.arrayValue ?? [] { options.append(try Self.option(declared, plugin: plugin)) }
        if case .number(let perHour) = result["requestsPerHour"] ?? .null {
            guard let whole = Int(exactly: perHour), whole >= 1 else {
                throw .invalidResponse(
                    "plugin \(plugin) answered hello with requestsPerHour \(JSONValue.number(perHour).rendered()); expected a whole number of at least 1, or null"
                )
            }
            requestsPerHour = whole
        }
        if let box = result["coverage"]?.arrayValue {
            let numbers = box.compactMap(\.numberValue)
            guard numbers.count == 4, abs(numbers[0]) <= 180, abs(numbers[2]) <= 180, abs(numbers[1]) <= 90, abs(numbers[3]) <= 90,
                numbers[1] <= numbers[3]
            else {
                throw .invalidResponse(
                    "plugin \(plugin) answered hello with a coverage that is not [minLon, minLat, maxLon, maxLat] in degrees")
            }
            coverage = GeoBox(minLongitude: numbers[0], minLatitude: numbers[1], maxLongitude: numbers[2], maxLatitude: numbers[3])
        }
    }

    /// "walks-csv 1.2.0", or the configured name.
    func displayName(or name: String) -> String {
        [provider, version].compactMap { $0 }.joined(separator: " ").nonEmpty ?? name
    }

    /// One declared option: `{"name", "type", "required", "help", "secret", "default"}`.
    private static func option(_ value: JSONValue, plugin: String) throws(ProviderError) -> ProviderOption {
        guard let name = value["name"]?.stringValue, !name.isEmpty else {
            throw .invalidResponse("plugin \(plugin) declares an option without a name in its hello")
        }
        let kind: ProviderOption.Kind
        switch value["type"]?.stringValue ?? "string" {
        case "string": kind = .string
        case "path": kind = .path
        case "paths": kind = .paths
        case "strings": kind = .strings
        case "integer": kind = .integer(-(1 << 53)...(1 << 53))
        case "number": kind = .number(-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
        case "bool": kind = .bool
        case let other:
            throw .invalidResponse(
                "plugin \(plugin) declares option \"\(name)\" of unknown type \"\(other)\" (types: string, path, paths, strings, integer, number, bool)"
            )
        }
        return ProviderOption(
            name, kind, help: value["help"]?.stringValue ?? "", default: value["default"]?.stringValue,
            secret: value["secret"] == .bool(true), required: value["required"] == .bool(true)
        )
    }
}

extension String {
    /// Nil when empty.
    var nonEmpty: String? { isEmpty ? nil : self }
}
