import BuiltInProviders
import TouristCore

/// A config file: `ConfigLoader.parse` with every built-in provider type (and no plugins found),
/// as `tourist` reads `--config`. Contract: a config or a `ConfigError` that says where and what.
enum ConfigDoor {
    static let loader = ConfigLoader(
        registry: BuiltInProviders.registry, environment: ["HOME": "/home/fuzz", "FLICKR_API_KEY": "key"], workingDirectory: "/work"
    )

    static func check(_ bytes: [UInt8]) {
        do {
            let config = try loader.parse(bytes, path: "/work/config.json")
            contract(!config.providers.isEmpty, "a config without providers")
        } catch {
            contract(!error.problem.isEmpty && !error.fix.isEmpty, "an error without its problem or fix: \(error)")
        }
    }
}
