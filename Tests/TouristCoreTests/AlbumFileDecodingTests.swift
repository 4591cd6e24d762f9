import Foundation
import Testing
@testable import TouristCore

/// The album reader (`AlbumFileDecoding`) against `JSONDecoder` with the types' `Codable`
/// conformances, on the same documents: random albums written by `IndexCoding`, and the same
/// documents damaged one value at a time. Both must read what the other reads and refuse what it
/// refuses, so replacing one with the other changes nothing but speed.
@Suite struct AlbumFileDecodingTests {
    static let strings = [
        "", "Tour Eiffel", "quote \" and \\ backslash", "tab\tnew\nline", "café ☕️ 東京", "emoji 👩‍👩‍👧", "\u{01}control", "/slash/es",
    ]

    /// A random album using every field, each optional one present or not.
    static func album(_ dice: Dice) throws -> Album {
        let date = { Date(timeIntervalSince1970: Double(dice.number(below: 4_000_000_000))) }
        var pin = Pin(
            id: Pin.makeID(), name: dice.pick(strings) + "pin", location: try GeoPoint(latitude: -12.5, longitude: 130.25), radiusKm: 2.5,
            createdAt: date())
        pin.state = dice.pick(PinState.allCases)
        pin.photos = dice.number(below: 30)
        pin.error = dice.maybe(dice.pick(strings))
        var album = Album(pin: pin, target: dice.number(below: 100))
        for index in 0..<dice.number(below: 6) {
            var sources: [PhotoSize: PhotoSource] = [:]
            for size in PhotoSize.allCases where dice.number(below: 3) == 0 {
                sources[size] = dice.pick([
                    .url(URL(string: "https://live.example/\(index)_\(size.rawValue).jpg?a=1&b=%20")!), .file("/photos/\(index) é.jpg"),
                    .provider,
                ])
            }
            let candidate = PhotoCandidate(
                key: PhotoKey(provider: dice.pick(["flickr", "demo", "my-plugin"]), id: "\(index):\(dice.number(below: 1000))"),
                title: dice.pick(strings), owner: dice.maybe(dice.pick(strings)), license: dice.maybe("CC BY 2.0"),
                licenseID: dice.maybe("4"), takenAt: dice.maybe(date()),
                location: dice.maybe(try! GeoPoint(latitude: Double(dice.number(below: 18_000)) / 100 - 90, longitude: -180)),
                sources: sources, pageURL: dice.maybe(URL(string: "https://www.flickr.com/photos/x/\(index)")!),
                licenseURL: dice.maybe(URL(string: "https://creativecommons.org/licenses/by/2.0/")!),
                providerData: dice.maybe("{\"raw\":[1,2]}"), attribution: dice.maybe(dice.pick(strings))
            )
            var photo = AlbumPhoto(candidate: candidate, size: dice.pick(PhotoSize.allCases))
            photo.state = dice.pick([.stored, .pending, .failed, .rejected])
            photo.sha256 = dice.maybe(String(repeating: "ab", count: 32))
            photo.bytes = dice.maybe(dice.number(below: 50_000_000))
            photo.mimeType = dice.maybe("image/jpeg")
            photo.sourceURL = dice.maybe("https://live.example/\(index).jpg")
            photo.error = dice.maybe(dice.pick(strings))
            if dice.number(below: 3) == 0 {
                photo.views = (0..<dice.number(below: 3)).map { view in
                    PhotoView(
                        size: dice.pick(PhotoSize.allCases), sha256: String(repeating: "c\(view)", count: 32),
                        bytes: dice.number(below: 9_000_000), mimeType: dice.maybe("image/png"))
                }
            }
            photo.width = dice.maybe(dice.number(below: 9000) + 1)
            photo.height = dice.maybe(dice.number(below: 9000) + 1)
            photo.imageError = dice.maybe(dice.pick(strings))
            if dice.number(below: 3) == 0 {
                photo.derived = DerivedImage.Kind.allCases.map { kind in
                    DerivedImage(
                        kind: kind, recipe: ImageRecipe.current(kind).id,
                        sha256: String(repeating: "d\(kind.rawValue.count % 10)", count: 32),
                        bytes: dice.number(below: 900_000), width: dice.number(below: 1800) + 1, height: dice.number(below: 1800) + 1,
                        mimeType: ImageRecipe.current(kind).encoding.mimeType)
                }
            }
            photo.perceptualHash = dice.maybe(
                PerceptualHash(whole: dice.bits(), crops: (0..<dice.number(below: 11)).map { _ in dice.bits() }))
            photo.lookalike = dice.maybe(
                Lookalike(
                    of: PhotoKey(provider: "commons", id: "like\(index)"), removed: dice.number(below: 2) == 0,
                    distance: dice.number(below: 17)))
            album.photos.append(photo)
            album.shown.insert(candidate.key)
            if dice.number(below: 3) == 0 {
                let gone = PhotoKey(provider: "flickr", id: "gone\(index)")
                album.removed.insert(gone)
                if dice.number(below: 2) == 0 {
                    album.removedLooks =
                        (album.removedLooks ?? []) + [RemovedLook(key: gone, perceptualHash: PerceptualHash(whole: dice.bits(), crops: []))]
                }
            }
        }
        if dice.number(below: 2) == 0 {
            var history = PageHistory()
            history.record(provider: "flickr", page: dice.number(below: 9) + 1, pageSize: 21, pageCount: dice.maybe(40))
            album.pageHistory = history
        }
        return album
    }

    static func viaCodable(_ bytes: [UInt8]) -> Album? { try? IndexCoding.decoder().decode(Album.self, from: Data(bytes)) }

    static func viaReader(_ bytes: [UInt8]) -> Album? { try? IndexCoding.decode(bytes, path: "album.json", AlbumFileDecoding.album) }

    @Test func everyAlbumReadsBackAsWritten() throws {
        let dice = Dice(seed: 11)
        for _ in 0..<300 {
            let album = try Self.album(dice)
            let bytes = try IndexCoding.encode(album)
            #expect(Self.viaReader(bytes) == album, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(Self.viaCodable(bytes) == album)
        }
    }

    /// What `verify --quick` reads of an album (`AlbumBlobs.read`, given only `AlbumBlobs.keys`) is
    /// what the full reader finds, and damage to those fields is refused by both.
    @Test func theLinksReadAloneAreThoseOfTheWholeAlbum() throws {
        let dice = Dice(seed: 17)
        func summary(_ blobs: AlbumBlobs) -> [String] {
            ["\(blobs.pin)"] + blobs.stored.map { "\($0.key) \($0.use ?? "-") \($0.remakeable) \($0.blob?.hex ?? "-")" }
        }
        for _ in 0..<200 {
            var album = try Self.album(dice)
            for index in album.photos.indices where dice.number(below: 2) == 0 {
                album.photos[index].sha256 = Hex.string((0..<32).map { _ in UInt8(dice.number(below: 256)) })
            }
            let bytes = try IndexCoding.encode(album)
            let links = try IndexCoding.decode(bytes, keepingKeys: AlbumBlobs.keys, AlbumBlobs.read)
            #expect(summary(links) == summary(AlbumBlobs(album)))
        }
        var album = try Self.album(dice)
        while album.photos.isEmpty { album = try Self.album(dice) }
        let document = try JSONParser.parse(try IndexCoding.encode(album))
        let damage: [([JSONPathStep], JSONValue)] = [
            ([.key("pin"), .key("id")], .number(1)), ([.key("photos"), .index(0), .key("state")], .string("kept")),
            ([.key("photos"), .index(0), .key("candidate"), .key("key")], .string("no colon")), ([.key("shown")], .null),
            ([.key("target")], .string("21")),
        ]
        for (path, replacement) in damage {
            let bytes = Array(Self.replacing(document, at: path[...], with: replacement)!.compact().utf8)
            #expect(throws: IndexCoding.Damage.self, "\(path)") {
                try IndexCoding.decode(bytes, keepingKeys: AlbumBlobs.keys, AlbumBlobs.read)
            }
            #expect(Self.viaReader(bytes) == nil)
        }
    }

    /// Every value of a document, by its path (object keys and array positions).
    static func paths(_ value: JSONValue, _ prefix: [JSONPathStep] = []) -> [[JSONPathStep]] {
        switch value {
        case .object(let members): [prefix] + members.flatMap { paths($0.value, prefix + [.key($0.key)]) }
        case .array(let items): [prefix] + items.indices.flatMap { paths(items[$0], prefix + [.index($0)]) }
        default: [prefix]
        }
    }

    /// The document with the value at `path` replaced by `replacement` (nil removes an object member;
    /// a member missing from its object is added).
    static func replacing(_ value: JSONValue, at path: ArraySlice<JSONPathStep>, with replacement: JSONValue?) -> JSONValue? {
        guard let step = path.first else { return replacement }
        switch (value, step) {
        case (.object(var members), .key(let key)):
            guard let position = members.firstIndex(where: { $0.key == key }) else {
                return .object(members + (replacing(.null, at: path.dropFirst(), with: replacement).map { [(key, $0)] } ?? []))
            }
            if let inner = replacing(members[position].value, at: path.dropFirst(), with: replacement) {
                members[position].value = inner
            } else {
                members.remove(at: position)
            }
            return .object(members)
        case (.array(var items), .index(let position)):
            items[position] = replacing(items[position], at: path.dropFirst(), with: replacement) ?? .null
            return .array(items)
        default:
            return value
        }
    }

    @Test func bothRefuseTheSameDamage() throws {
        let dice = Dice(seed: 5)
        let replacements: [JSONValue?] = [
            nil, .null, .string("x"), .number(1.5), .number(-200), .number(3), .bool(true), .array([]), .object([]),
            .string("2024-02-30T10:00:00Z"), .string("not a url ^"),
        ]
        var refused = 0, compared = 0
        for _ in 0..<40 {
            let document = try JSONParser.parse(try IndexCoding.encode(try Self.album(dice)))
            for path in Self.paths(document) where !path.isEmpty {
                let replacement = dice.pick(replacements)
                guard let damaged = Self.replacing(document, at: path[...], with: replacement) else { continue }
                let bytes = Array(damaged.compact().utf8)
                let codable = Self.viaCodable(bytes), reader = Self.viaReader(bytes)
                let same = codable == reader
                #expect(
                    same,
                    "\(path) → \(replacement?.compact() ?? "removed"): Codable \(codable == nil ? "refuses" : "reads"), the reader \(reader == nil ? "refuses" : "reads")"
                )
                compared += 1
                if codable == nil { refused += 1 }
            }
        }
        // The damage must bite often enough for the comparison to mean something.
        #expect(compared > 1_000 && refused > compared / 4, "\(refused) of \(compared) damaged documents refused")
    }

    @Test func aDamagedAlbumNamesTheValue() throws {
        let dice = Dice(seed: 3)
        var album = try Self.album(dice)
        while album.photos.count < 2 { album = try Self.album(dice) }
        let document = try JSONParser.parse(try IndexCoding.encode(album))
        func message(_ path: [JSONPathStep], _ replacement: JSONValue?) -> String {
            message(Array(Self.replacing(document, at: path[...], with: replacement)!.compact().utf8))
        }
        func message(_ bytes: [UInt8]) -> String {
            do {
                _ = try IndexCoding.decode(bytes, path: "index/albums/x.json", AlbumFileDecoding.album)
                return "read"
            } catch {
                #expect(error.remedy == Remedy(.repairStore(why: "set it aside and keep the rest")))
                return error.message
            }
        }
        #expect(message([.key("photos"), .index(1), .key("state")], nil) == "index/albums/x.json is damaged (missing photos[1].state)")
        #expect(message([.key("pin"), .key("latitude")], .string("north")).contains("(unexpected value at pin.latitude)"))
        #expect(
            message(
                [.key("photos"), .index(0), .key("candidate"), .key("location")],
                .object([("latitude", .number(95)), ("longitude", .number(0))])
            ).contains("(unexpected value at photos[0].candidate.location.latitude)"))
        #expect(message([], .array([])).contains("(unexpected value at the top)"))
        #expect(message(Array("{\"pin\":".utf8)).contains("(not valid JSON)"), "a torn file")
        #expect(message([]).contains("(empty)"))
    }
}

/// One step into a JSON document.
enum JSONPathStep: Equatable, CustomStringConvertible {
    case key(String)
    case index(Int)

    var description: String {
        switch self {
        case .key(let key): ".\(key)"
        case .index(let index): "[\(index)]"
        }
    }
}

/// Seeded random choices (SplitMix64 underneath), so a failing case can be replayed.
final class Dice {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    func number(below bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

    func pick<T>(_ values: [T]) -> T { values[number(below: values.count)] }

    /// 64 random bits.
    func bits() -> UInt64 { generator.next() }

    /// `value`, or nil half of the time.
    func maybe<T>(_ value: @autoclosure () -> T) -> T? { number(below: 2) == 0 ? value() : nil }
}
