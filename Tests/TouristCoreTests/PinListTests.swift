import Foundation
import Testing
import TestSupport
@testable import TouristCore

@Suite struct PinListTests {
    let folder = TemporaryDirectory()

    func pin(_ id: String, _ state: PinState = .new, at seconds: Double = 0) throws -> Pin {
        var pin = Pin(id: id, name: "pin \(id)", location: try GeoPoint(latitude: 1, longitude: 1), radiusKm: 5, createdAt: Date(timeIntervalSince1970: seconds))
        pin.state = state
        return pin
    }

    @Test func replaysTheJournalOverTheSnapshot() throws {
        let list = PinList(indexDirectory: folder.path)
        try list.rewrite([try pin("aaaaaaaa", at: 1), try pin("bbbbbbbb", at: 2)])
        try list.put(try pin("bbbbbbbb", .ready, at: 2))
        try list.put(try pin("cccccccc", at: 3))
        try list.remove(id: "aaaaaaaa")
        let pins = try list.load()
        #expect(pins.map(\.id) == ["bbbbbbbb", "cccccccc"])
        #expect(pins[0].state == .ready)
    }

    @Test func ignoresATornLastLineAndKeepsAppending() throws {
        let list = PinList(indexDirectory: folder.path)
        try list.put(try pin("aaaaaaaa", at: 1))
        let handle = try #require(FileHandle(forWritingAtPath: list.journalPath))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"put":{"id":"bbbb"#.utf8))
        try handle.close()
        #expect(try list.load().map(\.id) == ["aaaaaaaa"])
        try list.put(try pin("cccccccc", at: 3))
        #expect(try list.load().map(\.id) == ["aaaaaaaa", "cccccccc"])
    }

    @Test func foldsALargeJournalIntoTheSnapshot() throws {
        let list = PinList(indexDirectory: folder.path)
        for index in 0..<200 { try list.put(try pin(String(format: "%08x", index), at: Double(index))) }
        for index in 0..<200 where index % 2 == 0 { try list.put(try pin(String(format: "%08x", index), .ready, at: Double(index))) }
        let journalSize = (try FileManager.default.attributesOfItem(atPath: list.journalPath)[.size] as? Int) ?? 0
        #expect(journalSize < 40_000)
        let pins = try list.load()
        #expect(pins.count == 200)
        #expect(pins.filter { $0.state == .ready }.count == 100)
    }
}
