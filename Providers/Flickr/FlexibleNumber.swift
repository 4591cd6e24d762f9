import Foundation

/// A number Flickr may send as a JSON number or as a string ("16", "48.8584"), mixed within one
/// response; an empty (or unreadable) string, and null, are no number at all.
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
            value = number.isFinite ? number : nil
        } else if let text = try? container.decode(String.self) {
            value = Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "neither a number nor a string holding one")
        }
    }

    /// The value as a whole number, when it is one.
    var int: Int? {
        guard let value, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }
}
