import Foundation

/// Request URLs of web APIs: parameters appended to an endpoint's own query, each name and value
/// percent-encoded except RFC 3986's unreserved characters, so "+", "&", "=", "," and "|" reach the
/// service as they were meant.
public enum QueryString {
    /// `endpoint` (keeping any query it has, without its fragment) with `parameters` appended in
    /// their order; nil when `endpoint` cannot take a query.
    public static func url(_ endpoint: URL, adding parameters: [(String, String)]) -> URL? {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return nil }
        let query = parameters.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        components.percentEncodedQuery = [components.percentEncodedQuery, query].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(
            separator: "&")
        components.fragment = nil
        return components.url
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `text` percent-encoded but for the unreserved characters.
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
