import Foundation
import Testing
@testable import TouristCore

/// `Pin.fields`, the one table of a pin's stored form, against the three codecs that follow it:
/// `Codable` (through `IndexCoding`), `PinRecordCodec` and `AlbumFileDecoding`.
@Suite struct PinFieldTests {
    static func fullPin() throws -> Pin {
        var pin = Pin(
            id: "0a1b2c3d", name: "Café \"Φ\" \\ tab\there 🌍", location: try GeoPoint(latitude: -33.8568, longitude: 151.2153),
            radiusKm: 2.5, createdAt: Date(timeIntervalSince1970: 1_700_000_123))
        pin.state = .failed
        pin.photos = 7
        pin.error = "provider \"x\": unavailable"
        pin.failure = .unreachable
        pin.near = "Sydney, AU"
        pin.nearKm = 12.3
        return pin
    }

    static func sparsePin() throws -> Pin {
        Pin(
            id: "ffff0000", name: "", location: try GeoPoint(latitude: 90, longitude: -180), radiusKm: 20_000,
            createdAt: Date(timeIntervalSince1970: -86_401))
    }

    @Test func everyStoredPropertyOfAPinHasOneRow() throws {
        let properties = Mirror(reflecting: try Self.fullPin()).children.compactMap(\.label)
        let names = Pin.fields.map(\.name)
        #expect(names.sorted() == properties.sorted())
        #expect(names == names.sorted(), "rows in the order of their names, as records and sorted JSON have them")
        #expect(Set(names).count == names.count)
        #expect(names.count <= 64, "PinRecordCodec keeps a bit per row in a UInt64")
    }

    @Test(arguments: ["full", "sparse"])
    func aPinRoundTripsThroughEveryPairOfCodecs(_ which: String) throws {
        let pin = which == "full" ? try Self.fullPin() : try Self.sparsePin()
        let written: [(String, [UInt8])] = [("Codable", try IndexCoding.encode(pin)), ("record", Array(PinRecordCodec.encode(pin).utf8))]
        for (writer, bytes) in written {
            let codable = try IndexCoding.decoder().decode(Pin.self, from: Data(bytes))
            let record = bytes.withUnsafeBufferPointer { PinRecordCodec.decode($0) }
            let album = try AlbumFileDecoding.pin(try JSONParser.parse(bytes))
            #expect(codable == pin, "written by \(writer), read by Codable")
            #expect(record == pin, "written by \(writer), read by the record codec")
            #expect(album == pin, "written by \(writer), read by the album reader")
        }
        // Both writers name the same members.
        let keys = try written.map { _, bytes in
            guard case .object(let members) = try JSONParser.parse(bytes) else { throw IndexDecodingError(.unexpected) }
            return members.map(\.key)
        }
        #expect(keys[0].sorted() == keys[1])
    }

    /// A member that is missing, of the wrong type or not one of its enum's values: every reader refuses the pin.
    @Test(arguments: [
        #"{"id":"0a1b2c3d","name":"x","latitude":1,"longitude":2,"radiusKm":1,"photos":0,"state":"new"}"#,
        #"{"createdAt":"2024-05-01T12:00:00Z","id":"0a1b2c3d","name":"x","latitude":"1","longitude":2,"radiusKm":1,"photos":0,"state":"new"}"#,
        #"{"createdAt":"2024-05-01T12:00:00Z","id":"0a1b2c3d","name":"x","latitude":1,"longitude":2,"radiusKm":1,"photos":0.5,"state":"new"}"#,
        #"{"createdAt":"2024-05-01T12:00:00Z","id":"0a1b2c3d","name":"x","latitude":1,"longitude":2,"radiusKm":1,"photos":0,"state":"sleeping"}"#,
    ])
    func everyReaderRefusesTheSamePin(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(throws: (any Error).self) { try IndexCoding.decoder().decode(Pin.self, from: Data(bytes)) }
        #expect(throws: (any Error).self) { try AlbumFileDecoding.pin(try JSONParser.parse(bytes)) }
        #expect(bytes.withUnsafeBufferPointer { PinRecordCodec.decode($0) } == nil)
    }
}
