import Foundation
import Testing
import TestSupport

/// `new-collection` on a terminal, when fewer unseen photos are left than the album holds: it asks
/// on the terminal before replacing anything; "n" (or just Enter) keeps the album, "y" replaces it.
/// Each runs the built binary on a pseudo-terminal and answers once the question is on the screen.
@Suite struct NewCollectionPromptTests {
    static let question = "Only 2 unseen photos are left within 0.55 km: replace 3 photos with 2? [y/N] "

    /// A pin "Louvre" whose album holds 3 of the 5 photos within its 0.55 km.
    static func louvre() async throws -> (Harness, String) {
        let harness = try Harness.withFixtureSet(photos: 12)
        let id = try #require(try await harness.json("pin", "add", "10", "10", "--radius", "0.55", "--name", "Louvre")["id"] as? String)
        try await harness.run("fetch", id, "--count", "3")
        return (harness, id)
    }

    /// Runs `new-collection` on a terminal, waits for its question and answers `answer`.
    static func answer(_ answer: String, _ harness: Harness, pin id: String) async throws -> PseudoTerminal.Ended {
        let terminal = try PseudoTerminal(
            harness.tourist.path, ["new-collection", id], environment: harness.tourist.environment, directory: harness.folder.path,
            columns: 200
        )
        try await terminal.waitFor(Self.question)
        try terminal.type(answer + "\n")
        return try await terminal.finish()
    }

    static func albumIDs(_ harness: Harness, _ id: String) async throws -> [String?] {
        try await harness.json("album", id).photos.map { $0["id"] as? String }
    }

    @Test func noKeepsTheAlbumAndSaysHowToReplaceItAnyway() async throws {
        let (harness, id) = try await Self.louvre()
        let kept = try await Self.answer("n", harness, pin: id)
        #expect(kept.status == 0 && !kept.bySignal, "\(kept.output)")
        #expect(
            kept.output.contains(
                "the album is unchanged. `tourist new-collection \(id) --allow-fewer` replaces its 3 photos with 2 anyway"),
            "\(kept.output)")
        #expect(try await Self.albumIDs(harness, id) == ["own:p-001", "own:p-002", "own:p-003"])
        // Enter alone is no too.
        let enter = try await Self.answer("", harness, pin: id)
        #expect(enter.status == 0 && enter.output.contains("the album is unchanged"), "\(enter.output)")
        #expect(try await Self.albumIDs(harness, id) == ["own:p-001", "own:p-002", "own:p-003"])
    }

    @Test func yesReplacesTheAlbumWithTheFewerPhotos() async throws {
        let (harness, id) = try await Self.louvre()
        let replaced = try await Self.answer("y", harness, pin: id)
        #expect(replaced.status == 0 && !replaced.bySignal, "\(replaced.output)")
        #expect(
            replaced.output.contains("the new collection of \"Louvre\" has 2 of 3 photos: only 2 unseen photos were left within 0.55 km"),
            "\(replaced.output)")
        #expect(!replaced.output.contains("--allow-fewer"), "\(replaced.output)")
        #expect(try await Self.albumIDs(harness, id) == ["own:p-004", "own:p-005"])
    }
}
