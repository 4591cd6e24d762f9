import CCurl
import CurlShim
import Foundation
import Synchronization

/// One HTTP request in flight: the easy handle, what it sends, where the response body goes, what
/// came back, and the completion to call when libcurl is done (which resumes an awaiting task or
/// wakes a waiting thread). Created by `HTTPClient`, driven by `CurlEngine`'s thread; the requester
/// only waits for the completion, so the two never touch it at once.
final class HTTPTransfer: @unchecked Sendable {
    /// Where the body of a 2xx response goes (with `anyStatus`, in memory that of any response too).
    enum Destination {
        case sink(any BlobSink)
        case memory

        var isMemory: Bool {
            if case .memory = self { true } else { false }
        }
    }

    let id: Int
    let request: HTTPRequest
    let destination: Destination
    let maxBytes: Int
    /// Whether any status is an answer (`HTTPClient.exchange`) rather than an error. Only a 2xx body
    /// reaches a sink; in memory, with `anyStatus`, any body is kept whole up to `maxBytes`.
    let anyStatus: Bool
    private(set) var easy: UnsafeMutableRawPointer?
    /// The request's own headers, as libcurl's list (freed with the handle).
    private var headerList: UnsafeMutableRawPointer?
    /// The request body being sent.
    private var upload: HTTPUpload?

    /// The status of the response whose headers are being read (the last one, after redirects).
    var status = 0
    /// That response's headers, names lowercased.
    var headers: [String: String] = [:]
    /// The body when it is kept in memory, or the start of an error body (for messages).
    var body = Data()
    var bodyBytes = 0
    /// An error raised inside a callback (the sink refused bytes, the cap was passed).
    var callbackError: (any Error)?
    /// When a header or body byte last arrived (or the transfer started): the engine abandons a
    /// transfer silent for longer than the stall time-out. (libcurl's own low-speed check averages
    /// over several seconds, so a burst followed by silence goes unnoticed for too long.)
    var lastActivity = ContinuousClock.now
    /// libcurl writes its message for the last failure here.
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    /// Called once with the outcome, on the engine's thread (or the requester's, for a transfer
    /// that never started).
    private let completion = Mutex<(@Sendable (Result<HTTPResponse, any Error>) -> Void)?>(nil)

    init(id: Int, request: HTTPRequest, destination: Destination, maxBytes: Int, anyStatus: Bool = false) {
        self.id = id
        self.request = request
        self.destination = destination
        self.maxBytes = maxBytes
        self.anyStatus = anyStatus
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    }

    deinit {
        releaseHandle()
        errorBuffer.deallocate()
    }

    /// Frees the easy handle and what it points to (the header list, the body's file).
    private func releaseHandle() {
        if let easy { tourist_curl_easy_cleanup(easy) }
        easy = nil
        if let headerList { tourist_curl_slist_free_all(headerList) }
        headerList = nil
        upload = nil
    }

    /// Sets what `complete` calls; it must return quickly (it runs on the engine's thread).
    func onCompletion(_ handler: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void) {
        completion.withLock { $0 = handler }
    }

    /// Calls the completion once; later calls do nothing.
    func complete(_ result: Result<HTTPResponse, any Error>) {
        releaseHandle()
        let handler = completion.withLock { stored in
            defer { stored = nil }
            return stored
        }
        handler?(result)
    }

    /// Makes the easy handle with every option of `configuration`; throws when libcurl refuses one.
    func makeHandle(_ configuration: HTTPClient.Configuration) throws -> UnsafeMutableRawPointer {
        guard let easy = tourist_curl_easy_init() else {
            throw HTTPError.unavailable("libcurl could not start a transfer (out of memory?)")
        }
        self.easy = easy
        let options = CurlOptions(easy: easy)
        try options.set(CURLOPT_URL, request.url.absoluteString)
        try options.set(CURLOPT_NOSIGNAL, 1)
        try options.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try options.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        try options.set(CURLOPT_FOLLOWLOCATION, 1)
        try options.set(CURLOPT_MAXREDIRS, 5)
        try options.set(CURLOPT_SSL_VERIFYPEER, 1)
        try options.set(CURLOPT_SSL_VERIFYHOST, 2)
        try options.set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        // Waiting for a connection that may multiplex pays only where HTTP/2 can be had (over TLS);
        // for cleartext http, libcurl 7.88 would queue a request behind one in flight on the same
        // host instead of opening a second connection.
        if request.url.scheme?.lowercased() == "https" { try options.set(CURLOPT_PIPEWAIT, 1) }
        try options.set(CURLOPT_USERAGENT, request.userAgent ?? configuration.userAgent)
        try options.set(CURLOPT_CONNECTTIMEOUT_MS, Int(configuration.connectTimeout * 1000))
        try options.set(CURLOPT_TIMEOUT_MS, Int((request.timeLimits?.total ?? configuration.totalTimeout) * 1000))
        if let limits = request.timeLimits {
            try options.set(CURLOPT_LOW_SPEED_LIMIT, limits.minimumBytesPerSecond)
            try options.set(CURLOPT_LOW_SPEED_TIME, max(1, Int(limits.speedWindow.rounded(.up))))
        }
        try options.set(CURLOPT_MAXFILESIZE_LARGE, Int64(maxBytes))
        if request.acceptCompressed { try options.set(CURLOPT_ACCEPT_ENCODING, "") }
        try options.set(CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
        let context = Unmanaged.passUnretained(self).toOpaque()
        try options.set(CURLOPT_PRIVATE, context)
        try options.set(CURLOPT_WRITEDATA, context)
        try options.set(CURLOPT_HEADERDATA, context)
        try options.setCallback(CURLOPT_WRITEFUNCTION, httpTransferBodyCallback)
        try options.setCallback(CURLOPT_HEADERFUNCTION, httpTransferHeaderCallback)
        try setMethodBodyAndHeaders(options, context: context)
        return easy
    }

    /// The method, the body (read by `httpTransferReadCallback`), the request's headers and its
    /// signature. A request that sends a body or is signed follows no redirect.
    private func setMethodBodyAndHeaders(_ options: CurlOptions, context: UnsafeMutableRawPointer) throws {
        switch request.method {
        case "GET": break
        case "HEAD": try options.set(CURLOPT_NOBODY, 1)
        default: try options.set(CURLOPT_CUSTOMREQUEST, request.method)
        }
        var lines = request.headers.map { "\($0.name): \($0.value)" }
        if let body = request.body {
            let upload = try HTTPUpload(body)
            self.upload = upload
            try options.set(CURLOPT_UPLOAD, 1)
            try options.set(CURLOPT_INFILESIZE_LARGE, upload.length)
            try options.set(CURLOPT_READDATA, context)
            try options.setCallback(CURLOPT_READFUNCTION, httpTransferReadCallback)
            try options.set(CURLOPT_FOLLOWLOCATION, 0)
            // No 100-continue round trip before the body, unless the request is signed: libcurl 7.88
            // would sign the removed header, and the signature would not match what was sent.
            if request.signing == nil { lines.append("Expect:") }
        }
        if let signing = request.signing {
            try options.set(CURLOPT_FOLLOWLOCATION, 0)
            try options.set(CURLOPT_AWS_SIGV4, "aws:amz:\(signing.region):\(signing.service)")
            try options.set(CURLOPT_USERPWD, "\(signing.accessKeyID):\(signing.secretAccessKey)")
            // S3 wants the payload's hash, which libcurl 7.88 does not add; libcurl signs it.
            lines.append("x-amz-content-sha256: \(upload?.payloadHash ?? HTTPUpload.emptyPayloadHash)")
            if let token = signing.sessionToken { lines.append("x-amz-security-token: \(token)") }
        }
        for line in lines {
            guard let list = tourist_curl_slist_append(headerList, line) else {
                throw HTTPError.unavailable("libcurl could not add a header (out of memory?)")
            }
            headerList = list
        }
        if let headerList { try options.set(CURLOPT_HTTPHEADER, headerList) }
    }

    /// libcurl asks for the next bytes of the body; returns how many it got, or nil to abort.
    func sendBody(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        lastActivity = .now
        guard let count = upload?.read(into: buffer) else {
            callbackError = HTTPError.unavailable(
                "the body of the request to \(HTTPOutcome.redacted(request.url)) could not be read from its file")
            return nil
        }
        return count
    }

    /// libcurl's message for the failure, or "" when it left none.
    var curlMessage: String {
        String(cString: errorBuffer)
    }

    /// A header line arrived; a status line starts a new response (after a redirect or a 100).
    func receiveHeader(_ line: Substring) {
        lastActivity = .now
        if line.hasPrefix("HTTP/") {
            headers = [:]
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        headers[name] = value
    }

    /// Body bytes arrived. Those of a 2xx response go to the destination, as do those of any
    /// response kept in memory with `anyStatus`; others are kept (a little) for the error message.
    /// Returns false to make libcurl abort the transfer.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        lastActivity = .now
        bodyBytes += bytes.count
        guard (200..<300).contains(status) || anyStatus && destination.isMemory else {
            if body.count < 4096 { body.append(contentsOf: bytes.prefix(4096 - body.count)) }
            return true
        }
        do {
            guard bodyBytes <= maxBytes else {
                throw HTTPError.tooLarge("the response is larger than \(maxBytes) bytes (downloads.maxPhotoBytes)")
            }
            switch destination {
            case .sink(let sink): try sink.write(bytes)
            case .memory: body.append(contentsOf: bytes)
            }
            return true
        } catch {
            callbackError = error
            return false
        }
    }
}

/// CURLOPT_WRITEFUNCTION: hands the bytes to the transfer in `context`.
private func httpTransferBodyCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?)
    -> Int
{
    guard let context else { return 0 }
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let accepted = transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length))
    return accepted ? length : 0
}

/// CURLOPT_READFUNCTION: the next bytes of the request body.
private func httpTransferReadCallback(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?)
    -> Int
{
    guard let context, let data else { return Int(CURL_READFUNC_ABORT) }
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.sendBody(into: UnsafeMutableRawBufferPointer(start: data, count: size * count)) ?? Int(CURL_READFUNC_ABORT)
}

/// CURLOPT_HEADERFUNCTION: one header line at a time.
private func httpTransferHeaderCallback(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?
) -> Int {
    let length = size * count
    guard let context, let data else { return length }
    let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
    transfer.receiveHeader(line[...])
    return length
}
