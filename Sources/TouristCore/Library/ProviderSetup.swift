import Logging

/// What making the configured providers takes besides the config itself: the environment their
/// options read (`${VAR}`), the logger, the HTTP client they share and the retry policy. Every
/// front end makes its routers here, so the CLI and `tourist serve` route alike.
public struct ProviderSetup: Sendable {
    public let config: TouristConfig
    public let loader: ConfigLoader
    public let logger: Logger
    public let http: HTTPClient
    public let retryPolicy: RetryPolicy

    public init(config: TouristConfig, loader: ConfigLoader, logger: Logger, http: HTTPClient, retryPolicy: RetryPolicy) {
        self.config = config
        self.loader = loader
        self.logger = logger
        self.http = http
        self.retryPolicy = retryPolicy
    }

    /// The name each configured provider goes by in text, by its config name: its type's
    /// (`ProviderFactory.displayName`: "Flickr", "the demo set"), else its own.
    public var displayNames: [String: String] {
        Dictionary(
            config.providers.map { ($0.name, loader.registry.factory(for: $0.type)?.displayName ?? $0.name) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The retry policy of `config`; `TOURIST_RETRY_BASE_SECONDS` in `environment` shortens the
    /// waits (the tests use it).
    public static func retryPolicy(_ config: TouristConfig, environment: [String: String]) -> RetryPolicy {
        let base = environment["TOURIST_RETRY_BASE_SECONDS"].flatMap(Double.init) ?? 0.25
        return RetryPolicy(retries: config.downloads.retries, baseDelay: base)
    }

    /// A router over the enabled providers in routing order, or over those named in `names`, in
    /// the order given (enabled or not). With a `store`, providers keep their state (a request
    /// log) in it; without one (commands that only validate) they keep it in memory. The caller
    /// shuts the router down when done with it (plugin processes end then).
    public func router(only names: [String] = [], store: Store?) throws -> Router {
        var entries = config.providers
        if !names.isEmpty {
            var seen = Set<String>()
            entries = try names.filter { seen.insert($0).inserted }.map { name in
                guard var entry = config.providers.first(where: { $0.name == name }) else {
                    let names = config.providers.map(\.name)
                    let guess = NearMatches(names).suggestions(for: name).first.map { " Did you mean \"\($0)\"?" } ?? ""
                    throw LibraryError(
                        .usage,
                        "no provider named \"\(name)\" in \(config.source.displayName).\(guess) Configured: \(names.joined(separator: ", "))"
                    )
                }
                entry.enabled = true
                return entry
            }
        } else {
            entries = entries.filter(\.enabled)
        }
        var selected = config
        selected.providers = entries
        var temporaryDirectory: (@Sendable () throws -> String)?
        if let store { temporaryDirectory = { try store.temporaryDirectory() } }
        let context = ProviderContext(
            configDirectory: config.directory, environment: loader.environment, logger: logger, http: http,
            stateDirectory: store?.stateDirectory, maxPhotoBytes: config.downloads.maxPhotoBytes, albumSize: config.album.size,
            downloadTimeout: config.downloads.timeoutSeconds, temporaryDirectory: temporaryDirectory, retryPolicy: retryPolicy
        )
        return Router(
            providers: try loader.makeProviders(selected, context: context), retryPolicy: retryPolicy, strategy: config.strategy,
            logger: logger)
    }

    /// Runs `body` with a router (see `router(only:store:)`), shut down however `body` ends.
    public func withRouter<T>(only names: [String] = [], store: Store?, _ body: (Router) async throws -> T) async throws -> T {
        let router = try router(only: names, store: store)
        do {
            let result = try await body(router)
            await router.shutdown()
            return result
        } catch {
            await router.shutdown()
            throw error
        }
    }
}
