import Foundation

/// One stored field of a pin: its JSON name, whether a stored pin must have it, and how its value
/// is read and written.
///
/// `Pin.fields` is the one table of a pin's stored form. Its three codecs follow it: `Pin`'s
/// `Codable` conformance (album files, the API), `PinRecordCodec` (the pin list, `pin list --json`)
/// and `AlbumFileDecoding` (album files read fast). A new stored field is a property and a row;
/// `PinFieldTests` fails when a property has no row, and round-trips a pin through all three.
struct PinField: Sendable {
    /// The value's JSON type, with the field's getter (nil when an optional field is absent) and setter.
    enum Value: Sendable {
        case text(@Sendable (Pin) -> String?, @Sendable (inout Pin, String) -> Void)
        case number(@Sendable (Pin) -> Double?, @Sendable (inout Pin, Double) -> Void)
        /// A whole number: a fraction is refused.
        case count(@Sendable (Pin) -> Int?, @Sendable (inout Pin, Int) -> Void)
        /// An ISO 8601 date in UTC, stored as a string.
        case date(@Sendable (Pin) -> Date?, @Sendable (inout Pin, Date) -> Void)
        /// A `String`-backed enum's raw value; the setter is false for a value the enum does not have.
        case word(@Sendable (Pin) -> String?, @Sendable (inout Pin, String) -> Bool)
    }

    let name: String
    let isRequired: Bool
    let value: Value
    /// The name in UTF-8, as records are matched.
    let nameUTF8: [UInt8]
    /// `"name":` in UTF-8, as records are written.
    let recordKey: [UInt8]

    init(_ name: String, required isRequired: Bool = true, _ value: Value) {
        self.name = name
        self.isRequired = isRequired
        self.value = value
        self.nameUTF8 = Array(name.utf8)
        self.recordKey = Array("\"\(name)\":".utf8)
    }
}

extension Pin {
    /// The stored fields, in the order of their names (the order records and sorted JSON have).
    static let fields: [PinField] = [
        PinField("createdAt", .date({ $0.createdAt }, { $0.createdAt = $1 })),
        PinField("error", required: false, .text({ $0.error }, { $0.error = $1 })),
        PinField("failure", required: false, .word({ $0.failure?.rawValue }, { pin, raw in setRaw(raw, &pin.failure) })),
        PinField("id", .text({ $0.id }, { $0.id = $1 })),
        PinField("latitude", .number({ $0.latitude }, { $0.latitude = $1 })),
        PinField("longitude", .number({ $0.longitude }, { $0.longitude = $1 })),
        PinField("months", required: false, .word({ $0.months?.description }, { pin, raw in set(raw, MonthSet.parse, &pin.months) })),
        PinField("name", .text({ $0.name }, { $0.name = $1 })),
        PinField("near", required: false, .text({ $0.near }, { $0.near = $1 })),
        PinField("nearKm", required: false, .number({ $0.nearKm }, { $0.nearKm = $1 })),
        PinField("photos", .count({ $0.photos }, { $0.photos = $1 })),
        PinField("radiusKm", .number({ $0.radiusKm }, { $0.radiusKm = $1 })),
        PinField("routeKm", required: false, .number({ $0.routeKm }, { $0.routeKm = $1 })),
        PinField("state", .word({ $0.state.rawValue }, { pin, raw in setRaw(raw, &pin.state) })),
        PinField("taken", required: false, .word({ $0.taken?.description }, { pin, raw in set(raw, TakenRange.parse, &pin.taken) })),
    ]

    /// The pin a decoder starts from before it sets the stored fields.
    static var blank: Pin {
        Pin(id: "", name: "", location: GeoPoint(constantLatitude: 0, longitude: 0), radiusKm: 0, createdAt: Date(timeIntervalSince1970: 0))
    }

    private static func setRaw<T: RawRepresentable>(_ raw: String, _ field: inout T) -> Bool where T.RawValue == String {
        guard let value = T(rawValue: raw) else { return false }
        field = value
        return true
    }

    /// Sets `field` to the value `parse` reads from `raw`; false when it reads none.
    private static func set<T>(_ raw: String, _ parse: (String) throws(LibraryError) -> T, _ field: inout T?) -> Bool {
        guard let value = try? parse(raw) else { return false }
        field = value
        return true
    }

    private static func setRaw<T: RawRepresentable>(_ raw: String, _ field: inout T?) -> Bool where T.RawValue == String {
        guard let value = T(rawValue: raw) else { return false }
        field = value
        return true
    }
}

extension Pin: Codable {
    private struct FieldKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        self = .blank
        for field in Self.fields {
            let key = FieldKey(stringValue: field.name)
            func read<T: Decodable>(_ type: T.Type) throws -> T? {
                field.isRequired ? try container.decode(type, forKey: key) : try container.decodeIfPresent(type, forKey: key)
            }
            switch field.value {
            case .text(_, let set): if let value = try read(String.self) { set(&self, value) }
            case .number(_, let set): if let value = try read(Double.self) { set(&self, value) }
            case .count(_, let set): if let value = try read(Int.self) { set(&self, value) }
            case .date(_, let set): if let value = try read(Date.self) { set(&self, value) }
            case .word(_, let set):
                if let raw = try read(String.self), !set(&self, raw) {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container, debugDescription: "no \(field.name) is called \(raw)")
                }
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for field in Self.fields {
            let key = FieldKey(stringValue: field.name)
            switch field.value {
            case .text(let get, _): try container.encodeIfPresent(get(self), forKey: key)
            case .number(let get, _): try container.encodeIfPresent(get(self), forKey: key)
            case .count(let get, _): try container.encodeIfPresent(get(self), forKey: key)
            case .date(let get, _): try container.encodeIfPresent(get(self), forKey: key)
            case .word(let get, _): try container.encodeIfPresent(get(self), forKey: key)
            }
        }
    }
}
