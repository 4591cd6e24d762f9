import Foundation
import Testing
import TestSupport

/// `store copy` between folders, through the built binary (issue 34, findings 7 and 8): a copy
/// into another library never replaces or doubles a pin without being told, and a copy killed at
/// any step leaves a destination that passes `store verify`, which copying again completes.
@Suite struct StoreCopyEndToEndTests {
    /// A harness whose default config finds photos in a fixture set of 200 photos 0.1 km apart on
    /// a line north of 10,10, 10 a pin.
    static func harness() throws -> Harness {
        let harness = try Harness()
        let set = harness.folder.child("set")
        try FixtureSetWriter.write(in: set, latitude: 10, longitude: 10, count: 200, bytesPerPhoto: 2048)
        try harness.folder.write(
            "home/.config/tourist/config.json",
            """
            {"album": {"photos": 10}, "providers": [{"name": "own", "type": "fixture", "path": "\(set)"}]}
            """)
        return harness
    }

    /// The pins of `store`: name and id, oldest first.
    static func pins(_ harness: Harness, _ store: String) async throws -> [(name: String, id: String)] {
        let pins = try #require(try await harness.json("pin", "list", "--store", store)["pins"] as? [[String: Any]])
        return pins.map { ($0["name"] as? String ?? "", $0["id"] as? String ?? "") }
    }

    static func expectVerified(
        _ harness: Harness, _ store: String, quick: Bool = false, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let verified =
            quick
            ? try await harness.json("store", "verify", "--quick", "--store", store, sourceLocation: sourceLocation)
            : try await harness.json("store", "verify", "--store", store, sourceLocation: sourceLocation)
        #expect(verified["ok"] as? Bool == true, "\(comment) \(verified["problems"] ?? verified)", sourceLocation: sourceLocation)
    }

    @Test func aCopyIntoAnotherLibraryKeepsARenameMadeThereUnlessToldToOverwrite() async throws {
        let harness = try Self.harness()
        let louvre = try #require(try await harness.json("pin", "add", "48.8606", "2.3376", "--name", "Louvre")["id"] as? String)
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")
        let destination = harness.folder.child("copy")
        try await harness.run("store", "copy", harness.store, destination)
        try await harness.run("pin", "edit", louvre, "--name", "Louvre (renamed there)", "--store", destination)
        try await harness.run("pin", "add", "51.5007", "-0.1246", "--name", "Big Ben")

        let refused = try await harness.run("store", "copy", harness.store, destination, expecting: 65)
        #expect(
            refused.stderr.contains("Louvre (renamed there)") && refused.stderr.contains(louvre) && refused.stderr.contains("--overwrite"),
            "\(refused.stderr)")
        #expect(try await Self.pins(harness, destination).map(\.name) == ["Louvre (renamed there)", "Eiffel Tower"], "nothing was copied")
        try await Self.expectVerified(harness, destination, quick: true)

        let replaced = try await harness.json("store", "copy", harness.store, destination, "--overwrite")
        let conflicts = try #require(replaced["replaced"] as? [[String: Any]])
        #expect(
            conflicts.map { $0["kind"] as? String } == ["same-id"]
                && conflicts.map { $0["destinationName"] as? String } == ["Louvre (renamed there)"], "\(replaced)")
        #expect(
            replaced["pins"] as? Int == 2 && replaced["pinsPresent"] as? Int == 1,
            "Louvre and Big Ben copied, the tower there already: \(replaced)")
        #expect(try await Self.pins(harness, destination).map(\.name) == ["Louvre", "Eiffel Tower", "Big Ben"])
        try await harness.run("pin", "show", "Louvre (renamed there)", "--store", destination, expecting: 65)
        try await Self.expectVerified(harness, destination)
    }

    @Test func aPinOfTheSameNameIsNeverCopiedBesideAnother() async throws {
        let harness = try Self.harness()
        let ours = try #require(try await harness.json("pin", "add", "48.8606", "2.3376", "--name", "Louvre")["id"] as? String)
        let destination = harness.folder.child("other")
        let theirs = try #require(
            try await harness.json("pin", "add", "45.0", "5.0", "--name", "Louvre", "--store", destination)["id"] as? String)
        try await harness.run("pin", "add", "45.1885", "5.7245", "--name", "Grenoble", "--store", destination)

        let refused = try await harness.run("store", "copy", harness.store, destination, expecting: 65)
        #expect(refused.stderr.contains(theirs) && refused.stderr.contains("\"Louvre\""), "\(refused.stderr)")
        let kept = try await Self.pins(harness, destination)
        #expect(kept.map(\.name) == ["Louvre", "Grenoble"] && kept.first?.id == theirs, "nothing was copied: \(kept)")
        try await Self.expectVerified(harness, destination, quick: true)

        let replaced = try await harness.run("store", "copy", harness.store, destination, "--overwrite")
        #expect(replaced.stdout.contains("Replaced 1 pin of \(destination)") && replaced.stdout.contains(theirs), "\(replaced.stdout)")
        let pins = try await Self.pins(harness, destination)
        #expect(
            pins.map(\.name).sorted() == ["Grenoble", "Louvre"] && pins.first { $0.name == "Louvre" }?.id == ours, "one pin a name: \(pins)"
        )
        try await Self.expectVerified(harness, destination, quick: true)
    }

    @Test(arguments: ["copy intent-written", "copy albums-written", "copy listed", "copy named"])
    func aCopyKilledAtAnyStepLeavesADestinationThatVerifiesAndResumes(point: String) async throws {
        let harness = try Self.harness()
        for index in 0..<3 {
            let latitude = String(format: "%.6f", 10 + Double(index + 1) * 2.5 / 111.2)
            try await harness.run("pin", "add", latitude, "10", "--radius", "1", "--name", "Place \(index)")
        }
        try await harness.run("fetch", "--all", "--quiet")
        let destination = harness.folder.child("copy")
        try await StopPoints.kill(harness, ["store", "copy", harness.store, destination, "--quiet"], at: point)
        try await Self.expectVerified(harness, destination, "after a kill at \(point):")

        let resumed = try await harness.json("store", "copy", harness.store, destination)
        #expect((resumed["pins"] as? Int ?? 0) + (resumed["pinsPresent"] as? Int ?? 0) == 3, "\(resumed)")
        let (source, copy) = (try await harness.json("pin", "list"), try await harness.json("pin", "list", "--store", destination))
        #expect(NSDictionary(dictionary: source).isEqual(to: copy), "the same pins, photos and states: \(source) against \(copy)")
        try await Self.expectVerified(harness, destination, "after the second copy:")
        let again = try await harness.json("store", "copy", harness.store, destination)
        #expect(again["pins"] as? Int == 0 && again["pinsPresent"] as? Int == 3 && again["blobsCopied"] as? Int == 0, "\(again)")
    }
}
