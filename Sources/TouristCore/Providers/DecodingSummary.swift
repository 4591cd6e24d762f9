/// A decoding failure in a few words for a message, without data from the body that failed (a
/// service's answer may echo a key): "missing photos.page", "unexpected value at sizes.size".
public enum DecodingSummary {
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "undecodable" }
        switch error {
        case .keyNotFound(let key, let context): return "missing \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "unreadable" : "unexpected value at \(path)"
        @unknown default: return "undecodable"
        }
    }
}
