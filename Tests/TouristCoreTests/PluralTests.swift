import Testing
@testable import TouristCore

@Suite struct PluralTests {
    @Test func countsTakeTheWordForTheirNumber() {
        #expect(Plural.count(1, "photo") == "1 photo")
        #expect(Plural.count(0, "photo") == "0 photos")
        #expect(Plural.count(21, "photo") == "21 photos")
        #expect(Plural.count(1, "index entry", "index entries") == "1 index entry")
        #expect(Plural.count(2, "index entry", "index entries") == "2 index entries")
        #expect(Plural.count(3, "blob was", "blobs were") == "3 blobs were")
        #expect(Plural.word(1, "it", "them") == "it" && Plural.word(4, "it", "them") == "them")
    }
}
