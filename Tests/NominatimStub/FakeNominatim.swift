import Foundation
import LoopbackHTTP
import Synchronization

/// A fake Nominatim on 127.0.0.1: `/search?q=…&format=jsonv2&limit=N` answered in the real
/// jsonv2 shape (strings for `lat`/`lon`, `category`, `place_rank`, `importance`, `addresstype`,
/// `name`, `display_name`, `boundingbox`), best first, from the places it is given. A place
/// matches when every word of the query is in one of its names or its address line, ignoring
/// case and commas. It records each request with the time it arrived, and can be told to fail
/// the next requests. Stops when released, or at `stop()`.
public final class FakeNominatim: Sendable {
    /// One place the fake knows.
    public struct Place: Sendable {
        public var name: String
        /// Other names it is found by ("Eiffel Tower" for "Tour Eiffel", as OSM's `name:en`).
        public var alternateNames: [String]
        public var displayName: String
        public var latitude: Double
        public var longitude: Double
        public var category: String
        public var type: String
        public var importance: Double
        public var osmType: String
        public var osmID: Int

        public init(
            name: String, alternateNames: [String] = [], displayName: String, latitude: Double, longitude: Double,
            category: String = "tourism", type: String = "attraction", importance: Double = 0.5, osmType: String = "way", osmID: Int = 1
        ) {
            self.name = name
            self.alternateNames = alternateNames
            self.displayName = displayName
            self.latitude = latitude
            self.longitude = longitude
            self.category = category
            self.type = type
            self.importance = importance
            self.osmType = osmType
            self.osmID = osmID
        }

        /// The Eiffel Tower as OpenStreetMap has it.
        public static let eiffelTower = Place(
            name: "Tour Eiffel", alternateNames: ["Eiffel Tower"],
            displayName:
                "Tour Eiffel, 5, Avenue Anatole France, Quartier du Gros-Caillou, Paris 7e Arrondissement, Paris, Île-de-France, France métropolitaine, 75007, France",
            latitude: 48.8582599, longitude: 2.2945006, category: "man_made", type: "tower", importance: 0.6205937724353116, osmType: "way",
            osmID: 5013364
        )
        /// The replica at Paris Las Vegas.
        public static let lasVegasEiffelTower = Place(
            name: "Eiffel Tower",
            displayName: "Eiffel Tower, 3655, Las Vegas Boulevard South, Paradise, Clark County, Nevada, 89109, United States",
            latitude: 36.1124813, longitude: -115.1728484, category: "tourism", type: "attraction", importance: 0.35, osmType: "way",
            osmID: 83244281
        )
        /// An address: a house with no name of its own.
        public static let downingStreet = Place(
            name: "",
            displayName: "10, Downing Street, St. James's, Westminster, London, Greater London, England, SW1A 2AA, United Kingdom",
            latitude: 51.50344025, longitude: -0.12770820958562096, category: "building", type: "house", importance: 0.3, osmType: "way",
            osmID: 1879842
        )
    }

    /// A request as it arrived, and when.
    public struct Received: Sendable {
        public let request: LoopbackRequest
        public let at: Date
    }

    /// How the next requests fail.
    public enum Fault: Sendable {
        case status(Int, retryAfter: Int? = nil)
        case notJSON
        case reset
    }

    struct State {
        var places: [Place]
        var received: [Received] = []
        var faults: [Fault] = []
    }

    public let server: LoopbackServer
    let state: Mutex<State>

    public init(places: [Place] = [.eiffelTower, .lasVegasEiffelTower, .downingStreet], delay: Duration = .zero) throws {
        state = Mutex(State(places: places))
        let box = HandlerBox()
        server = try LoopbackServer(delay: delay) { box.handle($0) }
        box.set(self)
    }

    /// Lets the server's handler reach the fake once both exist, without keeping it alive.
    private final class HandlerBox: Sendable {
        private struct Weak { weak var fake: FakeNominatim? }
        private let target = Mutex(Weak())
        func set(_ fake: FakeNominatim) { target.withLock { $0.fake = fake } }
        func handle(_ request: LoopbackRequest) -> LoopbackReply {
            target.withLock { $0.fake }?.answer(request) ?? .resetConnection
        }
    }

    /// "http://127.0.0.1:PORT", what a config's `geocoder.url` names.
    public var url: String { server.url("") }

    public func stop() { server.stop() }

    /// Every request, in order, with the time it arrived.
    public var received: [Received] { state.withLock { $0.received } }
    /// Every search request's `q`, in order.
    public var queries: [String] { received.compactMap { $0.request.query["q"] } }

    /// Fails the next requests, one fault each.
    public func failNext(_ faults: [Fault]) { state.withLock { $0.faults = faults } }

    func answer(_ request: LoopbackRequest) -> LoopbackReply {
        let (fault, places): (Fault?, [Place]) = state.withLock { state in
            state.received.append(Received(request: request, at: Date()))
            return (state.faults.isEmpty ? nil : state.faults.removeFirst(), state.places)
        }
        switch fault {
        case .status(let status, let retryAfter)?:
            return .response(
                status: status, headers: retryAfter.map { [("Retry-After", String($0))] } ?? [],
                body: Array("<html><body>Error \(status)</body></html>".utf8))
        case .notJSON?:
            return .html()
        case .reset?:
            return .resetConnection
        case nil:
            break
        }
        guard request.path == "/search" else { return .json(#"{"error":{"code":404,"message":"Page not found"}}"#, status: 404) }
        guard request.query["format"] == "jsonv2" else {
            return .json(#"{"error":{"code":400,"message":"Parameter 'format' must be jsonv2 here"}}"#, status: 400)
        }
        guard let query = request.query["q"], !query.isEmpty else {
            return .json(#"{"error":{"code":400,"message":"Nothing to search for."}}"#, status: 400)
        }
        let limit = Int(request.query["limit"] ?? "10").map { min(max($0, 1), 40) } ?? 10
        let words = Self.words(query)
        let found = places.filter { place in
            let texts = ([place.name, place.displayName] + place.alternateNames).map(Self.words)
            return words.allSatisfy { word in texts.contains { $0.contains(word) } }
        }.sorted { $0.importance > $1.importance }.prefix(limit)
        return .json("[" + found.enumerated().map { Self.json($1, placeID: 100_000 + $0) }.joined(separator: ",") + "]")
    }

    private static func words(_ text: String) -> [String] {
        text.lowercased().split { $0.isWhitespace || $0 == "," }.map(String.init)
    }

    /// One place in jsonv2's shape.
    private static func json(_ place: Place, placeID: Int) -> String {
        func quoted(_ text: String) -> String {
            let data = try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
            return String(decoding: data ?? Data("[\"\"]".utf8), as: UTF8.self).dropFirst().dropLast().description
        }
        let box = [place.latitude - 0.001, place.latitude + 0.001, place.longitude - 0.001, place.longitude + 0.001].map {
            quoted(String($0))
        }
        return """
            {"place_id":\(placeID),"licence":"Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",\
            "osm_type":\(quoted(place.osmType)),"osm_id":\(place.osmID),"lat":\(quoted(String(place.latitude))),"lon":\(quoted(String(place.longitude))),\
            "category":\(quoted(place.category)),"type":\(quoted(place.type)),"place_rank":30,"importance":\(place.importance),\
            "addresstype":\(quoted(place.category)),"name":\(quoted(place.name)),"display_name":\(quoted(place.displayName)),\
            "boundingbox":[\(box.joined(separator: ","))]}
            """
    }
}
