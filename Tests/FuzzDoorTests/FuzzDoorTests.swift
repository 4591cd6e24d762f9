import Foundation
import FuzzDoors
import Testing

/// Every door's seeds (`Fuzz/Seeds/DOOR`) and every input that once broke a door, kept forever in
/// `Fuzz/Regressions/DOOR`, through the door's checks: a broken contract traps, as in the fuzzer.
/// (The photo reader's kept crashes, with the outcome each must give, are in
/// `Tests/DirectoryTests/FuzzRegressions`.)
@Suite struct FuzzDoorTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz").standardized

    static func files(_ folder: String, of door: FuzzDoor) throws -> [URL] {
        let url = fuzz.appendingPathComponent(folder).appendingPathComponent(door.rawValue)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
    }

    @Test func everyDoorHasSeedsAndEverySeedFolderADoor() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fuzz.appendingPathComponent("Seeds").path)
        #expect(Set(folders) == Set(FuzzDoor.allCases.map(\.rawValue)))
        for door in FuzzDoor.allCases {
            #expect(try !Self.files("Seeds", of: door).isEmpty, "\(door.rawValue) has seeds")
        }
    }

    @Test func everyRegressionFolderIsADoor() throws {
        let folder = Self.fuzz.appendingPathComponent("Regressions").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(Set(names).isSubset(of: FuzzDoor.allCases.map(\.rawValue)), "\(names)")
    }

    @Test(arguments: FuzzDoor.allCases) func seedsAndKeptCrashesPass(_ door: FuzzDoor) throws {
        for file in try Self.files("Seeds", of: door) + Self.files("Regressions", of: door) {
            door.check(Array(try Data(contentsOf: file)))
        }
    }
}
