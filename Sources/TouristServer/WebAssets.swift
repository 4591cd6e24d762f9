import Crypto
import Foundation
import TouristCore

/// The pages and their files (scripts, styles, Leaflet, the land outlines), read into memory once
/// at start: the ones built into the binary (`EmbeddedFiles`' `web/`), or those of a folder named
/// by `--assets`. A request path is only ever looked up in this table; no part of it reaches the
/// file system.
struct WebAssets: Sendable {
    struct Asset: Sendable {
        let bytes: [UInt8]
        let contentType: String
        /// A strong validator: the SHA-256 of the bytes.
        let etag: String
    }

    /// By URL path (`/app.js`, `/vendor/leaflet/leaflet.js`).
    private let files: [String: Asset]
    /// The page shell, split where the CSRF token goes.
    let shell: (before: [UInt8], after: [UInt8])

    /// The placeholder `index.html` holds where the server puts the CSRF token.
    static let csrfPlaceholder = "__TOURIST_CSRF__"

    /// Reads every file under `directory`, or the pages built into the binary when nil.
    init(directory: String?) throws {
        let source = directory ?? "the pages built into tourist"
        var files: [String: Asset] = [:]
        for (relative, bytes) in try directory.map(Self.read) ?? EmbeddedFiles.folder("web").mapValues(\.array) {
            files["/" + relative] = Asset(
                bytes: bytes, contentType: Self.contentType(of: relative),
                etag: "\"" + SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() + "\"")
        }
        guard let page = files["/index.html"] else {
            throw ServerError.assets("there is no index.html in \(source); pass --assets DIR with the pages, or leave --assets out")
        }
        let text = page.bytes
        let marker = Array(Self.csrfPlaceholder.utf8)
        guard let at = text.indices.first(where: { text[$0...].starts(with: marker) }) else {
            throw ServerError.assets("the index.html of \(source) lacks the \(Self.csrfPlaceholder) placeholder for the CSRF token")
        }
        shell = (Array(text[..<at]), Array(text[(at + marker.count)...]))
        files["/index.html"] = nil
        self.files = files
    }

    /// Every file under `root`, by its path inside it.
    private static func read(_ root: String) throws -> [String: [UInt8]] {
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw ServerError.assets("cannot read the web pages in \(root); pass --assets DIR with the pages, or leave --assets out")
        }
        var files: [String: [UInt8]] = [:]
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            guard let data = FileManager.default.contents(atPath: path) else { throw ServerError.assets("cannot read \(path)") }
            files[relative] = [UInt8](data)
        }
        return files
    }

    /// The file served at `path`, if there is one.
    func asset(at path: String) -> Asset? {
        files[path]
    }

    /// The page shell with `csrfToken` in place.
    func page(csrfToken: String) -> [UInt8] {
        shell.before + Array(csrfToken.utf8) + shell.after
    }

    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json", "geojson": "application/json"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        default: "text/plain; charset=utf-8"
        }
    }
}
