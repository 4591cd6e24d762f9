import ArgumentParser
import Exec
import Foundation
import TouristCore
import TouristServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Open the app in a browser: the map of pins, albums, photos; beside the CLI, on the same store.",
        discussion: """
            Listens on 127.0.0.1 (this machine only) unless --host names another address; then the \
            printed link carries an access token, which every visitor needs. Ctrl-C stops it.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The port (0 picks a free one).", valueName: "port"))
    var port: Int = ServerOptions.defaultPort
    @Option(name: .long, help: ArgumentHelp("The address to listen on; any but loopback needs the printed token.", valueName: "address"))
    var host: String = "127.0.0.1"
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Close a connection after this many seconds without progress: no request, a request not sent whole, or an answer not read.",
            valueName: "seconds"))
    var idleTimeout: Int = Int(ServerOptions.defaultIdleTimeout.components.seconds)
    @Flag(name: .long, help: "Open the page in the default browser once listening.")
    var open = false
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Serve the pages from this folder instead of those built into tourist (to work on them).", valueName: "dir", visibility: .hidden
        ))
    var assets: String?

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port) is out of range; use 1 to 65535, or 0 for a free one")
        }
        guard (1...3600).contains(idleTimeout) else {
            throw ValidationError("--idle-timeout \(idleTimeout) is out of range; use 1 to 3600 seconds")
        }
        guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else {
            throw ValidationError("--host \"\(host)\" is not an address; use an IP address such as 127.0.0.1 or 0.0.0.0")
        }
    }

    func run() async throws {
        try await Session.run(global) { session in
            // The server stops on Ctrl-C and SIGTERM itself, ending its plugins' families on the way.
            LivePlugins.leaveSignalsToHost()
            let library = try session.library()
            let folder = assets.map { PathResolution.resolve($0, environment: session.environment, relativeTo: session.workingDirectory) }
            let options = ServerOptions(host: host, port: port, assetsDirectory: folder, idleTimeout: .seconds(idleTimeout))
            let server = TouristServer(library: library, options: options, places: try session.placeFinder(), logger: session.logger)
            let loopback = ServerOptions(host: host).isLoopback
            let open = open
            let json = session.options.json
            let stderr = session.stderr
            try await server.run { url in
                if json {
                    Terminal.write(String(decoding: (try? MachineJSON.encoder().encode(["url": url])) ?? Data(), as: UTF8.self) + "\n")
                } else {
                    Terminal.write("tourist serve: \(url)\n")
                }
                if !loopback {
                    stderr.line(
                        "listening on \(host): anyone who can reach it and has the link above (with its token) can change this store")
                }
                stderr.line("serving the store \(library.store.location); Ctrl-C stops")
                if open { Browser.open(url, stderr: stderr) }
            }
            return 0
        }
    }
}

/// Opens a page in the desktop's browser (`xdg-open`, or `$BROWSER`), without waiting for it.
enum Browser {
    static func open(_ url: String, stderr: StderrChannel) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [ProcessInfo.processInfo.environment["BROWSER"] ?? "xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            stderr.line("could not open a browser (\(error)); open \(url) yourself")
        }
    }
}
