import ArgumentParser
import BuiltInProviders
import Foundation
import TouristCore

struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check a config, or write a starter one.",
        subcommands: [Check.self, Init.self]
    )

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Validate the config and its providers and print the config in force, secrets masked, as a config file. Exits 78 on any error."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Session.run(global) { session in
                let config = try session.config()
                let router = try session.router(keepingState: false)
                let check = try await ConfigCheck.run(
                    config, router: router, storePath: try session.storeAddress().description, registry: session.registry)
                if session.options.json {
                    Terminal.write(
                        JSONValue.object([("source", .string(config.source.displayName)), ("config", check.effective)]).rendered() + "\n")
                } else {
                    let geocoder = config.geocoder.summary(
                        cacheFolder: PlaceFinder.geocoderFolder(
                            stateRoot: try session.storeAddress().stateDirectory(environment: session.environment)))
                    session.say(
                        "Config OK: \(config.source.displayName)\n\(Self.whereFrom(config.source, loader: session.loader))\(geocoder)\n\n\(check.effective.rendered())"
                    )
                }
                for warning in check.warnings { session.note(warning) }
                return 0
            }
        }

        /// With no config file: where one would be read from, and how to write one there (a line);
        /// nothing when a file is in force.
        static func whereFrom(_ source: TouristConfig.Source, loader: ConfigLoader) -> String {
            guard source == .builtIn else { return "" }
            return "No config file at \(loader.defaultConfigPath), where tourist reads one (or from $TOURIST_CONFIG or --config PATH): "
                + "the built-in config is in force, the demo set alone. `tourist config init` writes a starter config there.\n"
        }
    }

    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a starter config to the default location (or --config PATH); refuses to overwrite without --force."
        )

        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Overwrite an existing config file.")
        var force = false

        func run() async throws {
            try await Session.run(global) { session in
                let loader = session.loader
                let path =
                    global.config.map { PathResolution.resolve($0, environment: session.environment, relativeTo: session.workingDirectory) }
                    ?? loader.defaultConfigPath
                let sink = try FileSink(directory: (path as NSString).deletingLastPathComponent, maxBytes: Int.max)
                try sink.write(Data(StarterConfig.tourist.text(registry: BuiltInProviders.registry).utf8))
                guard try (force ? sink.move(to: path) : sink.moveIfAbsent(to: path)) != nil else {
                    throw CommandFailure(.cannotCreate, "\(path) already exists; nothing was written. Use --force to replace it")
                }
                if session.options.json {
                    try session.printJSON(["path": path])
                } else {
                    // A config written elsewhere than the default is found again only through --config.
                    let option = global.config == nil ? "" : " --config \(Shell.quoted(path))"
                    session.say("Wrote \(path). Check it with: tourist config check\(option)")
                }
                return 0
            }
        }
    }
}

/// The config `config init` writes; config.example.json holds the same text (a test compares them).
/// Only the choices are here; every other value is a default, written out by `StarterConfig`.
/// Flickr comes first and reads its key from FLICKR_API_KEY (no `apiKey` here, so the file holds no
/// secret and works before a key is set: without one it is passed by quietly). Wikimedia Commons
/// needs no key, so real photos of any place come at once; the demo set answers offline (its
/// `coverage`, the whole world, shows that key). A directory provider for ~/Pictures shows its
/// options, disabled until the user enables it. `serve.tiles`, `tourist serve`'s online tile layer,
/// is off: the bundled land outlines work offline (docs/web-app.md).
extension StarterConfig {
    static let tourist = StarterConfig(providers: [
        Entry(type: "flickr"),
        Entry(type: "commons"),
        Entry(name: "pictures", type: "directory", enabled: false, options: [("path", .array([.string("~/Pictures")]))]),
        Entry(name: "demo", type: "fixture", coverage: GeoBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)),
    ])
}
