import Directory
import Fixture
import Flickr
import Testing
@testable import TouristCore

/// The starter config is the providers' defaults written out: a few choices go in, every other
/// value comes from `TouristConfig`'s sections and the factories' descriptions, and it reads back
/// as the config it shows.
@Suite struct StarterConfigTests {
    let registry = ProviderRegistry([FlickrProviderFactory(), FixtureProviderFactory(), DirectoryProviderFactory()])
    let world = GeoBox(minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90)

    var starter: StarterConfig {
        StarterConfig(providers: [
            .init(type: "flickr"),
            .init(name: "pictures", type: "directory", enabled: false, options: [("path", .array([.string("~/Pictures")]))]),
            .init(name: "demo", type: "fixture", coverage: world),
        ])
    }

    func written() throws -> JSONValue { try JSONParser.parse(Array(starter.text(registry: registry).utf8)) }

    func option(_ name: String, of factory: any ProviderFactory) -> JSONValue? {
        factory.options.first { $0.name == name }?.writableDefault
    }

    @Test func sectionsAndEntriesTakeTheirDefaults() throws {
        let file = try written()
        let defaults = TouristConfig(source: .builtIn, storePath: nil, directory: "")
        #expect(file["store"] == .string("~/.local/share/tourist"))
        #expect(
            file["album"]
                == .object([
                    ("photos", .number(Double(Defaults.albumPhotos))), ("size", .string(defaults.album.size.rawValue)),
                    (
                        "lookalikes",
                        .object([
                            ("enabled", .bool(defaults.album.lookalikes.enabled)),
                            ("maxDistance", .number(Double(defaults.album.lookalikes.maxDistance))),
                        ])
                    ),
                ]))
        #expect(file["downloads"]?["concurrency"] == .number(Double(defaults.downloads.concurrency)))
        #expect(file["routing"] == .object([("strategy", .string(defaults.strategy.rawValue))]))
        #expect(file["serve"] == .object([("tiles", .null)]))
        // The geocoder is shown off, with every key, so turning it on is two values away.
        #expect(
            file["geocoder"]
                == .object([
                    ("type", .string("nominatim")), ("enabled", .bool(false)), ("url", .string("https://nominatim.openstreetmap.org")),
                    ("contact", .null), ("language", .null), ("timeoutSeconds", .number(10)),
                ]))

        let entries = try #require(file["providers"]?.arrayValue)
        #expect(
            entries.map { $0["name"] } == [.string("flickr"), .string("pictures"), .string("demo")],
            "the starter's order, a name defaulting to the type")
        let flickr = FlickrProviderFactory()
        #expect(entries[0]["requestsPerHour"] == flickr.defaultRequestsPerHour.map { .number(Double($0)) })
        #expect(entries[0]["perPage"] != nil && entries[0]["perPage"] == option("perPage", of: flickr))
        #expect(entries[0]["apiKey"] == nil, "a secret's default is never written")
        #expect(
            entries[0]["concurrency"] == .number(Double(defaults.downloads.concurrency)),
            "no limit of its own: downloads.concurrency, written out")

        let directory = DirectoryProviderFactory()
        #expect(
            entries[1]["enabled"] == .bool(false) && entries[1]["path"] == .array([.string("~/Pictures")]),
            "the starter's choices, as written")
        #expect(entries[1]["timeoutSeconds"] == .number(directory.defaultTimeoutSeconds))
        #expect(entries[1]["extensions"] != nil && entries[1]["extensions"] == option("extensions", of: directory))

        #expect(entries[2]["coverage"] == .array([-180, -90, 180, 90].map { .number($0) }))
        #expect(entries[2]["latencyMs"] == .number(0) && entries[2]["path"] == nil, "a default described in words is left out")
    }

    /// Loaded and printed as `config check` prints it, the starter is the same file (its `~/Pictures`
    /// expanded).
    @Test func readsBackAsTheConfigItShows() throws {
        let file = try written()
        let text = starter.text(registry: registry)
        let loaded = try ConfigLoader(registry: registry, environment: ["HOME": "/home/ann"], workingDirectory: "/work")
            .parse(Array(text.utf8), path: "/home/ann/.config/tourist/config.json")
        let shown = EffectiveConfig.render(loaded, storePath: "~/.local/share/tourist", registry: registry)
        var entries = try #require(file["providers"]?.arrayValue)
        entries[1] = entries[1].setting("path", to: .array([.string("/home/ann/Pictures")]))
        #expect(shown == file.setting("providers", to: .array(entries)))
    }
}
