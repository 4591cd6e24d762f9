/// The gazetteer the use cases of one process share (`Library`, `PlaceFinder`, `PlaceSearch`, pin
/// files, the server's city labels): made once, by the front end's setup, and handed to each. It
/// is loaded only when one first asks for a place, so a command that needs none never reads it.
public struct GazetteerSource: Sendable {
    private let load: @Sendable () throws -> Gazetteer

    /// A source whose gazetteer `load` gives (a test's own, say).
    public init(_ load: @escaping @Sendable () throws -> Gazetteer) {
        self.load = load
    }

    /// The gazetteer built into tourist (`Gazetteer.bundled`), loaded on first use and kept for
    /// the process.
    public static let bundled = GazetteerSource { try Gazetteer.bundled() }

    /// The gazetteer, loaded on the first call.
    public func gazetteer() throws -> Gazetteer {
        try load()
    }
}
