import Foundation
import Logging
import TouristCore

/// How to start one configured plugin and greet it.
struct PluginLaunch: Sendable {
    /// The configured provider name.
    var name: String
    /// The program's absolute path, or why none was found.
    var executable: Result<String, PluginLaunch.Problem>
    /// Where the config names the program, for messages: `providers[0].command[0] in /…/config.json`.
    var programLocation: String
    var arguments: [String]
    var environment: [String: String]
    /// The working directory: the config file's folder.
    var directory: String
    /// The params of `hello`.
    var hello: JSONValue
    /// How long `hello` (and each later request but fetches) may take.
    var timeout: Double
    /// The config file and the entry's key path, for config errors.
    var configFile: String
    var keyPath: String
    /// Checks the entry's options against the ones `hello` declares.
    var validate: @Sendable ([ProviderOption]) throws(ConfigError) -> Void
    /// Masks secret values in what the plugin says (its log, its errors).
    var redact: @Sendable (String) -> String
    /// Called once `hello` has ended, before the plugin's log of it is shown: with the options it
    /// declares (their secrets are masked from then on), or nil when it failed (then every option is).
    var protect: @Sendable ([ProviderOption]?) -> Void

    /// Why a plugin's program cannot be run.
    struct Problem: Error, Sendable {
        let reason: String
    }
}

/// The life of one configured plugin within one tourist command: started at its first request,
/// greeted with `hello`, started again after a breakdown (at most `maxStarts` times in all), and
/// shut down at the end. A plugin that cannot work at all (not found, no common protocol version)
/// fails every request at once with the same `invalidConfiguration` error, without being started
/// again; one that broke down `maxStarts` times is out of service until the next command.
actor PluginHost {
    /// One start, and up to two more after breakdowns.
    static let maxStarts = 3
    /// How long the plugin has to exit after `shutdown` before SIGTERM.
    static let shutdownGrace = 2.0

    let launch: PluginLaunch
    let logger: Logger
    private var current: (connection: PluginConnection, hello: PluginHello)?
    private var starting: Task<(PluginConnection, PluginHello), any Error>?
    private var starts = 0
    /// Set when the plugin cannot work: every request fails with it.
    private var permanent: ProviderError?
    /// The last breakdown, for the out-of-service message.
    private var lastFailure: ProviderError?
    /// The entry's options refused, by tourist against what `hello` declared or by the plugin itself.
    private(set) var configProblem: ConfigError?
    /// The plugin answered `hello` with something tourist cannot use (a program's fixed answer).
    private var answeredHelloWrongly = false
    private var isShutDown = false

    init(launch: PluginLaunch, logger: Logger) {
        self.launch = launch
        self.logger = logger
    }

    /// Whether the plugin broke down `maxStarts` times (or cannot start at all) in this command.
    var isOutOfService: Bool {
        if permanent != nil { return true }
        guard starts >= Self.maxStarts, starting == nil else { return false }
        return current == nil || current?.connection.breakdown != nil
    }

    /// The running connection and what its `hello` said, starting the plugin when needed.
    func connection() async throws -> (PluginConnection, PluginHello) {
        if let permanent { throw permanent }
        if let current {
            guard let breakdown = current.connection.breakdown else { return current }
            lastFailure = current.connection.error(for: breakdown, method: nil)
            self.current = nil
            let broken = current.connection
            Task { await broken.release() }
        }
        if let starting { return try await starting.value }
        guard !isShutDown else { throw ProviderError.unavailable("plugin \(launch.name) was already shut down") }
        guard starts < Self.maxStarts else {
            throw ProviderError.outOfService(
                "plugin \(launch.name) broke down \(starts) times in this command and is not started again until the next one; the last time: \(lastFailure?.message ?? "unknown")"
            )
        }
        starts += 1
        // The start runs on this actor: the connection is installed before anyone awaiting the
        // task resumes (shutdown included). A caller that gives up (its time-out) ends the start.
        let task = Task { try await startAndInstall() }
        starting = task
        defer { starting = nil }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch let error as ProviderError {
            if error.isConfigurationProblem || answeredHelloWrongly { permanent = error }
            lastFailure = error
            throw error
        }
    }

    /// Starts the plugin and makes it the current connection, unless the host was shut down
    /// meanwhile (then the new plugin is ended at once).
    private func startAndInstall() async throws -> (PluginConnection, PluginHello) {
        let started = try await start()
        guard !isShutDown else {
            await started.0.shutdown(grace: Self.shutdownGrace)
            throw ProviderError.unavailable("plugin \(launch.name) was already shut down")
        }
        current = started
        return started
    }

    /// Starts the program and says `hello`.
    private func start() async throws -> (PluginConnection, PluginHello) {
        let executable: String
        switch launch.executable {
        case .success(let path): executable = path
        case .failure(let problem):
            throw ProviderError.invalidConfiguration("cannot start plugin \(launch.name): \(problem.reason); fix \(launch.programLocation)")
        }
        let connection: PluginConnection
        do {
            connection = try PluginConnection.start(
                name: launch.name, executable: executable, arguments: launch.arguments, environment: launch.environment,
                directory: launch.directory, logger: logger, redact: launch.redact
            )
        } catch {
            let message = "cannot start plugin \(launch.name) (\(executable)): \(error.reason)"
            // The program itself is unusable (a config problem); anything else (no memory, too many
            // processes or files) may pass.
            guard [ENOENT, EACCES, ENOEXEC, ENOTDIR, ELOOP, ENAMETOOLONG, EISDIR].contains(error.code) else {
                throw ProviderError.unavailable(message)
            }
            throw ProviderError.invalidConfiguration("\(message); fix \(launch.programLocation)")
        }
        logger.debug("\(launch.name): started plugin \(executable) (pid \(connection.pid))")
        var declared: [ProviderOption]?
        defer {
            launch.protect(declared)
            connection.releaseLog()
        }
        do {
            let result: JSONValue
            do {
                result = try await connection.call("hello", params: launch.hello, timeout: launch.timeout)
            } catch let error as ProviderError where error.isConfigurationProblem {
                let option = connection.refusedOption.map { ".\($0)" } ?? ""
                throw refused(
                    ConfigError(
                        file: launch.configFile, location: launch.keyPath + option, problem: error.message,
                        fix: "The plugin \(launch.name) refused it at hello."))
            }
            let hello: PluginHello
            do {
                hello = try PluginHello(result, plugin: launch.name)
                declared = hello.options
            } catch {
                answeredHelloWrongly = true  // its answer will not change: no second start
                throw error
            }
            do {
                try launch.validate(hello.options)
            } catch {
                throw refused(error)
            }
            logger.debug(
                "\(launch.name): plugin \(hello.displayName(or: executable)) speaks protocol \(hello.protocolVersion), capabilities \(hello.capabilities.sorted().joined(separator: ", "))"
            )
            return (connection, hello)
        } catch {
            await connection.shutdown(grace: 0)
            throw error
        }
    }

    /// The running plugin's process id and the host's ends of its pipes, for diagnostics.
    var running: (pid: Int32, descriptors: [Int32])? {
        current.map { ($0.connection.pid, $0.connection.descriptors) }
    }

    /// How many times the plugin was started in this command.
    var startCount: Int { starts }

    /// Remembers a config problem and gives the error every request then fails with.
    private func refused(_ problem: ConfigError) -> ProviderError {
        configProblem = problem
        return .invalidConfiguration(problem.description)
    }

    /// Ends the plugin, if it runs: `shutdown`, then SIGTERM, then SIGKILL (see `PluginConnection`).
    func shutdown() async {
        isShutDown = true
        if let starting { _ = try? await starting.value }  // a start finishing now ends what it started
        guard let connection = current?.connection else { return }
        current = nil
        await connection.shutdown(grace: Self.shutdownGrace)
    }
}
