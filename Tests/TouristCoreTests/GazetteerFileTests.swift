import Foundation
import Testing
@testable import TouristCore

/// The gazetteer's format: folding as the generator folds, and damaged files refused, not trusted.
@Suite struct GazetteerFileTests {
    @Test(arguments: [
        ("São Paulo", "sao paulo"), ("  KÖLN  ", "koln"), ("Ｔｏｋｙｏ", "tokyo"), ("ΑΘΗΝΑΣ", "αθηνασ"),
        ("Saint-Étienne", "saint-etienne"), ("New\tYork", "new york"), ("İstanbul", "istanbul"), ("京都市", "京都市"),
    ])
    func foldsLikeTheGenerator(text: String, folded: String) {
        #expect(PlaceNameFolding.fold(text) == folded)
    }

    @Test func refusesWhatIsNotAGazetteer() {
        #expect(throws: GazetteerError("the file is not a tourist gazetteer (no TGAZ header)")) { try Gazetteer(bytes: Array("{}".utf8)) }
        #expect(throws: GazetteerError("the gazetteer is format version 2; this tourist reads version 1")) {
            try Gazetteer(bytes: Array("TGAZ".utf8) + [2, 0] + Array(repeating: 0, count: 20))
        }
        #expect(throws: GazetteerError.self) { try Gazetteer(contentsOf: "/nonexistent/gazetteer.bin") }
    }

    /// Every cut of the real file, and flipped bytes in it, give an error or a gazetteer, never a crash.
    @Test func refusesDamagedCopies() throws {
        let bytes = try #require(Gazetteer.bundledPath.flatMap { FileManager.default.contents(atPath: $0) }.map(Array.init))
        for cut in [0, 5, 17, 100, 5_000, bytes.count / 2, bytes.count - 1] {
            #expect(throws: GazetteerError.self) { try Gazetteer(bytes: Array(bytes.prefix(cut))) }
        }
        #expect(throws: GazetteerError("the gazetteer is damaged: bytes follow its last name")) { try Gazetteer(bytes: bytes + [0]) }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var damaged = bytes
            damaged[Int.random(in: 0..<bytes.count, using: &generator)] ^= 0xFF
            _ = try? Gazetteer(bytes: damaged)
        }
    }
}
