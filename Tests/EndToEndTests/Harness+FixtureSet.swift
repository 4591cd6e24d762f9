import Foundation
import Testing
import TestSupport

extension Harness {
    /// Where `withFixtureSet` places its photos: photo i (`own:p-00i`) lies 0.1·i km due north.
    static let fixtureCenter = (latitude: "10", longitude: "10")

    /// A harness whose default config (in its HOME) has one provider, `own`: a fixture set of
    /// `photos` photos on a line due north of `fixtureCenter`, 0.1 km apart, so a radius decides
    /// exactly which of them a search can find. `providersFirst` (JSON objects, each followed by a
    /// comma) come before it in the routing order.
    static func withFixtureSet(photos: Int, providersFirst: String = "") throws -> Harness {
        let harness = try Harness()
        let set = harness.folder.child("set")
        try FixtureSetWriter.write(in: set, latitude: 10, longitude: 10, count: photos, bytesPerPhoto: 512)
        try harness.folder.write(
            "home/.config/tourist/config.json", #"{"providers": [\#(providersFirst){"name": "own", "type": "fixture", "path": "\#(set)"}]}"#
        )
        return harness
    }
}

/// A pin "Row" at `Harness.fixtureCenter` (radius 1 km) whose album holds the first 3 photos of a
/// 4-photo fixture set, and `tourist serve` on its store: the album the keyboard tests step through.
struct ServedRow {
    let harness: Harness
    /// The pin's id.
    let id: String
    let server: ServedStore

    init() async throws {
        harness = try Harness.withFixtureSet(photos: 4)
        id = try #require(try await harness.json("pin", "add", "10", "10", "--radius", "1", "--name", "Row")["id"] as? String)
        try await harness.run("fetch", "Row", "--count", "3")
        server = try await ServedStore(harness)
    }
}
