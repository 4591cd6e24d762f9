import Foundation
import Testing
@testable import Directory

/// Inputs on which `PhotoFileReader` trapped or ran out of memory, each kept in `FuzzRegressions/`
/// with the outcome the fixed reader gives: they must read, or be skipped with their reason, and
/// never trap. The first was found by libFuzzer (`Fuzz/run.sh`); the others by reading the offset
/// arithmetic, then confirmed with the fuzz binary (they also seed its corpus).
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions").path

    /// What each kept input gives: "read" (metadata) or the skip reason's kind.
    static let expected: [String: String] = [
        "heif-ispe-area-overflow.bin": "read",  // ispe 0xFFFFFFFF x 0xFFFFFFFF: its area overflowed Int
        "heif-box-size-overflow.bin": "damaged",  // a 64-bit box size near Int.max: position + size overflowed
        "heif-iloc-offset-overflow.bin": "damaged",  // 64-bit iloc base offset + extent offset overflowed
        "heif-iloc-negative-extent.bin": "damaged",  // base offset with the top bit set, extent to the end: size - start overflowed
        "heif-idat-offset-overflow.bin": "damaged",  // idat item: base offset + the idat's position overflowed
        "heif-iloc-extents-overlap.bin": "damaged",  // 7,000 extents of the whole file: 390 MB gathered for one EXIF item
        "tiff-gps-values-overlap.bin": "damaged",  // 5,000 GPS tags of 64 KiB each at one offset: 320 MB copied
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
