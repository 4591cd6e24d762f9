import Foundation
import Logging

/// Describes one option of a provider type, as data: `providers`, `config init` and `config check`
/// all come from these descriptions (docs/configuration.md describes the same options in words).
public struct ProviderOption: Sendable {
    /// The JSON type of the option's value.
    public enum Kind: Sendable, Equatable {
        case string, path, integer(ClosedRange<Int>), number(ClosedRange<Double>), bool
        /// One path or a non-empty list of paths; each is expanded and resolved like `path`.
        case paths
        /// A non-empty list of non-empty strings.
        case strings
    }

    public let name: String
    public let kind: Kind
    public let help: String
    /// The default, as the user would write it, or nil when there is none.
    public let defaultValue: String?
    /// A secret's value is never printed, logged, or stored.
    public let isSecret: Bool
    /// A value as it would be written, for error messages (`["jpg", "heic"]`), or nil.
    public let example: String?
    /// The entry must set it.
    public let isRequired: Bool

    public init(
        _ name: String, _ kind: Kind, help: String, default defaultValue: String? = nil, secret: Bool = false, required: Bool = false,
        example: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.help = help
        self.defaultValue = defaultValue
        self.isSecret = secret
        self.isRequired = required
        self.example = example
    }
}

extension ProviderOption {
    /// Words that mark an option's value as a secret by its name alone (for options whose provider
    /// has not said, such as a plugin's before its `hello`).
    static let secretWords = ["key", "token", "secret", "password", "passphrase", "credential", "auth", "bearer", "cookie"]

    /// Whether an option named `name` probably holds a secret (`apiKey`, `authToken`, `password`).
    public static func nameLooksSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretWords.contains { lowered.contains($0) }
    }
}

/// What a provider may need from its surroundings when it is built.
public struct ProviderContext: Sendable {
    /// The folder of the config file (relative paths were already resolved against it).
    public var configDirectory: String
    public var environment: [String: String]
    public var logger: Logger
    /// The HTTP client URL-based providers share (one engine, one connection pool).
    public var http: HTTPClient
    /// A folder in the store where this provider may keep state across runs (a request log, say):
    /// `<store>/state/<provider name>`, made when first written; nil when no store is open.
    public var stateDirectory: String?
    /// `downloads.maxPhotoBytes`, the most a provider may read for one photo.
    public var maxPhotoBytes: Int
    /// The size albums keep (`album.size`); a provider that must name sizes in its search asks for it.
    public var albumSize: PhotoSize
    /// The entry's `timeoutSeconds` (a search page or lookup, retries included), for a provider that
    /// must time its own exchanges (a plugin's `hello`); nil for none.
    public var requestTimeout: Double?
    /// `downloads.timeoutSeconds`, the longest one photo's download may take.
    public var downloadTimeout: Double
    /// This process's folder in the store's temporary area (made on first call), for files a
    /// provider's helper writes before they enter the store; nil when no store is open.
    public var temporaryDirectory: (@Sendable () throws -> String)?
    /// The router's retry policy (`downloads.retries`), for a provider whose one search page takes
    /// several requests (Commons): it repeats a request the service told to wait (Retry-After) by
    /// this policy, so the page's other requests are not made again. No retries by default.
    public var retryPolicy: RetryPolicy

    public init(
        configDirectory: String, environment: [String: String], logger: Logger, http: HTTPClient,
        stateDirectory: String? = nil, maxPhotoBytes: Int = 52_428_800,
        albumSize: PhotoSize = .small240, downloadTimeout: Double = 30, temporaryDirectory: (@Sendable () throws -> String)? = nil,
        retryPolicy: RetryPolicy = RetryPolicy(retries: 0)
    ) {
        self.retryPolicy = retryPolicy
        self.albumSize = albumSize
        self.downloadTimeout = downloadTimeout
        self.temporaryDirectory = temporaryDirectory
        self.configDirectory = configDirectory
        self.environment = environment
        self.logger = logger
        self.http = http
        self.stateDirectory = stateDirectory
        self.maxPhotoBytes = maxPhotoBytes
    }
}

/// Builds providers of one `type`. A built-in type is registered in `BuiltInProviders`
/// (`Sources/BuiltInProviders/BuiltInProviders.swift`).
public protocol ProviderFactory: Sendable {
    /// The config's `type` value, such as "fixture" or "flickr".
    var type: String { get }
    /// One line on what this provider type gives.
    var summary: String { get }
    /// The name its providers go by in text ("View on Flickr", "the demo set"); nil for their
    /// own names from the config.
    var displayName: String? { get }
    /// The type's own options (beyond the common `name`, `type`, `enabled`, `timeoutSeconds`,
    /// `concurrency`, `requestsPerHour` and `coverage`).
    var options: [ProviderOption] { get }
    /// `requestsPerHour` when the config does not set it: the service's own limit (Flickr: 3600 per
    /// key), or nil for none.
    var defaultRequestsPerHour: Int? { get }
    /// `concurrency` when the config does not set it: what the service asks of its clients
    /// (Wikimedia: at most 3 requests at once), or nil for no limit of the provider's own.
    var defaultConcurrency: Int? { get }
    /// `timeoutSeconds` when the config does not set it (`ProviderEntry.defaultTimeoutSeconds`, 30,
    /// unless the type's work is slower by nature, such as a first scan of a large folder).
    var defaultTimeoutSeconds: Double { get }
    /// Whether its providers index their photos (`PhotoInventoryReporting`), so that without a
    /// configured `coverage` the router asks them only within the box of their located photos.
    var coversItsIndexedPhotos: Bool { get }
    /// Whether keys of the entry beyond the common ones and `options` are the provider's own
    /// options, passed on with `${VAR}` and `~` expanded (a plugin declares them itself), rather than
    /// config errors.
    var takesOwnOptions: Bool { get }
    /// The value `option` takes where an entry does not set it, as a config file writes it, when
    /// albums keep `albumSize`; nil when it has none that can be written (none at all, one read from
    /// the environment, one described in words). `config check` and `config init` write it. By
    /// default the option's `defaultValue` read as its kind; a type whose default follows the config
    /// (Commons' `thumbnailWidth` follows `album.size`) works it out here.
    func writableDefault(of option: ProviderOption, albumSize: PhotoSize) -> JSONValue?
    /// Builds a provider from validated options; throws `ConfigError` (via `options.error`) for
    /// option values that are well-typed but wrong, or `ProviderError` when its data is unusable.
    func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider
}

extension ProviderFactory {
    public var displayName: String? { nil }
    public var defaultRequestsPerHour: Int? { nil }
    public var defaultConcurrency: Int? { nil }
    public var defaultTimeoutSeconds: Double { TouristConfig.ProviderEntry.defaultTimeoutSeconds }
    public var coversItsIndexedPhotos: Bool { false }
    public var takesOwnOptions: Bool { false }
    public func writableDefault(of option: ProviderOption, albumSize: PhotoSize) -> JSONValue? { option.writableDefault }

    /// What a provider of this type covers without a configured `coverage`, in words.
    public var defaultCoverage: String { coversItsIndexedPhotos ? "its photos' box" : "everywhere" }
}

/// The provider factories known to this build, keyed by `type`, and where other types are found
/// (plugins on PATH).
public struct ProviderRegistry: Sendable {
    /// The built-in factories.
    public let factories: [any ProviderFactory]
    /// Finds types that are not built in, if any may be.
    public let discovery: (any ProviderTypeDiscovery)?

    public init(_ factories: [any ProviderFactory], discovery: (any ProviderTypeDiscovery)? = nil) {
        self.factories = factories
        self.discovery = discovery
    }

    /// The factory of a built-in type, else of a discovered one.
    public func factory(for type: String) -> (any ProviderFactory)? {
        factories.first { $0.type == type } ?? discovery?.factory(forType: type)
    }

    /// The built-in types.
    public var types: [String] { factories.map(\.type) }

    /// This registry with `discovery` finding the types that are not built in.
    public func discovering(with discovery: any ProviderTypeDiscovery) -> ProviderRegistry {
        ProviderRegistry(factories, discovery: discovery)
    }
}

/// Finds provider types that are not built in (plugins on PATH).
public protocol ProviderTypeDiscovery: Sendable {
    /// A factory for `type`, or nil when there is no such type.
    func factory(forType type: String) -> (any ProviderFactory)?
    /// Every type found now, for `providers`.
    func availableTypes() -> [DiscoveredProviderType]
    /// The program that would serve `type` were its folder searched: one in a place plugins are
    /// often put but discovery does not look (`~/.local/bin` off PATH, or `folder`, the config's);
    /// nil when there is none.
    func programOffPath(forType type: String, besides folder: String) -> String?
}

/// A provider type found outside the build, and the program that serves it.
public struct DiscoveredProviderType: Sendable, Equatable, Encodable {
    public let type: String
    public let executable: String

    public init(type: String, executable: String) {
        self.type = type
        self.executable = executable
    }
}

/// A provider's own options after validation: typed values, `${VAR}` and paths expanded.
/// Options the user did not set are absent; the provider applies its defaults.
public struct ProviderOptions: Sendable {
    let file: String
    let path: String
    var values: [String: JSONValue]
    /// The entry's own options as written (the common keys left out), in their order.
    public let written: [(key: String, value: JSONValue)]

    init(file: String, path: String, values: [String: JSONValue], written: [(key: String, value: JSONValue)] = []) {
        self.file = file
        self.path = path
        self.values = values
        self.written = written
    }

    /// The config file the entry is in, or "built-in config".
    public var configFile: String { file }
    /// The entry's key path in it: `providers[2]`.
    public var keyPath: String { path }

    public func string(_ name: String) -> String? {
        if case .string(let text) = values[name] { return text }
        return nil
    }

    public func number(_ name: String) -> Double? {
        if case .number(let number) = values[name] { return number }
        return nil
    }

    public func integer(_ name: String) -> Int? { number(name).map { Int($0) } }

    /// A `.paths` or `.strings` option's values, or nil when not set.
    public func strings(_ name: String) -> [String]? {
        guard case .array(let items) = values[name] else { return nil }
        return items.compactMap {
            if case .string(let text) = $0 { return text }
            return nil
        }
    }

    /// The option's value as configured, or nil when not set.
    public func value(_ name: String) -> JSONValue? { values[name] }

    public func bool(_ name: String) -> Bool? {
        if case .bool(let flag) = values[name] { return flag }
        return nil
    }

    /// A config error pointing at this provider's option `name`.
    public func error(_ name: String, _ problem: String, fix: String) -> ConfigError {
        ConfigError(file: file, location: "\(path).\(name)", problem: problem, fix: fix)
    }
}
