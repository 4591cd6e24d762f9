import Foundation
import TouristCore

/// Builds `type: "fixture"` providers.
public struct FixtureProviderFactory: ProviderFactory {
    public init() {}

    public let type = "fixture"
    public let summary = "Photos from a fixture folder (manifest.json + images); by default the demo set of 6 places built into tourist."
    public let displayName: String? = "the demo set"
    public let options: [ProviderOption] = [
        ProviderOption("path", .path, help: "Folder holding manifest.json and the photos", default: "the bundled demo set"),
        ProviderOption("latencyMs", .integer(0...600_000), help: "Delay added to every search and download, in milliseconds", default: "0"),
        ProviderOption("failEvery", .integer(0...1_000_000), help: "Fail every Nth request as unavailable (0: never)", default: "0"),
    ]

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        let path = options.string("path")
        if let path, !FileManager.default.fileExists(atPath: path + "/manifest.json") {
            throw options.error(
                "path", "\(path) holds no manifest.json",
                fix: "Point it at a fixture set's folder (manifest.json and its photos), or remove the key to use the bundled demo set.")
        }
        return try FixtureProvider(
            name: name, folder: path, latencyMs: options.integer("latencyMs") ?? 0, failEvery: options.integer("failEvery") ?? 0)
    }
}
