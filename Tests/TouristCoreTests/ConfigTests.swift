import Logging
import Testing
import TestSupport
import Fixture
@testable import TouristCore

@Suite struct ConfigTests {
    let registry = ProviderRegistry([FixtureProviderFactory()])

    func load(_ text: String, environment: [String: String] = [:]) throws -> TouristConfig {
        try ConfigLoader(registry: registry, environment: environment, workingDirectory: "/work").parse(
            Array(text.utf8), path: "/etc/t/config.json")
    }

    func message(_ text: String, environment: [String: String] = [:]) -> String? {
        do {
            _ = try load(text, environment: environment)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func reportsJSONSyntaxErrorsWithLineAndColumn() {
        #expect(
            message("{\n  \"album\": {\"photos\": 21,}\n}")
                == "/etc/t/config.json: line 2, column 26: invalid JSON: trailing comma before '}'. Fix the JSON syntax at that place.")
        #expect(
            message("{\"providers\": [\n  {\"name\": \"a\" \"type\": \"fixture\"}\n]}")
                == "/etc/t/config.json: line 2, column 16: invalid JSON: expected ',' or '}' after the value of \"name\". Fix the JSON syntax at that place."
        )
        #expect(
            message("")
                == "/etc/t/config.json: line 1, column 1: invalid JSON: unexpected end of file; a value was expected. Fix the JSON syntax at that place."
        )
    }

    @Test func namesUnknownProviderTypesWithASuggestion() {
        #expect(
            message(#"{"providers": [{"name": "a", "type": "fixtures"}]}"#)
                == "/etc/t/config.json: providers[0].type: unknown provider type \"fixtures\". Use one of: fixture, or install a plugin as tourist-provider-fixtures on PATH. Did you mean \"fixture\"?"
        )
        #expect(
            message(#"{"providers": [{"type": "fixture"}, {"type": "zzz"}]}"#)
                == "/etc/t/config.json: providers[1].type: unknown provider type \"zzz\". Use one of: fixture, or install a plugin as tourist-provider-zzz on PATH."
        )
    }

    @Test func lookalikesAreOnUnlessTurnedOffAndTheirDistanceIsChecked() throws {
        #expect(try load("{}").album.lookalikes == TouristConfig.Lookalikes(enabled: true, maxDistance: 10))
        let set = try load(#"{"album": {"lookalikes": {"enabled": false, "maxDistance": 6}}}"#).album.lookalikes
        #expect(set == TouristConfig.Lookalikes(enabled: false, maxDistance: 6))
        #expect(
            message(#"{"album": {"lookalikes": {"maxDistance": 40}}}"#)
                == "/etc/t/config.json: album.lookalikes.maxDistance: 40 is out of range. Use a number from 0 to 16.")
        #expect(
            message(#"{"album": {"lookalikes": {"enabled": "no"}}}"#)
                == "/etc/t/config.json: album.lookalikes.enabled: expected true or false, found a string. Write true or false without quotes."
        )
        #expect(
            message(#"{"album": {"lookalikes": {"distance": 4}}}"#)?.hasPrefix("/etc/t/config.json: album.lookalikes.distance: ") == true)
    }

    @Test func refusesDuplicateProviderNames() {
        #expect(
            message(#"{"providers": [{"name": "a", "type": "fixture"}, {"name": "a", "type": "fixture"}]}"#)
                == "/etc/t/config.json: providers[1].name: the provider name \"a\" is used twice. Give each provider a different name.")
    }

    @Test func expandsVariablesAndNamesMissingOnes() throws {
        #expect(
            message(#"{"providers": [{"type": "fixture", "path": "${DEMO_SET}/x"}]}"#)
                == "/etc/t/config.json: providers[0].path: environment variable DEMO_SET is not set. Set it (export DEMO_SET=…) or write the value into the config."
        )
        let config = try load(#"{"providers": [{"type": "fixture", "path": "${DEMO_SET}/x"}]}"#, environment: ["DEMO_SET": "/data/sets"])
        #expect(config.providers[0].options.string("path") == "/data/sets/x")
    }

    @Test func expandsHomeAndResolvesRelativePaths() throws {
        let config = try load(
            #"{"store": "~/photos", "providers": [{"type": "fixture", "path": "sets/demo"}]}"#, environment: ["HOME": "/home/ann"])
        #expect(config.storePath == "/home/ann/photos")
        #expect(config.providers[0].options.string("path") == "/etc/t/sets/demo")
    }

    @Test func reportsUnknownKeysAndBadValues() {
        #expect(message(#"{"albums": {}}"#) == "/etc/t/config.json: albums: unknown key \"albums\". Did you mean \"album\"?")
        #expect(message(#"{"album": {"photos": 0}}"#) == "/etc/t/config.json: album.photos: 0 is out of range. Use a number from 1 to 500.")
        #expect(
            message(#"{"album": {"size": "huge"}}"#)
                == "/etc/t/config.json: album.size: unknown photo size \"huge\". Use one of: s, t, q, m, n, w, z, c, b, h, k, o.")
        #expect(
            message(#"{"downloads": {"concurrency": "8"}}"#)
                == "/etc/t/config.json: downloads.concurrency: expected a number, found a string. Write a number without quotes, from 1 to 64."
        )
        #expect(
            message(#"{"providers": [{"type": "fixture", "latencyMS": 5}]}"#)
                == "/etc/t/config.json: providers[0].latencyMS: unknown key \"latencyMS\". Did you mean \"latencyMs\"?")
        #expect(
            message(#"{"providers": [{"type": "fixture", "coverage": [1, 2, 3]}]}"#)
                == "/etc/t/config.json: providers[0].coverage: expected 4 numbers, found 3. Write [minLon, minLat, maxLon, maxLat] in decimal degrees, for example [-10.5, 35.0, 30.0, 60.0]."
        )
        #expect(
            message(#"{"providers": []}"#)
                == "/etc/t/config.json: providers: the list is empty. Add at least one provider, such as { \"name\": \"demo\", \"type\": \"fixture\" }, or remove the key to use the built-in demo provider."
        )
        #expect(
            message(#"{"routing": {"strategy": "fastest"}}"#)
                == "/etc/t/config.json: routing.strategy: unknown routing strategy \"fastest\". Use one of: first, merge.")
        #expect(message(#"[1]"#) == "/etc/t/config.json: top level: expected an object, found an array. Write it as { … }.")
    }

    @Test func followsThePrecedenceOfConfigLocations() throws {
        let folder = TemporaryDirectory()
        let explicit = try folder.write("explicit.json", #"{"album": {"photos": 1}}"#)
        let fromEnvironment = try folder.write("env.json", #"{"album": {"photos": 2}}"#)
        try folder.write("xdg/tourist/config.json", #"{"album": {"photos": 3}}"#)
        let environment = ["TOURIST_CONFIG": fromEnvironment, "XDG_CONFIG_HOME": folder.child("xdg"), "HOME": folder.path]
        let loader = ConfigLoader(registry: registry, environment: environment, workingDirectory: folder.path)
        #expect(try loader.load(explicitPath: explicit).album.photos == 1)
        #expect(try loader.load(explicitPath: nil).album.photos == 2)
        var withoutVariable = environment
        withoutVariable["TOURIST_CONFIG"] = nil
        #expect(
            try ConfigLoader(registry: registry, environment: withoutVariable, workingDirectory: folder.path).load(explicitPath: nil).album
                .photos == 3)
        let bare = ConfigLoader(registry: registry, environment: ["HOME": folder.child("nobody")], workingDirectory: folder.path)
        let builtIn = try bare.load(explicitPath: nil)
        #expect(builtIn.source == .builtIn)
        #expect(builtIn.providers.map(\.type) == ["fixture"])
    }

    @Test func defaultsFillWhatIsNotWritten() throws {
        let config = try load("{}")
        #expect(config.album == TouristConfig.Album())
        #expect(config.album.photos == 21)
        #expect(config.downloads.concurrency == 8)
        #expect(config.providers.map(\.name) == ["demo"])
    }
}
