import Foundation
import TouristCore

/// Builds `type: "exec"` providers: the program and its arguments in `command`, every other key of
/// the entry (beyond the common ones) handed to the plugin as its own options.
public struct ExecProviderFactory: ProviderFactory {
    public init() {}

    public let type = "exec"
    public let summary =
        "A provider plugin: any program speaking tourist's provider protocol, started with `command`; its own options are the entry's other keys."
    public let options: [ProviderOption] = [
        ProviderOption(
            "command", .strings,
            help: "The plugin program and its arguments; the program is found on PATH, or by its path relative to the config's folder",
            required: true, example: #"["python3", "walks.py"]"#
        ),
        PluginLaunchBuilder.passEnvironmentOption,
    ]
    public let takesOwnOptions = true

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        guard let command = options.strings("command"), let program = command.first else {
            throw options.error(
                "command", "missing", fix: "Add \"command\": the plugin program and its arguments, such as [\"python3\", \"walks.py\"].")
        }
        let arguments = command.dropFirst().map { PluginLaunchBuilder.expandHome($0, environment: context.environment) }
        let executable = PluginLaunchBuilder.locate(program, environment: context.environment, base: context.configDirectory)
        return PluginLaunchBuilder.provider(
            name: name, executable: executable, arguments: Array(arguments), options: options,
            exclude: ["command", PluginEnvironment.passKey],
            programKey: "\(options.keyPath).command[0]", context: context
        )
    }
}

/// Builds providers of a plugin type found on PATH: `"type": "walks"` runs `tourist-provider-walks`.
public struct PluginTypeFactory: ProviderFactory {
    public let type: String
    /// The program's absolute path.
    public let executable: String

    public init(type: String, executable: String) {
        self.type = type
        self.executable = executable
    }

    public var summary: String { "A provider plugin found on PATH: \(executable)" }
    public let options: [ProviderOption] = [PluginLaunchBuilder.passEnvironmentOption]
    public let takesOwnOptions = true

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        PluginLaunchBuilder.provider(
            name: name, executable: .success(executable), arguments: [], options: options, exclude: [PluginEnvironment.passKey],
            programKey: "\(options.keyPath).type", context: context
        )
    }
}

/// What both plugin factories share: finding the program, and the `hello` and settings of a provider.
enum PluginLaunchBuilder {
    /// The entry key both plugin factories take beside the plugin's own options.
    static let passEnvironmentOption = ProviderOption(
        PluginEnvironment.passKey, .strings,
        help:
            "Names of tourist's environment variables the plugin also gets (it always gets PATH, HOME, USER, LANG, LC_*, TZ, TMPDIR and the like, never the rest)",
        example: #"["HTTPS_PROXY", "MAPILLARY_TOKEN"]"#
    )

    static func provider(
        name: String, executable: Result<String, PluginLaunch.Problem>, arguments: [String], options: ProviderOptions, exclude: Set<String>,
        programKey: String, context: ProviderContext
    ) -> ExecProvider {
        let own = options.written.filter { !exclude.contains($0.key) }.compactMap { member in
            options.value(member.key).map { (member.key, $0) }
        }
        let hello = helloParams(name: name, options: own, stateDirectory: context.stateDirectory, albumSize: context.albumSize)
        let timeout = context.requestTimeout ?? TouristConfig.ProviderEntry.defaultTimeoutSeconds
        // Kept out of everything printed even before the plugin's `hello` says which are secret;
        // once it has said, its secret options too; if it never says (its hello fails), every
        // option's text, as any of them may be a secret.
        let secrets = SecretValues(Set(own.filter { ProviderOption.nameLooksSecret($0.0) }.flatMap { texts(in: $0.1) }))
        let launch = PluginLaunch(
            name: name, executable: executable, programLocation: "\(programKey) in \(options.configFile)", arguments: arguments,
            environment: PluginEnvironment.minimal(from: context.environment, passing: options.strings(PluginEnvironment.passKey) ?? []),
            directory: context.configDirectory, hello: hello, timeout: timeout,
            configFile: options.configFile, keyPath: options.keyPath,
            validate: { [environment = context.environment, directory = context.configDirectory] (declared) throws(ConfigError) in
                try options.validate(against: declared, alsoAllowed: Array(exclude), environment: environment, directory: directory)
            },
            redact: { secrets.redact($0) },
            protect: { declared in
                let secret = declared.map { declared in Set(declared.filter(\.isSecret).map(\.name)) }
                secrets.add(own.filter { secret?.contains($0.0) ?? true }.flatMap { texts(in: $0.1) })
            }
        )
        let settings = ExecProvider.Settings(
            http: context.http, maxPhotoBytes: context.maxPhotoBytes, requestTimeout: timeout, fetchTimeout: context.downloadTimeout,
            scratch: ScratchSpace(storeArea: context.temporaryDirectory), options: options, programKey: programKey
        )
        return ExecProvider(name: name, launch: launch, settings: settings, logger: context.logger)
    }

    /// The params of `hello`: the protocols this tourist speaks, its version, the provider's name,
    /// the entry's own options, its state folder and the album size.
    static func helloParams(name: String, options own: [(String, JSONValue)], stateDirectory: String?, albumSize: PhotoSize) -> JSONValue {
        .object([
            ("protocols", .array(PluginHello.protocols.map { .number(Double($0)) })),
            ("tourist", .string(TouristVersion.current)),
            ("name", .string(name)),
            ("options", .object(own)),
            ("stateDirectory", stateDirectory.map(JSONValue.string) ?? .null),
            ("albumSize", .string(albumSize.rawValue)),
        ])
    }

    /// The texts of an option's value (a string, or the strings in a list), those long enough to
    /// mask without masking ordinary words.
    static func texts(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): text.count >= 4 ? [text] : []
        case .array(let items): items.flatMap(texts)
        case .object(let members): members.flatMap { texts(in: $0.value) }
        case .null, .bool, .number: []
        }
    }

    /// The program's absolute path: `program` itself when it names a path (relative to `base`), else
    /// the first executable of that name in `$PATH`; or why there is none.
    static func locate(_ program: String, environment: [String: String], base: String) -> Result<String, PluginLaunch.Problem> {
        if program.contains("/") || program.hasPrefix("~") {
            let path = PathResolution.resolve(program, environment: environment, relativeTo: base)
            guard FileManager.default.fileExists(atPath: path) else { return .failure(.init(reason: "\(path) does not exist")) }
            guard PluginDiscovery.isExecutableFile(path) else {
                return .failure(
                    .init(
                        reason:
                            "\(path) is not an executable file (chmod +x it, or start it through its interpreter, as in [\"python3\", \"\(program)\"])"
                    ))
            }
            return .success(path)
        }
        let folders = PluginDiscovery.folders(environment["PATH"])
        if let found = folders.map({ "\($0)/\(program)" }).first(where: PluginDiscovery.isExecutableFile) { return .success(found) }
        return .failure(.init(reason: "\"\(program)\" was not found on PATH (\(folders.joined(separator: ":")))"))
    }

    /// `~` or `~/…` at the start of an argument, expanded to `$HOME`.
    static func expandHome(_ argument: String, environment: [String: String]) -> String {
        guard argument == "~" || argument.hasPrefix("~/") else { return argument }
        return (environment["HOME"] ?? NSHomeDirectory()) + argument.dropFirst()
    }
}
