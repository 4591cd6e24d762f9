import ArgumentParser
import BuiltInProviders
import Exec
import Foundation
import Logging
import TouristCore

/// What one command invocation works with: options, environment, logger, and the config, store and
/// providers, each made only when the command first needs it.
final class Session {
    let options: GlobalOptions
    let environment: [String: String]
    let logger: Logger
    /// Where notes, log lines and the error go (with --json: one JSON object at the end).
    let stderr: StderrChannel
    let workingDirectory: String
    /// The gazetteer of this process, made here only: the library, the place finder and pin files
    /// read places in it (loaded when one first does).
    let gazetteer = GazetteerSource.bundled
    private var cachedConfig: TouristConfig?
    private var cachedStore: Store?
    private(set) var cachedHTTP: HTTPClient?
    private var cachedSetup: ProviderSetup?
    private var cachedLibrary: Library?
    /// Every router made, so their providers are shut down when the command ends.
    private var routers: [Router] = []

    init(_ options: GlobalOptions) {
        self.options = options
        environment = ProcessInfo.processInfo.environment
        workingDirectory = FileManager.default.currentDirectoryPath
        let level: Logger.Level = options.verbose ? .debug : options.quiet ? .error : .info
        let stderr = StderrChannel(json: options.json, quiet: options.quiet)
        self.stderr = stderr
        logger = Logger(label: "tourist") { _ in StderrLogHandler(logLevel: level, channel: stderr) }
    }

    /// Runs a command body, turning any error into a one-line message on stderr and its exit code
    /// (with --json, one JSON object on stderr: see `StderrDocument`).
    static func run(_ options: GlobalOptions, _ body: (Session) async throws -> Int32) async throws {
        let session = Session(options)
        let outcome: Result<Int32, any Error>
        do {
            outcome = .success(try await body(session))
        } catch {
            outcome = .failure(error)
        }
        // However the command ended, its plugins end first, and libcurl is not left half loaded.
        await session.shutdownProviders()
        session.cachedHTTP?.finishPreparing()
        switch outcome {
        case .success(let code):
            session.stderr.finish(code: code)
            if code != 0 { throw ExitCode(code) }
        case .failure(let error as ExitCode):
            session.stderr.finish(code: error.rawValue)
            throw error
        case .failure(let error):
            let (status, message) = ExitStatus.describe(error)
            session.stderr.finish(code: status, error: message)
            throw ExitCode(status)
        }
    }

    /// Ends what the command's providers hold (plugin processes), once.
    func shutdownProviders() async {
        let done = routers
        routers = []
        for router in done { await router.shutdown() }
    }

    /// The built-in provider types, and plugins on this environment's PATH.
    var registry: ProviderRegistry {
        BuiltInProviders.registry.discovering(with: PluginDiscovery(searchPath: environment["PATH"], home: environment["HOME"]))
    }

    var loader: ConfigLoader {
        ConfigLoader(registry: registry, environment: environment, workingDirectory: workingDirectory)
    }

    /// The effective config, loaded once.
    func config() throws -> TouristConfig {
        if let cachedConfig { return cachedConfig }
        let config = try loader.load(explicitPath: options.config)
        cachedConfig = config
        return config
    }

    /// The store: `--store` > `$TOURIST_STORE` > the config's `store` > the default folder. Each
    /// names a folder or an S3 bucket (`s3://BUCKET/PREFIX`).
    func storeAddress() throws -> StoreAddress {
        let explicit = options.store ?? environment["TOURIST_STORE"].flatMap { $0.isEmpty ? nil : $0 }
        return try address(try explicit ?? config().storePath ?? Store.defaultPath(environment: environment))
    }

    /// Opens (or creates) the store at `text` (a folder or `s3://BUCKET/PREFIX`), for commands
    /// that name stores besides the one in force (`store copy`).
    func store(at text: String) throws -> Store {
        try address(text).open(environment: environment, lockTimeout: lockTimeout)
    }

    /// The store `text` names; a malformed S3 URL is a usage error.
    private func address(_ text: String) throws -> StoreAddress {
        do {
            return try StoreAddress(text, environment: environment, relativeTo: workingDirectory)
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }

    /// How long a local store's lock is waited for: `TOURIST_LOCK_TIMEOUT` seconds, else 10.
    private var lockTimeout: Double { environment["TOURIST_LOCK_TIMEOUT"].flatMap(Double.init) ?? 10 }

    /// Opens (or creates) the store, once.
    /// `rewritingDamagedVersion`: for `store repair`, which writes a damaged VERSION again.
    func openStore(rewritingDamagedVersion: Bool = false) throws -> Store {
        if let cachedStore { return cachedStore }
        let store = try storeAddress().open(
            environment: environment, lockTimeout: lockTimeout, rewritingDamagedVersion: rewritingDamagedVersion)
        cachedStore = store
        return store
    }

    /// The HTTP client every provider of this command shares, with the config's time-outs.
    func httpClient() throws -> HTTPClient {
        if let cachedHTTP { return cachedHTTP }
        let client = HTTPClient(configuration: HTTPClient.Configuration(downloads: try config().downloads))
        cachedHTTP = client
        return client
    }

    /// What making providers takes (config, environment, logger, HTTP client, retries), once.
    func providerSetup() throws -> ProviderSetup {
        if let cachedSetup { return cachedSetup }
        let config = try config()
        let setup = ProviderSetup(
            config: config, loader: loader, logger: logger, http: try httpClient(),
            retryPolicy: ProviderSetup.retryPolicy(config, environment: environment)
        )
        cachedSetup = setup
        return setup
    }

    /// The store and config together, for the commands that work on pins and albums, once; the
    /// ids of photos the store keeps are brought up to date first (`Library.upgradePhotoIDs`).
    func library() throws -> Library {
        if let cachedLibrary { return cachedLibrary }
        let library = Library(
            store: try openStore(), providers: try providerSetup(), gazetteer: gazetteer, leases: LeaseTiming(environment: environment))
        library.upgradePhotoIDs()
        cachedLibrary = library
        return library
    }

    /// The enabled providers, in routing order, or those named by `--provider`, in the order given.
    /// `keepingState: false` builds them without the store (their state, such as a request log,
    /// then lives in memory): for commands that only validate, which must not create a store.
    /// They are shut down when the command ends.
    func router(only names: [String] = [], keepingState: Bool = true) throws -> Router {
        let router = try providerSetup().router(only: names, store: keepingState ? try openStore() : nil)
        routers.append(router)
        return router
    }

    /// Finds places by coordinates, by the gazetteer, then by the online geocoder when the config
    /// turns it on (its answers and request times kept in the store's state folder, which is not
    /// created unless it asks).
    func placeFinder() throws -> PlaceFinder {
        let stateRoot = try storeAddress().stateDirectory(environment: environment)
        return try PlaceFinder.configured(
            try config(), gazetteer: gazetteer, stateRoot: stateRoot, logger: logger, retryPolicy: try retryPolicy())
    }

    /// Retries and backoff from the config; `TOURIST_RETRY_BASE_SECONDS` shortens waits in tests.
    func retryPolicy() throws -> RetryPolicy {
        try providerSetup().retryPolicy
    }

    /// Prints one JSON document on stdout.
    func printJSON(_ value: some Encodable) throws {
        Terminal.write(String(decoding: try MachineJSON.encoder().encode(value), as: UTF8.self) + "\n")
    }

    /// Prints human output on stdout (never with --json).
    func say(_ text: String) {
        guard !options.json else { return }
        Terminal.write(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// One stderr line per provider that was asked and gave nothing, in the words a fetch's report
    /// uses (`FetchReport.Note`). Providers outside their coverage were not asked. When
    /// `othersAnswered`, a provider without credentials (Flickr before a key is set) is passed by
    /// quietly: the router says so only with --verbose (`providers --check` shows it).
    func noteProviderFailures(_ failures: [ProviderFailure], othersAnswered: Bool) {
        for failure in failures where !failure.isOutsideCoverage && !(failure.isMissingCredentials && othersAnswered) {
            note(TerminalReport.line(FetchReport.Note(failure)))
        }
    }

    /// A note on stderr, unless --quiet.
    func note(_ text: String) {
        stderr.note(text)
    }
}
