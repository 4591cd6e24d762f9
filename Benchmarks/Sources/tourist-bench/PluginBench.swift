import Exec
import Fixture
import Foundation
import Logging
import TouristCore

/// `tourist-bench serve-plugin FIXTURE_DIR`: a minimal provider plugin in Swift, serving a fixture
/// set through the provider protocol on stdin/stdout (hello, search by cursor, shutdown). Its
/// searches run the same `FixtureProvider` code tourist runs in process, so timing the two side by
/// side measures the protocol alone: encoding, the pipes, decoding.
func servePlugin(fixture folder: String) async throws -> Never {
    let provider = try FixtureProvider(name: "bench", folder: folder)
    let formatter = ISO8601DateFormatter()
    // The set does not change: each photo's JSON is made once.
    var made: [String: JSONValue] = [:]
    func json(_ photo: PhotoCandidate) -> JSONValue {
        if let known = made[photo.key.id] { return known }
        let value = JSONValue.object([
            ("id", .string(photo.key.id)), ("title", .string(photo.title)), ("owner", photo.owner.map(JSONValue.string) ?? .null),
            ("license", photo.license.map(JSONValue.string) ?? .null),
            ("takenAt", photo.takenAt.map { .string(formatter.string(from: $0)) } ?? .null),
            ("latitude", .number(photo.location?.latitude ?? 0)), ("longitude", .number(photo.location?.longitude ?? 0)),
            ("sizes", .object(photo.sources.keys.sorted().map { ($0.rawValue, JSONValue.object([])) })),
        ])
        made[photo.key.id] = value
        return value
    }
    while let line = readLine() {
        guard let request = try? JSONParser.parse(Array(line.utf8)), let id = request["id"]?.numberValue,
            let method = request["method"]?.stringValue
        else { continue }
        let params = request["params"] ?? .null
        var result = JSONValue.object([])
        switch method {
        case "hello":
            result = .object([
                ("protocol", .number(1)), ("provider", .string("bench-fixture")), ("capabilities", .array([.string("search")])),
            ])
        case "search":
            let center = try GeoPoint(latitude: params["latitude"]?.numberValue ?? 0, longitude: params["longitude"]?.numberValue ?? 0)
            let page = params["cursor"]?.stringValue.flatMap(Int.init) ?? 1
            let query = GeoQuery(
                center: center, radiusKm: params["radiusKm"]?.numberValue ?? 5, limit: Int(params["limit"]?.numberValue ?? 21), page: page)
            let found = try await provider.search(query)
            let photos = found.candidates.map(json)
            result = .object([("photos", .array(photos)), ("cursor", found.nextPage.map { .string(String($0)) } ?? .null)])
        case "shutdown":
            answer(JSONValue.object([("id", .number(id)), ("result", result)]))
            exit(0)
        default:
            break
        }
        answer(JSONValue.object([("id", .number(id)), ("result", result)]))
    }
    exit(0)
}

/// Writes one protocol line to stdout at once (no buffering to flush).
private func answer(_ line: JSONValue) {
    FileHandle.standardOutput.write(Data((line.compact() + "\n").utf8))
}

/// `tourist-bench plugin-overhead FIXTURE_DIR ROUNDS`: the same search (the Eiffel Tower, 21 photos)
/// ROUNDS times one after another through the fixture provider in process and through
/// `serve-plugin` started once (warmed up first); prints one JSON object with the mean per request.
func pluginOverhead(fixture folder: String, rounds: Int) async throws {
    let text =
        #"{"providers": [{"name": "bench", "type": "exec", "command": ["\#(CommandLine.arguments[0])", "serve-plugin", "\#(folder)"]}]}"#
    let directory = FileManager.default.currentDirectoryPath
    let environment = ProcessInfo.processInfo.environment
    let loader = ConfigLoader(registry: ProviderRegistry([ExecProviderFactory()]), environment: environment, workingDirectory: directory)
    let config = try loader.parse(Array(text.utf8), path: directory + "/bench.json")
    let context = ProviderContext(configDirectory: directory, environment: environment, logger: Logger(label: "bench"), http: HTTPClient())
    let router = Router(providers: try loader.makeProviders(config, context: context))
    guard let plugin = router.providers.first?.provider else { fail("the plugin provider was not built") }
    let local = try FixtureProvider(name: "bench", folder: folder)
    let query = GeoQuery(center: try GeoPoint(latitude: 48.8584, longitude: 2.2945), radiusKm: 5, limit: 21)

    func measure(_ provider: any PhotoProvider) async throws -> Double {
        for _ in 0..<max(50, rounds / 10) { _ = try await provider.search(query) }
        let clock = ContinuousClock()
        var photos = 0
        let elapsed = try await clock.measure {
            for _ in 0..<rounds { photos += try await provider.search(query).candidates.count }
        }
        guard photos == rounds * 21 else { fail("expected 21 photos per search, got \(photos / rounds)") }
        return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    }
    let inProcess = try await measure(local) / Double(rounds)
    let throughPlugin = try await measure(plugin) / Double(rounds)
    await router.shutdown()
    let report: [String: Any] = [
        "rounds": rounds, "inProcessMicroseconds": inProcess, "pluginMicroseconds": throughPlugin,
        "addedMicroseconds": throughPlugin - inProcess, "ratio": throughPlugin / inProcess,
    ]
    print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
}
