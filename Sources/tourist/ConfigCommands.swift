import ArgumentParser
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
            abstract: "Validate the config and its providers and print the effective config, secrets masked. Exits 78 on any error."
        )

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Session.run(global) { session in
                let config = try session.config()
                let router = try session.router(keepingState: false)
                var declared: [String: [ProviderOption]] = [:]
                for configured in router.providers {
                    if let problem = await (configured.provider as? any ConfigurationChecking)?.configurationProblems().first { throw problem }
                    declared[configured.name] = await (configured.provider as? any OptionDeclaring)?.declaredOptions()
                }
                let effective = EffectiveConfig.render(config, storePath: try session.storePath(), registry: session.registry, declared: declared)
                if session.options.json {
                    Terminal.write(JSONValue.object([("source", .string(config.source.displayName)), ("config", effective)]).rendered() + "\n")
                } else {
                    session.say("Config OK: \(config.source.displayName)\n\n\(effective.rendered())")
                }
                return 0
            }
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
                let path = global.config.map { PathResolution.resolve($0, environment: session.environment, relativeTo: session.workingDirectory) } ?? loader.defaultConfigPath
                if FileManager.default.fileExists(atPath: path), !force {
                    throw CommandFailure(message: "\(path) already exists; nothing was written. Use --force to replace it", exitCode: ExitStatus.cannotCreate)
                }
                let sink = try FileSink(directory: (path as NSString).deletingLastPathComponent, maxBytes: Int.max)
                try sink.write(Data(StarterConfig.text.utf8))
                _ = try sink.move(to: path)
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
/// Flickr comes first and reads its key from FLICKR_API_KEY (no `apiKey` here, so the file holds no
/// secret and works before a key is set: without one it is passed by quietly). Wikimedia Commons
/// needs no key, so real photos of any place come at once; the demo set answers offline.
/// A directory provider for ~/Pictures shows its options, disabled until the user enables it.
enum StarterConfig {
    static let text = JSONValue.object([
        ("store", .string("~/.local/share/tourist")),
        ("album", .object([("photos", .number(21)), ("size", .string("m"))])),
        ("downloads", .object([("concurrency", .number(8)), ("retries", .number(4)), ("timeoutSeconds", .number(30)), ("maxPhotoBytes", .number(52_428_800))])),
        ("routing", .object([("strategy", .string("first"))])),
        // `tourist serve`'s online tile layer: off (the bundled land outlines work offline); README, "The web app".
        ("serve", .object([("tiles", .null)])),
        ("providers", .array([
            .object([
                ("name", .string("flickr")), ("type", .string("flickr")), ("enabled", .bool(true)),
                ("timeoutSeconds", .number(30)), ("concurrency", .number(8)), ("requestsPerHour", .number(3600)),
                ("endpoint", .string("https://api.flickr.com/services/rest/")), ("perPage", .number(250)),
                ("safeSearch", .string("safe")), ("minUploadDate", .string("2004-01-01")),
            ]),
            .object([
                ("name", .string("commons")), ("type", .string("commons")), ("enabled", .bool(true)),
                ("timeoutSeconds", .number(30)), ("concurrency", .number(3)),
                ("endpoint", .string("https://commons.wikimedia.org/w/api.php")), ("contact", .string("https://github.com/tourist-cli/tourist")),
                ("thumbnailWidth", .number(250)),
            ]),
            .object([
                ("name", .string("pictures")), ("type", .string("directory")), ("enabled", .bool(false)),
                ("timeoutSeconds", .number(600)), ("concurrency", .number(8)),
                ("path", .array([.string("~/Pictures")])), ("recursive", .bool(true)), ("followSymlinks", .bool(false)),
                ("includeHidden", .bool(false)),
                ("extensions", .array(["jpg", "jpeg", "jpe", "heic", "heif", "hif", "png", "webp", "tif", "tiff"].map { JSONValue.string($0) })),
            ]),
            .object([
                ("name", .string("demo")), ("type", .string("fixture")), ("enabled", .bool(true)),
                ("timeoutSeconds", .number(30)), ("concurrency", .number(8)),
                ("coverage", .array([-180, -90, 180, 90].map { JSONValue.number($0) })),
                ("latencyMs", .number(0)), ("failEvery", .number(0)),
            ])
        ])),
    ]).rendered() + "\n"
}

/// The config with defaults filled in, as `config check` prints it; secret values are masked.
enum EffectiveConfig {
    static let mask = "********"

    /// Whether a value as written holds a `${VAR}` somewhere.
    static func mentionsVariable(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): text.contains("${")
        case .array(let items): items.contains(where: mentionsVariable)
        case .object(let members): members.contains { mentionsVariable($0.value) }
        case .null, .bool, .number: false
        }
    }

    /// `declared`: the options providers declare themselves (plugins), by provider name.
    static func render(_ config: TouristConfig, storePath: String, registry: ProviderRegistry, declared: [String: [ProviderOption]] = [:]) -> JSONValue {
        let providers: [JSONValue] = config.providers.map { entry in
            var members: [(key: String, value: JSONValue)] = [("name", .string(entry.name)), ("type", .string(entry.type)), ("enabled", .bool(entry.enabled))]
            members.append(("timeoutSeconds", entry.timeoutSeconds.map(JSONValue.number) ?? .string("(none)")))
            members.append(("concurrency", entry.concurrency.map { .number(Double($0)) } ?? .string("(default: none of its own; downloads.concurrency bounds downloads)")))
            members.append(("requestsPerHour", entry.requestsPerHour.map { .number(Double($0)) } ?? .string("(default: no limit)")))
            members.append(("coverage", entry.coverage.map { box in
                .array([box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude].map { .number($0) })
            } ?? .string("(default: \(registry.factory(for: entry.type)?.defaultCoverage ?? "everywhere"))")))
            let factory = registry.factory(for: entry.type)
            for option in (factory?.options ?? []) + (declared[entry.name] ?? []) {
                if let value = entry.options.value(option.name) {
                    // A plugin may not mark every secret: its names count too, and a value made from
                    // the environment is shown as written.
                    let masked = option.isSecret || factory?.takesOwnOptions == true && ProviderOption.nameLooksSecret(option.name)
                    let written = factory?.takesOwnOptions == true ? entry.options.written.first { $0.key == option.name }?.value : nil
                    members.append((option.name, masked ? .string(mask) : written.flatMap { Self.mentionsVariable($0) ? $0 : nil } ?? value))
                } else if let fallback = option.defaultValue {
                    members.append((option.name, .string("(default: \(option.isSecret ? mask : fallback))")))
                }
            }
            return .object(members)
        }
        return .object([
            ("store", .string(storePath)),
            ("album", .object([("photos", .number(Double(config.album.photos))), ("size", .string(config.album.size.rawValue))])),
            ("downloads", .object([
                ("concurrency", .number(Double(config.downloads.concurrency))), ("retries", .number(Double(config.downloads.retries))),
                ("timeoutSeconds", .number(config.downloads.timeoutSeconds)), ("maxPhotoBytes", .number(Double(config.downloads.maxPhotoBytes))),
            ])),
            ("routing", .object([("strategy", .string(config.strategy.rawValue))])),
            ("serve", .object([("tiles", config.serve.tiles.map { tiles in
                .object([("url", .string(tiles.url)), ("attribution", .string(tiles.attribution)), ("maxZoom", .number(Double(tiles.maxZoom)))])
            } ?? .null)])),
            ("providers", .array(providers)),
        ])
    }
}

/// Words as a shell reads them back.
enum Shell {
    /// `word` as is when the shell reads it so, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789/._-+:,@%".unicodeScalars.contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
