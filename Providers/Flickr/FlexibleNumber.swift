/// A number Flickr may send as a JSON number or as a string ("16", "48.8584"), mixed within one
/// response; an empty string is no number at all.
struct FlexibleNumber: Decodable, Sendable, Equatable {
    let value: Double?

    init(_ value: Double?) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let number = try? container.decode(Double.self) {
            value = number
        } else if let text = try? container.decode(String.self) {
            value = Double(text.trimmingCharacters(in: .whitespaces))
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "neither a number nor a string holding one")
        }
    }

    var int: Int? { value.flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil } }
}

/// Any JSON key, for objects whose keys are only partly known (Flickr's `url_<size>` extras).
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
