import Foundation
import HTTPTypes

/// The per-server secrets: the CSRF token every state-changing request carries, and, when the
/// server listens beyond loopback, the access token a visitor must present once. Both are new
/// random values each time the server starts.
struct ServerSecrets: Sendable {
    /// Sent by the page in `X-Tourist-CSRF` with every POST, PUT and DELETE.
    let csrfToken: String
    /// Required (query `token=`, then a cookie) when listening beyond loopback; nil on loopback.
    let accessToken: String?

    init(requiringAccessToken: Bool) {
        csrfToken = Self.randomToken()
        accessToken = requiringAccessToken ? Self.randomToken() : nil
    }

    /// 32 random bytes in hex, from the system's generator.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Compares two tokens in time that does not depend on where they differ.
    static func matches(_ given: String?, _ expected: String) -> Bool {
        guard let given else { return false }
        let left = Array(given.utf8), right = Array(expected.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

extension ServerSecrets {
    /// Whether `headers` come from this server's own page: the browser says the request is
    /// same-origin (`Sec-Fetch-Site`), or it carries the page's CSRF token (`X-Tourist-CSRF`). Any
    /// other site can make a browser send a plain GET (`<img src=…>`), so a GET whose work leaves the
    /// machine under the user's name requires this.
    func isFromThePage(_ headers: HTTPFields) -> Bool {
        headers[.secFetchSite] == "same-origin" || Self.matches(headers[.touristCSRF], csrfToken)
    }
}
