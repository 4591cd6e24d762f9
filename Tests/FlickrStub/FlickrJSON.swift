import Foundation

/// Writes the fake Flickr's JSON by hand, so numbers can be strings exactly where a test wants.
struct FlickrJSON {
    let numbersAsStrings: Bool

    /// A number, or a string holding it when `numbersAsStrings` and `alternate` say so (mixed on purpose).
    func number(_ value: some CustomStringConvertible, alternate: Bool) -> String {
        numbersAsStrings && alternate ? "\"\(value)\"" : "\(value)"
    }

    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        (try? JSONEncoder().encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    static func fail(code: Int, message: String) -> String {
        "{\"stat\":\"fail\",\"code\":\(code),\"message\":\(string(message))}"
    }
}
