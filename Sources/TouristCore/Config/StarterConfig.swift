/// A config file for a new user (`tourist config init`), made from a few choices: which providers,
/// in which order, and what is set for them that is not a default (a folder to read, say).
///
/// Everything else is written out as the defaults in force, the way `config check` prints a config
/// (`EffectiveConfig`): the sections' defaults (`TouristConfig.Album`, `Downloads`, …), and for each
/// entry its type's `timeoutSeconds`, `requestsPerHour` and every option whose default can be
/// written, as its factory describes them. So the file shows every option with the value it takes,
/// reads back as the same config, and repeats no default of its own.
public struct StarterConfig: Sendable {
    /// One provider entry: what the starter chooses for it; the rest comes from its type.
    public struct Entry: Sendable {
        public var name: String
        public var type: String
        public var enabled: Bool
        public var coverage: GeoBox?
        /// Values of options the type declares, where its default is not what the starter wants
        /// or cannot be written (a directory's `path`).
        public var options: [(key: String, value: JSONValue)]

        /// An entry of `type`, named `name` (default: its type).
        public init(
            name: String? = nil, type: String, enabled: Bool = true, coverage: GeoBox? = nil,
            options: [(key: String, value: JSONValue)] = []
        ) {
            self.name = name ?? type
            self.type = type
            self.enabled = enabled
            self.coverage = coverage
            self.options = options
        }
    }

    /// The provider entries, in routing order.
    public var providers: [Entry]

    public init(providers: [Entry]) {
        self.providers = providers
    }

    /// The file's text, each entry's defaults taken from its type's factory in `registry`.
    ///
    /// An entry's `concurrency` is its type's own (Commons: 3), else `downloads.concurrency`, the
    /// most any provider gets: written out, it shows where to lower it.
    public func text(registry: ProviderRegistry) -> String {
        let file = TouristConfig.Source.builtIn.displayName
        var config = TouristConfig(source: .builtIn, storePath: nil, directory: "")
        config.providers = providers.enumerated().map { index, entry in
            let factory = registry.factory(for: entry.type)
            return TouristConfig.ProviderEntry(
                name: entry.name, type: entry.type, enabled: entry.enabled,
                timeoutSeconds: factory?.defaultTimeoutSeconds ?? TouristConfig.ProviderEntry.defaultTimeoutSeconds,
                concurrency: factory?.defaultConcurrency ?? config.downloads.concurrency,
                requestsPerHour: factory?.defaultRequestsPerHour,
                coverage: entry.coverage,
                options: ProviderOptions(
                    file: file, path: "providers[\(index)]", values: Dictionary(entry.options, uniquingKeysWith: { _, last in last }),
                    written: entry.options
                ),
                written: .object([("name", .string(entry.name)), ("type", .string(entry.type))] + entry.options)
            )
        }
        // The default store, written from the home folder as a user would: `~/.local/share/tourist`.
        let store = Store.defaultPath(environment: ["HOME": "~"])
        return EffectiveConfig.render(config, storePath: store, registry: registry).rendered() + "\n"
    }
}
