/// Any JSON key, for objects whose keys are only partly known (Flickr's `url_<size>` extras).
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// An array element decoded when it can be, nil when it cannot, so one odd entry of a list does
/// not spoil the others.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
