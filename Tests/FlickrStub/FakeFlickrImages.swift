import LoopbackHTTP

/// The image host side of the fake: `GET /SERVER/ID_SECRET_SIZE.jpg`.
extension FakeFlickr {
    /// The parts of an image path, or nil when it is not shaped like one.
    static func parseImagePath(_ path: String) -> (server: String, id: String, secret: String, size: String)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty, parts[2].hasSuffix(".jpg") else { return nil }
        let fields = parts[2].dropLast(4).split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3 else { return nil }
        return (String(parts[1]), fields[0], fields[1], fields[2])
    }

    func answerImage(_ request: LoopbackRequest) -> LoopbackReply {
        let parsed = Self.parseImagePath(request.path)
        let (photo, fault) = state.withLock { state -> (FakePhoto?, ImageFault?) in
            state.imagePaths[request.path, default: 0] += 1
            guard let parsed else { return (nil, nil) }
            state.imageRequests[parsed.id, default: 0] += 1
            guard let photo = state.photo(parsed.id), photo.server == parsed.server, photo.sizes[parsed.size] != nil,
                parsed.secret == (FlickrSizeTable.usesOriginalSecret(parsed.size) ? photo.originalSecret : photo.secret)
            else { return (nil, nil) }
            // A fault is used only by a request that would otherwise succeed: the size's queue, the
            // photo's, then the lasting one.
            for key in ["\(parsed.id)_\(parsed.size)", parsed.id] {
                if var queue = state.imageFaults[key], !queue.isEmpty {
                    let fault = queue.removeFirst()
                    state.imageFaults[key] = queue.isEmpty ? nil : queue
                    return (photo, fault)
                }
            }
            return (photo, state.everyImageFault)
        }
        guard let photo, let parsed, let bytes = photo.sizes[parsed.size] else {
            return .response(status: 404, headers: [("Content-Type", "text/html")], body: Array("<html><body>Not Found</body></html>".utf8))
        }
        let headers = [("Content-Type", "image/jpeg")]
        switch fault {
        case .status(let status, let retryAfter)?:
            return .response(status: status, headers: retryAfter.map { [("Retry-After", String($0))] } ?? [], body: Array("error".utf8))
        case .reset?: return .resetConnection
        case .truncated?: return .truncated(status: 200, headers: headers, body: bytes, sendBytes: bytes.count / 4)
        case .stall(let seconds)?:
            return .stall(seconds: seconds, status: 200, headers: headers, body: bytes, sendBytes: min(100, bytes.count))
        case .html?: return .html()
        case .redirect(let location)?: return .redirect(to: location)
        case nil: return .response(status: 200, headers: headers, body: bytes)
        }
    }
}
