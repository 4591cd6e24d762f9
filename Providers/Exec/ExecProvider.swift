import Foundation
import Logging
import Synchronization
import TouristCore

/// A provider plugin: any program speaking tourist's provider protocol (`PROVIDER-PROTOCOL.md`) on
/// its stdin and stdout, in any language, routed, limited and retried like a built-in provider.
///
/// One process per configured plugin per tourist command (`PluginHost`), started at the first
/// request and shut down at the end (`shutdown()`, which the command calls). Searches page by the
/// plugin's opaque cursor: page N+1 is asked with the cursor page N gave, so pages are numbered for
/// the router like any provider's (no page count is reported, so `new-collection` reads a plugin's
/// pages in order, skipping the photos shown before). Sizes with a URL are downloaded by tourist's
/// own HTTP engine; sizes given as `{}` are written by the plugin into a file tourist creates in its
/// temporary area, and checked (`PluginFetchedFile`) before a byte reaches the sink.
public final class ExecProvider: PhotoProvider, PhotoLookup, ConfigurationChecking, ProviderShutdown, OutOfServiceReporting,
    DeclaredLimits, OptionDeclaring
{
    public let name: String
    let host: PluginHost
    let settings: Settings
    private let cursors = Mutex<[CursorKey: [Int: String]]>([:])

    /// What an exec provider needs besides its launch.
    struct Settings: Sendable {
        var http: HTTPClient
        var maxPhotoBytes: Int
        /// Seconds a search, lookup or hello may take (the entry's `timeoutSeconds`).
        var requestTimeout: Double
        /// Seconds a fetch may take (`downloads.timeoutSeconds`).
        var fetchTimeout: Double
        var scratch: ScratchSpace
        /// The entry's options (the plugin's own, and the factory's: `command`).
        var options: ProviderOptions
        /// Where the program is named in the config, for errors: `providers[2].command[0]`.
        var programKey: String
    }

    /// The searches whose cursors are kept: the same circle at the same page size.
    private struct CursorKey: Hashable {
        var latitude, longitude, radiusKm: Double
        var limit: Int
        var window: TimeWindow?
    }

    init(name: String, launch: PluginLaunch, settings: Settings, logger: Logger) {
        self.name = name
        self.settings = settings
        host = PluginHost(launch: launch, logger: logger)
    }

    public func search(_ query: GeoQuery) async throws -> SearchPage {
        let key = CursorKey(
            latitude: query.center.latitude, longitude: query.center.longitude, radiusKm: query.radiusKm, limit: max(1, query.limit),
            window: query.window)
        let page = max(1, query.page)
        var known = page == 1 ? 1 : (cursors.withLock { $0[key]?.keys.filter { $0 <= page }.max() } ?? 1)
        // A page whose cursor is not known yet is reached by reading the pages before it.
        while known < page {
            let result = try await searchPage(key, page: known)
            guard result.nextPage != nil else { return SearchPage(candidates: [], nextPage: nil) }
            known += 1
        }
        var result = try await searchPage(key, page: page)
        result.candidates.removeAll { query.exclude.contains($0.key) }
        return result
    }

    /// Page `page` of a search, asked with the cursor of the page before it; with the query's time
    /// window only to a plugin that declares the capability (others are sent what protocol 1 had).
    private func searchPage(_ key: CursorKey, page: Int) async throws -> SearchPage {
        let (connection, hello) = try await host.connection()
        let cursor = page == 1 ? nil : cursors.withLock { $0[key]?[page] }
        var members: [(String, JSONValue)] = [
            ("latitude", .number(key.latitude)), ("longitude", .number(key.longitude)), ("radiusKm", .number(key.radiusKm)),
            ("limit", .number(Double(key.limit))), ("cursor", cursor.map(JSONValue.string) ?? .null),
        ]
        if let window = key.window, hello.capabilities.contains(PluginHello.windowCapability) {
            members.append(("window", PluginWindow.json(window)))
        }
        let params = JSONValue.object(members)
        let result = try PluginSearchResult(
            try await connection.call("search", params: params, timeout: settings.requestTimeout), provider: name, plugin: name
        )
        if let next = result.cursor { cursors.withLock { $0[key, default: [:]][page + 1] = next } }
        return SearchPage(candidates: result.candidates, nextPage: result.cursor == nil ? nil : page + 1)
    }

    public func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        guard photo.key.provider == name else {
            throw ProviderError.notFound("\(photo.key) is not a photo of provider \(name)")
        }
        switch photo.sources[size] {
        case .url(let url)?:
            _ = try await ProviderError.overHTTP { try await settings.http.download(url, into: sink, maxBytes: settings.maxPhotoBytes) }
        case .provider?:
            try await fetchThroughPlugin(photo, size: size, into: sink)
        case .file?, nil:
            throw ProviderError.notFound("plugin \(name) listed no size \(size.rawValue) of \(photo.key)")
        }
    }

    /// Asks the plugin to write `size` of `photo` into a new file in tourist's temporary area, then
    /// checks the file and copies it into `sink`.
    private func fetchThroughPlugin(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        let (connection, hello) = try await host.connection()
        guard hello.capabilities.contains("fetch") else {
            throw ProviderError.invalidResponse(
                "plugin \(name) gave size \(size.rawValue) of \(photo.key) as {} but does not list the capability \"fetch\"")
        }
        // The photo as the plugin gave it, under the id asked for.
        var given = photo.providerData.flatMap { try? JSONParser.parse(Array($0.utf8)) } ?? .object([])
        given = given.setting("id", to: .string(photo.key.id))
        let file = try settings.scratch.makeFile(prefix: "plugin-\(name)-")
        defer { file.remove() }
        let params = JSONValue.object([("photo", given), ("size", .string(size.rawValue)), ("path", .string(file.path))])
        let (limit, timeout) = (settings.maxPhotoBytes, settings.fetchTimeout)
        let result = try await FetchFileWatch.run(file, limit: limit) { written in
            connection.stop(because: "wrote more than downloads.maxPhotoBytes (\(limit) bytes) into the file of a fetch")
            return ProviderError.tooLarge(
                "plugin \(name) wrote \(written) bytes for \(photo.key), more than downloads.maxPhotoBytes (\(limit)), and was stopped")
        } fetch: {
            try await connection.call("fetch", params: params, timeout: timeout)
        }
        let report = try PluginFetchedFile.Report(result, plugin: name)
        if let source = report.source { host.logger.debug("\(name): \(photo.key) size \(size.rawValue) came from \(source)") }
        try await PluginFetchedFile.check(
            file, report: report, photo: photo.key, plugin: name, maxBytes: settings.maxPhotoBytes, into: sink)
    }

    public func photo(id: String) async throws -> PhotoCandidate {
        let (connection, hello) = try await host.connection()
        guard hello.capabilities.contains("lookup") else {
            throw ProviderError.notFound("plugin \(name) cannot look photos up by id (its hello lists no \"lookup\" capability)")
        }
        let result = try await connection.call("lookup", params: .object([("id", .string(id))]), timeout: settings.requestTimeout)
        let candidate = try PluginPhoto.candidate(result, provider: name, plugin: name)
        guard candidate.key.id == id else {
            throw ProviderError.invalidResponse("plugin \(name) answered a lookup of \"\(id)\" with photo \"\(candidate.key.id)\"")
        }
        return candidate
    }

    // MARK: Abilities

    /// Whether the plugin's `hello` lists `lookup` (false when it does not start).
    public var canLookUpPhotos: Bool {
        get async { (try? await host.connection().1.capabilities.contains("lookup")) ?? false }
    }

    /// The program missing, the plugin failing to start or to answer `hello`, or the entry's options
    /// refused (by tourist, against the ones `hello` declares, or by the plugin), each as a config
    /// error naming the key.
    public func configurationProblems() async -> [ConfigError] {
        let file = settings.options.configFile
        if case .failure(let problem) = host.launch.executable {
            return [
                ConfigError(
                    file: file, location: settings.programKey, problem: problem.reason,
                    fix: "Install the program, or name it by its path (absolute, or relative to the config's folder).")
            ]
        }
        do {
            _ = try await host.connection()
            return []
        } catch {
            if let problem = await host.configProblem { return [problem] }
            let message = (error as? ProviderError)?.message ?? "\(error)"
            return [
                ConfigError(
                    file: file, location: settings.options.keyPath, problem: message,
                    fix: "Fix the plugin or its options; run with --verbose to see what it logs.")
            ]
        }
    }

    public func declaredOptions() async -> [ProviderOption]? {
        try? await host.connection().1.options
    }

    public func declaredCoverage() async throws -> GeoBox? {
        try await host.connection().1.coverage
    }

    public func declaredRequestsPerHour() async throws -> Int? {
        try await host.connection().1.requestsPerHour
    }

    public var isOutOfService: Bool {
        get async { await host.isOutOfService }
    }

    public func shutdown() async {
        await host.shutdown()
        settings.scratch.removePrivateFolder()
    }
}

/// The values of a plugin's secret options, kept out of what it logs and says in errors.
final class SecretValues: Sendable {
    private let values: Mutex<Set<String>>

    init(_ values: Set<String>) {
        self.values = Mutex(values)
    }

    func add(_ more: [String]) {
        guard !more.isEmpty else { return }
        values.withLock { $0.formUnion(more) }
    }

    /// `text` with every secret value masked.
    func redact(_ text: String) -> String {
        values.withLock { $0.reduce(text) { $0.replacingOccurrences(of: $1, with: "********") } }
    }
}
