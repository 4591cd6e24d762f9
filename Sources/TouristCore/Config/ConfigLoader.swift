import Foundation

/// Finds, reads and validates the config: `--config` > `$TOURIST_CONFIG` >
/// `$XDG_CONFIG_HOME/tourist/config.json` (else `~/.config/tourist/config.json`) > built-in default.
public struct ConfigLoader: Sendable {
    public let registry: ProviderRegistry
    public let environment: [String: String]
    public let workingDirectory: String

    public init(registry: ProviderRegistry, environment: [String: String], workingDirectory: String) {
        self.registry = registry
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    /// The default config file location, whether or not it exists.
    public var defaultConfigPath: String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/tourist/config.json" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.config/tourist/config.json"
    }

    /// The config file to read: an explicit path (which must exist), else the default if it exists.
    public func locate(explicitPath: String?) -> String? {
        if let explicit = explicitPath ?? environment["TOURIST_CONFIG"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return PathResolution.resolve(explicit, environment: environment, relativeTo: workingDirectory)
        }
        return FileManager.default.fileExists(atPath: defaultConfigPath) ? defaultConfigPath : nil
    }

    /// Loads the config named by `explicitPath` or found by precedence.
    public func load(explicitPath: String?) throws(ConfigError) -> TouristConfig {
        guard let path = locate(explicitPath: explicitPath) else {
            return .builtIn(workingDirectory: workingDirectory)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigError(
                file: path, location: "", problem: "no such config file", fix: "Check the path.", remedy: Remedy(.writeStarterConfig))
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(
                file: path, location: "",
                problem: isDirectory.boolValue ? "this is a folder, not a config file" : "the file cannot be read", fix: "",
                remedy: Remedy(.pointAtConfig))
        }
        return try parse(Array(data), path: path)
    }

    /// Validates config text read from `path`.
    public func parse(_ bytes: [UInt8], path: String) throws(ConfigError) -> TouristConfig {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ConfigError(
                file: path, location: "line \(error.line), column \(error.column)", problem: "invalid JSON: \(error.reason)",
                fix: "Fix the JSON syntax at that place.")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var config = TouristConfig(source: .file(path), directory: directory)
        let root = try ConfigReader(file: path, path: "", value: document)
        try root.rejectUnknownKeys(allowed: ["store", "album", "downloads", "routing", "providers", "serve", "geocoder"])
        if let text = try root.string("store", environment: environment), text.lowercased().hasPrefix("s3://") {
            do {
                config.storePath = try S3Location(parsing: text).description
            } catch {
                throw root.error("store", error.description, fix: "Write s3://BUCKET or s3://BUCKET/PREFIX, or a folder path.")
            }
        } else {
            config.storePath = try root.path("store", environment: environment, base: directory)
        }

        if let album = try root.object("album") {
            try album.rejectUnknownKeys(allowed: ["photos", "size", "lookalikes"])
            config.album.photos = try album.integer("photos", in: Defaults.photoCounts) ?? config.album.photos
            if let letter = try album.string("size", environment: environment) {
                guard let size = PhotoSize(rawValue: letter) else {
                    throw album.error("size", "unknown photo size \"\(letter)\"", fix: "Use one of: \(PhotoSize.allLetters).")
                }
                config.album.size = size
            }
            if let lookalikes = try album.object("lookalikes") {
                try lookalikes.rejectUnknownKeys(allowed: ["enabled", "maxDistance"])
                config.album.lookalikes.enabled = try lookalikes.bool("enabled") ?? config.album.lookalikes.enabled
                config.album.lookalikes.maxDistance =
                    try lookalikes.integer("maxDistance", in: TouristConfig.Lookalikes.distances) ?? config.album.lookalikes.maxDistance
            }
        }
        if let downloads = try root.object("downloads") {
            try downloads.rejectUnknownKeys(allowed: ["concurrency", "retries", "timeoutSeconds", "maxPhotoBytes"])
            config.downloads.concurrency = try downloads.integer("concurrency", in: 1...64) ?? config.downloads.concurrency
            config.downloads.retries = try downloads.integer("retries", in: 0...20) ?? config.downloads.retries
            config.downloads.timeoutSeconds = try downloads.number("timeoutSeconds", in: 0.1...3600) ?? config.downloads.timeoutSeconds
            config.downloads.maxPhotoBytes =
                try downloads.integer("maxPhotoBytes", in: 1024...2_147_483_647) ?? config.downloads.maxPhotoBytes
        }
        if let routing = try root.object("routing") {
            try routing.rejectUnknownKeys(allowed: ["strategy"])
            if let name = try routing.string("strategy", environment: environment) {
                guard let strategy = TouristConfig.Strategy(rawValue: name) else {
                    throw routing.error(
                        "strategy", "unknown routing strategy \"\(name)\"",
                        fix: "Use one of: \(TouristConfig.Strategy.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                config.strategy = strategy
            }
        }
        if let serve = try root.object("serve") {
            try serve.rejectUnknownKeys(allowed: ["tiles"])
            config.serve.tiles = try tiles(serve)
        }
        if let geocoder = try root.object("geocoder") {
            config.geocoder = try self.geocoder(geocoder)
        }
        guard let providers = try root.array("providers") else {
            config.providers = TouristConfig.builtIn(workingDirectory: directory).providers
            return config
        }
        guard !providers.isEmpty else {
            throw root.error(
                "providers", "the list is empty",
                fix:
                    "Add at least one provider, such as { \"name\": \"demo\", \"type\": \"fixture\" }, or remove the key to use the built-in demo provider."
            )
        }
        var names = Set<String>()
        for (index, item) in providers.enumerated() {
            let entry = try parseProvider(item, path: path, keyPath: "providers[\(index)]", directory: directory)
            guard names.insert(entry.name).inserted else {
                let unnamed = item["name"] == nil ? " (without \"name\", a provider is named after its type)" : ""
                throw ConfigError(
                    file: path, location: "providers[\(index)].name",
                    problem: "the provider name \"\(entry.name)\" is used twice\(unnamed)", fix: "Give each provider a different name.")
            }
            config.providers.append(entry)
        }
        return config
    }

    /// The types a config may name: the built-in ones, then the plugins found on PATH.
    var knownTypes: [String] {
        registry.types + (registry.discovery?.availableTypes().map(\.type) ?? []).filter { !registry.types.contains($0) }
    }

    /// The error for a `type` that is neither built in nor found on PATH: when its plugin program is
    /// where plugins are often put but PATH does not reach (`~/.local/bin`, the config's folder), it
    /// names that file and the two fixes; otherwise the known types and the nearest one.
    private func unknownType(_ type: String, reader: ConfigReader, directory: String) -> ConfigError {
        if let program = registry.discovery?.programOffPath(forType: type, besides: directory) {
            let folder = URL(fileURLWithPath: program).deletingLastPathComponent().path
            return reader.error(
                "type", "unknown provider type \"\(type)\": \(program) would serve it, but \(folder) is not on PATH",
                fix:
                    "Add that folder to PATH (export PATH=\"\(folder):$PATH\", in your shell's profile to keep it), or run the plugin by its path: \"type\": \"exec\", \"command\": [\"\(program)\"]."
            )
        }
        let suggestion = NearMatches(knownTypes).suggestions(for: type).first.map { " Did you mean \"\($0)\"?" } ?? ""
        return reader.error(
            "type", "unknown provider type \"\(type)\"",
            fix: "Use one of: \(knownTypes.joined(separator: ", ")), or install a plugin as tourist-provider-\(type) on PATH.\(suggestion)")
    }

    /// The keys every provider entry may have, besides its type's own options.
    public static let commonProviderKeys = ["name", "type", "enabled", "timeoutSeconds", "concurrency", "requestsPerHour", "coverage"]

    private func parseProvider(_ value: JSONValue, path: String, keyPath: String, directory: String) throws(ConfigError)
        -> TouristConfig.ProviderEntry
    {
        let reader = try ConfigReader(file: path, path: keyPath, value: value)
        guard let type = try reader.string("type", environment: environment) else {
            throw reader.error("type", "missing", fix: "Add \"type\": one of \(registry.types.joined(separator: ", ")).")
        }
        guard let factory = registry.factory(for: type) else {
            throw unknownType(type, reader: reader, directory: directory)
        }
        let name = try reader.string("name", environment: environment) ?? type
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw reader.error(
                "name", "\"\(name)\" is not a valid provider name",
                fix: "Use letters, digits, '-' and '_' only; the name is the first part of photo ids such as demo:paris-01.")
        }
        let allowed = Self.commonProviderKeys + factory.options.map(\.name)
        if !factory.takesOwnOptions {
            try rejectOtherTypesOptions(reader, type: type, allowed: allowed)
            try reader.rejectUnknownKeys(allowed: allowed)
        }
        var values = try reader.optionValues(factory.options, environment: environment, base: directory)
        let own = reader.members.filter { !Self.commonProviderKeys.contains($0.key) }
        if factory.takesOwnOptions {
            for member in own where values[member.key] == nil && !factory.options.contains(where: { $0.name == member.key }) {
                values[member.key] = try OwnOptionExpansion.expand(
                    member.value, environment: environment, file: path, location: reader.keyPath(member.key))
            }
        }
        return TouristConfig.ProviderEntry(
            name: name,
            type: type,
            enabled: try reader.bool("enabled") ?? true,
            timeoutSeconds: try reader.number("timeoutSeconds", in: 0.1...3600) ?? factory.defaultTimeoutSeconds,
            concurrency: try reader.integer("concurrency", in: 1...64) ?? factory.defaultConcurrency,
            requestsPerHour: try reader.integer("requestsPerHour", in: 1...1_000_000) ?? factory.defaultRequestsPerHour,
            coverage: try parseCoverage(reader),
            options: ProviderOptions(file: path, path: keyPath, values: values, written: own),
            written: value
        )
    }

    /// A key that belongs to another provider type is named as such (a misplaced option, or a
    /// wrong `type`), unless it is a near miss of a key of this type (then "did you mean" says more).
    private func rejectOtherTypesOptions(_ reader: ConfigReader, type: String, allowed: [String]) throws(ConfigError) {
        for member in reader.members where !allowed.contains(member.key) && NearMatches(allowed).suggestions(for: member.key).isEmpty {
            let owners = registry.factories.filter { $0.options.contains { $0.name == member.key } }.map(\.type)
            guard !owners.isEmpty else { continue }
            let list = owners.map { "\"\($0)\"" }.joined(separator: " and ")
            throw reader.error(
                member.key, "\"\(member.key)\" is an option of type \(list), not of type \"\(type)\"",
                fix: "Remove it, or set \"type\" to \(list) if that is what you meant.")
        }
    }

    private func parseCoverage(_ reader: ConfigReader) throws(ConfigError) -> GeoBox? {
        guard let items = try reader.array("coverage") else { return nil }
        let fix = "Write [minLon, minLat, maxLon, maxLat] in decimal degrees, for example [-10.5, 35.0, 30.0, 60.0]."
        guard items.count == 4 else {
            throw reader.error("coverage", "expected 4 numbers, found \(items.count)", fix: fix)
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            guard case .number(let number) = item else {
                throw ConfigError(
                    file: reader.file, location: "\(reader.keyPath("coverage"))[\(index)]",
                    problem: "expected a number, found \(item.typeDescription)", fix: fix)
            }
            numbers.append(number)
        }
        let box = GeoBox(minLongitude: numbers[0], minLatitude: numbers[1], maxLongitude: numbers[2], maxLatitude: numbers[3])
        let written = "[" + numbers.map { JSONValue.number($0).rendered() }.joined(separator: ", ") + "]"
        let names = ["minLon", "minLat", "maxLon", "maxLat"]
        for (index, number) in numbers.enumerated() {
            let limit = index % 2 == 0 ? 180.0 : 90.0
            guard abs(number) <= limit else {
                throw reader.error(
                    "coverage",
                    "\(written) is not a valid bounding box: \(names[index]) \(JSONValue.number(number).rendered()) is outside -\(Int(limit)) to \(Int(limit))",
                    fix: fix)
            }
        }
        guard box.minLatitude <= box.maxLatitude else {
            throw reader.error(
                "coverage", "\(written) is not a valid bounding box: minLat is larger than maxLat",
                fix: fix + " (minLon larger than maxLon is allowed: the box crosses the antimeridian.)")
        }
        return box
    }

    /// The folder where the provider named `name` keeps its state (a request log, a scan index),
    /// inside the store's state folder `stateRoot`; the name is made a single safe folder name.
    public static func stateDirectory(ofProvider name: String, in stateRoot: String) -> String {
        stateRoot + "/" + String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "_" })
    }

    /// Builds the providers of `config`, in routing order; each gets `context` with its own state folder,
    /// `context.stateDirectory/<name>`.
    public func makeProviders(_ config: TouristConfig, context: ProviderContext) throws -> [ConfiguredProvider] {
        try config.providers.enumerated().map { index, entry in
            guard let factory = registry.factory(for: entry.type) else {
                throw ConfigError(
                    file: config.source.displayName, location: "providers[\(index)].type",
                    problem: "unknown provider type \"\(entry.type)\"", fix: "Use one of: \(registry.types.joined(separator: ", ")).")
            }
            var own = context
            own.stateDirectory = context.stateDirectory.map { Self.stateDirectory(ofProvider: entry.name, in: $0) }
            own.requestTimeout = entry.timeoutSeconds
            let provider = try factory.makeProvider(name: entry.name, options: entry.options, context: own)
            return ConfiguredProvider(entry: entry, provider: provider, stateDirectory: own.stateDirectory)
        }
    }

    /// `serve.tiles`: an online tile layer, `{ "url": "https://…/{z}/{x}/{y}.png", "attribution": "…", "maxZoom": 19 }`.
    private func tiles(_ serve: ConfigReader) throws(ConfigError) -> TouristConfig.Tiles? {
        guard let tiles = try serve.object("tiles") else { return nil }
        try tiles.rejectUnknownKeys(allowed: ["url", "attribution", "maxZoom"])
        let example = "such as \"https://tile.openstreetmap.org/{z}/{x}/{y}.png\""
        guard let url = try tiles.string("url", environment: environment) else {
            throw tiles.error(
                "url", "the tile layer has no url",
                fix: "Set url to a tile address with {z}, {x} and {y}, \(example), or remove serve.tiles to use the offline map alone.")
        }
        guard url.hasPrefix("https://") || url.hasPrefix("http://"), ["{z}", "{x}", "{y}"].allSatisfy(url.contains),
            URLComponents(string: url.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: ""))?.host != nil
        else {
            throw tiles.error("url", "\"\(url)\" is not a tile address", fix: "Use an http(s) address with {z}, {x} and {y}, \(example).")
        }
        guard let attribution = try tiles.string("attribution", environment: environment), !attribution.isEmpty else {
            throw tiles.error(
                "attribution", "the tile layer has no attribution",
                fix: "Set attribution to the credit the tile provider's terms ask for, such as \"© OpenStreetMap contributors\".")
        }
        return TouristConfig.Tiles(url: url, attribution: attribution, maxZoom: try tiles.integer("maxZoom", in: 1...24) ?? 19)
    }
}
