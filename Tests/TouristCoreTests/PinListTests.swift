import Foundation
import Testing
import TestSupport
@testable import TouristCore

@Suite struct PinListTests {
    let folder = TemporaryDirectory()

    func pin(_ id: String, _ state: PinState = .new, at seconds: Double = 0) throws -> Pin {
        var pin = Pin(
            id: id, name: "pin \(id)", location: try GeoPoint(latitude: 1, longitude: 1), radiusKm: 5,
            createdAt: Date(timeIntervalSince1970: seconds))
        pin.state = state
        return pin
    }

    @Test func replaysTheJournalOverTheSnapshot() throws {
        let list = PinList(backend: try LocalBackend(root: folder.path))
        try list.rewrite([try pin("aaaaaaaa", at: 1), try pin("bbbbbbbb", at: 2)], since: try list.basis())
        try list.put(try pin("bbbbbbbb", .ready, at: 2))
        try list.put(try pin("cccccccc", at: 3))
        try list.remove(id: "aaaaaaaa")
        let pins = try list.load()
        #expect(pins.map(\.id) == ["bbbbbbbb", "cccccccc"])
        #expect(pins[0].state == .ready)
    }

    @Test func ignoresATornLastLineAndKeepsAppending() throws {
        let list = PinList(backend: try LocalBackend(root: folder.path))
        try list.put(try pin("aaaaaaaa", at: 1))
        let handle = try #require(FileHandle(forWritingAtPath: folder.path + "/" + PinList.journalKey.path))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"put":{"id":"bbbb"#.utf8))
        try handle.close()
        #expect(try list.load().map(\.id) == ["aaaaaaaa"])
        try list.put(try pin("cccccccc", at: 3))
        #expect(try list.load().map(\.id) == ["aaaaaaaa", "cccccccc"])
    }

    @Test func foldsALargeJournalIntoTheSnapshot() throws {
        let list = PinList(backend: try LocalBackend(root: folder.path))
        for index in 0..<200 { try list.put(try pin(String(format: "%08x", index), at: Double(index))) }
        for index in 0..<200 where index % 2 == 0 { try list.put(try pin(String(format: "%08x", index), .ready, at: Double(index))) }
        let journalSize =
            (try FileManager.default.attributesOfItem(atPath: folder.path + "/" + PinList.journalKey.path)[.size] as? Int) ?? 0
        #expect(journalSize < 40_000)
        let pins = try list.load()
        #expect(pins.count == 200)
        #expect(pins.filter { $0.state == .ready }.count == 100)
    }
}

@Suite struct PinRecordCodecTests {
    @Test func roundTripsEveryFieldIncludingEscapesAndUnicode() throws {
        var pin = Pin(
            id: "0a1b2c3d", name: "Café \"Φ\" \\ tab\there\nline 🌍", location: try GeoPoint(latitude: -33.8568, longitude: -151.2153),
            radiusKm: 2.5, createdAt: Date(timeIntervalSince1970: 1_700_000_123))
        pin.state = .failed
        pin.photos = 7
        pin.error = "provider \"x\": unavailable"
        pin.near = "Sydney, AU"
        pin.nearKm = 12.3
        let line = PinRecordCodec.encode(pin)
        #expect(!line.contains("\n"))
        let decoded = Array(line.utf8).withUnsafeBufferPointer { PinRecordCodec.decode($0) }
        #expect(decoded == pin)
        // The same object Foundation writes decodes too, keys in any order.
        let foundation = try IndexCoding.encode(pin)
        #expect(foundation.withUnsafeBufferPointer { PinRecordCodec.decode($0) } == pin)
        // And what the codec writes is valid JSON for Foundation.
        #expect(try IndexCoding.decoder().decode(Pin.self, from: Data(line.utf8)) == pin)
    }

    @Test func refusesWhatIsNotAPinRecord() {
        for text in [#"{"id":"x"}"#, #"{"put":{"id":"bbbb"#, "", "[1]", #"{"remove":"0a1b2c3d"}"#] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { PinRecordCodec.decode($0) } == nil)
        }
    }

    @Test func datesMatchFoundationsISO8601() throws {
        for seconds in [0.0, 951_782_400, 1_700_000_123, -86_401, 4_102_444_800, 1_709_164_800] {
            let date = Date(timeIntervalSince1970: seconds)
            let text = ISO8601UTC.format(date)
            #expect(text == date.formatted(.iso8601))
            #expect(ISO8601UTC.parse(text) == date)
        }
        #expect(ISO8601UTC.parse("2024-13-01T00:00:00Z") == nil)
        #expect(ISO8601UTC.parse("2024-02-29T12:30:00.250Z") == Date(timeIntervalSince1970: 1_709_209_800.25))
    }
}
