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

    /// Every cut of the real file gives an error; flipped bytes in it an error or a gazetteer that
    /// answers, never a crash.
    @Test func refusesDamagedCopies() throws {
        let bytes = try #require(EmbeddedFiles.file(Gazetteer.embeddedName)?.array)
        for cut in [0, 5, 17, 100, 5_000, bytes.count / 2] {
            #expect(throws: GazetteerError.self) { try Gazetteer(bytes: Array(bytes.prefix(cut))) }
        }
        // Cut in its last block of names: the names there are gone, the rest still found.
        let cut = try Gazetteer(bytes: Array(bytes.dropLast()))
        #expect(cut.resolve("Kyoto").place?.displayName == "Kyoto, JP")
        #expect(cut.resolve("\u{10FFFF}").outcome == .notFound)
        // Damage in the names is found by the lookups that read it, which then find nothing.
        var generator = SystemRandomNumberGenerator()
        let point = try GeoPoint(latitude: 48.8584, longitude: 2.2945)
        for _ in 0..<20 {
            var damaged = bytes
            damaged[Int.random(in: 0..<bytes.count, using: &generator)] ^= 0xFF
            guard let gazetteer = try? Gazetteer(bytes: damaged) else { continue }
            for name in ["Kyoto", "Paris, TX", "Springfield", "zzz", "a"] { _ = gazetteer.resolve(name) }
            _ = gazetteer.nearest(to: point)
        }
    }
}
