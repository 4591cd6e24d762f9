import Foundation
import Testing
@testable import Directory

/// The inputs on which libFuzzer (`Fuzz/run.sh`) found a crash in `PhotoFileReader`, each kept in
/// `FuzzRegressions/` with the outcome the fixed reader gives: they must read, or be skipped with
/// their reason, and never trap.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions").path

    /// What each kept input gives: "read" (metadata) or the skip reason's kind.
    static let expected: [String: String] = [
        "heif-ispe-area-overflow.bin": "read", // ispe 0xFFFFFFFF x 0xFFFFFFFF: its area overflowed Int
    ]

    static func outcome(_ result: Result<PhotoMetadata, SkippedFile>) -> String {
        switch result {
        case .success: "read"
        case .failure(.damaged): "damaged"
        case .failure(.notAnImage): "notAnImage"
        case .failure(.unreadable): "unreadable"
        }
    }

    @Test func everyKeptCrashIsReadOrSkipped() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).sorted()
        #expect(Set(names) == Set(Self.expected.keys), "every kept input has an expected outcome")
        for name in names {
            let result = PhotoFileReader.read(path: Self.folder + "/" + name)
            #expect(Self.outcome(result) == Self.expected[name], "\(name): \(result)")
        }
    }
}
