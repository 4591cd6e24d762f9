import Crypto
import Foundation

/// The pages and their files (scripts, styles, Leaflet, the land outlines), read into memory once
/// at start: from the binary's bundled resources, or from a folder named by `--assets`. A request
/// path is only ever looked up in this table; no part of it reaches the file system.
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

    /// Reads every file under `directory`, or under the bundled `Web` folder when nil.
    init(directory: String?) throws {
        guard let root = directory ?? Bundle.module.resourceURL?.appendingPathComponent("Web").path else {
            throw ServerError.assets("the bundled web pages are missing (no resource folder beside the binary); reinstall tourist, or pass --assets DIR")
        }
        var files: [String: Asset] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            throw ServerError.assets("cannot read the web pages in \(root); reinstall tourist, or pass --assets DIR with the pages")
        }
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            guard let data = FileManager.default.contents(atPath: path) else { throw ServerError.assets("cannot read \(path)") }
            let bytes = [UInt8](data)
            files["/" + relative] = Asset(bytes: bytes, contentType: Self.contentType(of: relative), etag: "\"" + SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() + "\"")
        }
        guard let page = files["/index.html"] else {
            throw ServerError.assets("\(root) has no index.html; reinstall tourist, or pass --assets DIR with the pages")
        }
        let text = page.bytes
        let marker = Array(Self.csrfPlaceholder.utf8)
        guard let at = text.indices.first(where: { text[$0...].starts(with: marker) }) else {
            throw ServerError.assets("\(root)/index.html lacks the \(Self.csrfPlaceholder) placeholder for the CSRF token")
        }
        shell = (Array(text[..<at]), Array(text[(at + marker.count)...]))
        files["/index.html"] = nil
        self.files = files
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
