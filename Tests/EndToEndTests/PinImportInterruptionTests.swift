import Foundation
import Testing
import TestSupport

/// `pin import` is all or nothing when the process is killed too (issue 26, finding 6): SIGKILL
/// while a large file's albums are being written leaves no pin visible, or every one; `store
/// verify` passes; importing the file again adds exactly what is missing.
@Suite struct PinImportInterruptionTests {
    static let places = 10_000

    static func csv(_ count: Int) -> String {
        var text = "name,latitude,longitude\n"
        for index in 0..<count { text += "place \(index),\(Double(index % 1_700) / 20 - 42),\(Double(index / 1_700) / 10 + 1)\n" }
        return text
    }

    func pinNames(_ harness: Harness) async throws -> [String] {
        (try await harness.json("pin", "list")["pins"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func aKilledImportAddsAllOrNothingAndImportingAgainAddsTheRest() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")
        let file = try harness.folder.write("places.csv", Self.csv(Self.places))
        let albums = harness.store + "/index/albums"
        // Album files (written unnamed, then linked, so a killed write leaves no file beside them).
        func albumFiles() -> Int { ((try? FileManager.default.contentsOfDirectory(atPath: albums)) ?? []).count { $0.hasSuffix(".json") } }
        let before = albumFiles()

        let process = try harness.tourist.start(["pin", "import", file, "--quiet"], in: harness.folder.path)
        try await Waiting.until("the import's first album file") { albumFiles() > before }
        kill(process.processIdentifier, SIGKILL)
        // On a busy machine the import may finish between the first album file and the kill: then
        // it must have added everything (all, not nothing, is checked below); else it was killed.
        let killed = try await TouristBinary.waitForExit(process)

        let verify = try await harness.json("store", "verify", "--quick")
        #expect(verify["ok"] as? Bool == true, "\(verify["problems"] ?? "")")
        let afterKill = try await pinNames(harness)
        #expect(afterKill.count == 1 || afterKill.count == Self.places + 1, "all or nothing: \(afterKill.count) pins")
        #expect(killed || afterKill.count == Self.places + 1, "an import not killed finished whole")
        #expect(albumFiles() == afterKill.count, "no album is left that no pin list names")

        let again = try await harness.json("pin", "import", file)
        let added = (again["added"] as? [Any])?.count ?? -1, unchanged = (again["unchanged"] as? [Any])?.count ?? -1
        #expect(added == Self.places + 1 - afterKill.count && added + unchanged == Self.places)
        let names = try await pinNames(harness)
        #expect(names.count == Self.places + 1 && Set(names).count == names.count, "one pin a name")
        #expect(try await harness.json("store", "verify", "--quick")["ok"] as? Bool == true)
    }
}
