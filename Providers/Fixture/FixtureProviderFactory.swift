import Foundation
import TouristCore

/// Builds `type: "fixture"` providers.
public struct FixtureProviderFactory: ProviderFactory {
    public init() {}

    public let type = "fixture"
    public let summary = "Photos from a fixture folder (manifest.json + images); by default the bundled demo set of 6 places."
    public let options: [ProviderOption] = [
        ProviderOption("path", .path, help: "Folder holding manifest.json and the photos", default: "the bundled demo set"),
        ProviderOption("latencyMs", .integer(0...600_000), help: "Delay added to every search and download, in milliseconds", default: "0"),
        ProviderOption("failEvery", .integer(0...1_000_000), help: "Fail every Nth request as unavailable (0: never)", default: "0"),
    ]

    public func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        let folder: String
        if let path = options.string("path") {
            guard FileManager.default.fileExists(atPath: path + "/manifest.json") else {
                throw options.error("path", "\(path) holds no manifest.json", fix: "Point it at a fixture set's folder (manifest.json and its photos), or remove the key to use the bundled demo set.")
            }
            folder = path
        } else {
            guard let bundled = DemoSet.folder else {
                throw InputDataError("the bundled demo set was not found next to the tourist executable (\(DemoSet.bundleName)/DemoSet). Reinstall tourist with its resources, or set the fixture provider's \"path\"")
            }
            folder = bundled
        }
        return try FixtureProvider(
            name: name, folder: folder, latencyMs: options.integer("latencyMs") ?? 0, failEvery: options.integer("failEvery") ?? 0,
            namingPlaces: options.string("path") == nil
        )
    }
}

/// Finds the bundled demo set, which SwiftPM copies into a resource bundle beside the executable.
enum DemoSet {
    static let bundleName = "tourist_Fixture.resources"

    /// The demo set's folder, or nil when the resource bundle is missing.
    static var folder: String? {
        var candidates: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            candidates.append(executable.appendingPathComponent(bundleName).path)
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundleName).path)
        return candidates.map { $0 + "/DemoSet" }.first { FileManager.default.fileExists(atPath: $0 + "/manifest.json") }
    }
}
