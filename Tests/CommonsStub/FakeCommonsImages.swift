import LoopbackHTTP

/// The image servers of the fake: thumbnails at `/thumb/SHARD/NAME/WIDTHpx-NAME` (standard widths
/// only, as upload.wikimedia.org does) and originals at `/images/SHARD/NAME`.
extension FakeCommons {
    func answerImage(_ request: LoopbackRequest) -> LoopbackReply {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).map { $0.removingPercentEncoding ?? String($0) }
        let notFound = LoopbackReply.response(
            status: 404, headers: [("Content-Type", "text/html")], body: Array("<html><body>404 Not Found</body></html>".utf8))
        let isThumb = parts.count == 6 && parts[1] == "thumb"
        guard isThumb || parts.count == 5 && parts[1] == "images" else { return notFound }
        let name = parts[4]
        let (file, fault) = state.withLock { state -> (FakeCommonsFile?, CommonsImageFault?) in
            guard let file = state.files.first(where: { $0.urlName == name && !$0.missing }) else { return (nil, nil) }
            guard var queue = state.imageFaults[file.pageID], !queue.isEmpty else { return (file, nil) }
            let fault = queue.removeFirst()
            state.imageFaults[file.pageID] = queue
            return (file, fault)
        }
        guard let file else { return notFound }
        var bytes = file.original
        if isThumb {
            let label = parts[5]
            guard let px = label.range(of: "px-"), let width = Int(label[..<px.lowerBound]),
                [name, name + ".jpg"].contains(String(label[px.upperBound...]))
            else { return notFound }
            guard Self.standardWidths.contains(width) else {
                return .response(
                    status: 429, headers: [("Content-Type", "text/plain")],
                    body: Array(
                        "Use thumbnail steps listed on https://w.wiki/GHai. Please contact noc@wikimedia.org for further information (7c33e8b)"
                            .utf8))
            }
            bytes = file.thumbnailBytes(width: width)
        }
        let headers = [("Content-Type", isThumb ? "image/jpeg" : file.mime)]
        switch fault {
        case .status(let status)?:
            return .response(
                status: status, headers: [("Content-Type", "text/html")], body: Array("<html><body>Error \(status)</body></html>".utf8))
        case .truncated?: return .truncated(status: 200, headers: headers, body: bytes, sendBytes: bytes.count / 4)
        case .reset?: return .resetConnection
        case nil: return .response(status: 200, headers: headers, body: bytes)
        }
    }
}
