import Foundation
import Synchronization

/// What came back for a request: the final status and headers (after redirects) and, for
/// in-memory requests, the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names are lowercased.
    public var headers: [String: String]
    /// The body for `HTTPClient.data(_:)`; empty for downloads into a sink.
    public var body: Data
    /// How many body bytes arrived.
    public var bodyBytes: Int
}

/// tourist's HTTP client: libcurl underneath, one engine thread per client, async/await on top (and,
/// for synchronous callers such as the S3 store, a completion callback).
///
/// Rules it keeps for every request: only `http` and `https`, for the request and for redirects
/// (at most 5, and none for a request that sends a body or is signed); TLS peers always verified;
/// connect, total and stall time-outs; at most `maxBytes` of body; a `User-Agent` naming tourist and its version; task cancellation aborts the transfer.
/// Failures are thrown as `HTTPError`, classified for retry (see `HTTPOutcome`), and their
/// messages never include the request's query string, where API keys travel.
public final class HTTPClient: Sendable {
    /// Time-outs and identification for every request of a client.
    public struct Configuration: Sendable {
        public var userAgent: String
        /// Seconds to establish a connection (TCP and TLS).
        public var connectTimeout: Double
        /// Seconds for a whole request, body included.
        public var totalTimeout: Double
        /// Seconds without a single byte before a transfer is abandoned as stalled.
        public var stallTimeout: Double

        public init(
            userAgent: String = "tourist/\(TouristVersion.current)", connectTimeout: Double = 10, totalTimeout: Double = 30,
            stallTimeout: Double = 15
        ) {
            self.userAgent = userAgent
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.stallTimeout = stallTimeout
        }

        /// Time-outs derived from the config's `downloads.timeoutSeconds`.
        public init(downloads: TouristConfig.Downloads) {
            self.init(
                connectTimeout: min(10, downloads.timeoutSeconds), totalTimeout: downloads.timeoutSeconds,
                stallTimeout: min(15, downloads.timeoutSeconds)
            )
        }
    }

    public let configuration: Configuration
    /// Started by the first request, so a command whose providers never use HTTP never loads libcurl.
    private let startedEngine = Mutex<CurlEngine?>(nil)
    private let nextID = Mutex(0)
    /// Signalled when the thread `prepare` started is done.
    private let preparing = Mutex<DispatchSemaphore?>(nil)

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    deinit {
        startedEngine.withLock { $0?.stop() }
    }

    /// The engine, started on first use; throws when libcurl cannot be loaded.
    private func engine() throws -> CurlEngine {
        try startedEngine.withLock { engine in
            if let engine { return engine }
            let started = try CurlEngine(configuration: configuration)
            engine = started
            return started
        }
    }

    /// Starts loading libcurl and the engine on a thread of its own, for a client that is about to be
    /// used: loading takes about 15 ms, which the first request then need not wait for. A failure to
    /// load is reported by that first request.
    public func prepare() {
        guard startedEngine.withLock({ $0 == nil }) else { return }
        let done = DispatchSemaphore(value: 0)
        preparing.withLock { $0 = done }
        let thread = Thread { [self] in
            _ = try? engine()
            done.signal()
        }
        thread.name = "tourist-http-start"
        thread.start()
    }

    /// Waits until what `prepare` started has finished: a process must not exit while another
    /// thread is still loading libcurl (exit's clean-up would pull the library out from under it).
    public func finishPreparing() {
        guard let done = preparing.withLock({ $0 }) else { return }
        done.wait()
        done.signal()  // for whoever waits next
    }

    /// `url` as logs and messages may show it: without user, password, query or fragment.
    public static func redacted(_ url: URL) -> String {
        HTTPOutcome.redacted(url)
    }

    /// Sends `request` (a GET unless it says otherwise) and returns the body in memory (at most
    /// `maxBytes`); a non-2xx status is thrown.
    public func data(_ request: HTTPRequest, maxBytes: Int = 16 << 20) async throws -> HTTPResponse {
        try await perform(request, destination: .memory, maxBytes: maxBytes)
    }

    /// GETs `url` and streams a 2xx body into `sink` as it arrives; a non-2xx status is thrown.
    public func download(_ url: URL, into sink: any BlobSink, maxBytes: Int) async throws -> HTTPResponse {
        try await download(HTTPRequest(url: url), into: sink, maxBytes: maxBytes)
    }

    /// Sends `request` and streams a 2xx body into `sink` as it arrives; a non-2xx status is thrown.
    public func download(_ request: HTTPRequest, into sink: any BlobSink, maxBytes: Int) async throws -> HTTPResponse {
        try await perform(request, destination: .sink(sink), maxBytes: maxBytes)
    }

    /// Sends `request` and returns the response whatever its status (to S3, a 412 or a 304 is an
    /// answer, not a failure), with its body in memory (at most `maxBytes`); only a failure to get
    /// an answer (connection, time-out, size) is thrown.
    public func exchange(_ request: HTTPRequest, maxBytes: Int = 16 << 20) async throws -> HTTPResponse {
        try await perform(request, destination: .memory, maxBytes: maxBytes, anyStatus: true)
    }

    private func perform(_ request: HTTPRequest, destination: HTTPTransfer.Destination, maxBytes: Int, anyStatus: Bool = false) async throws
        -> HTTPResponse
    {
        try Task.checkCancellation()
        let transfer = try makeTransfer(request, destination: destination, maxBytes: maxBytes, anyStatus: anyStatus)
        let engine = try engine()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.onCompletion { continuation.resume(with: $0) }
                engine.start(transfer)
            }
        } onCancel: {
            engine.cancel(transfer.id)
        }
    }

    /// Sends `request` and calls `completion` with the response whatever its status, as `exchange`
    /// answers it; a 2xx body streams into `sink` when there is one (other bodies are kept in
    /// memory, their first 4 KiB), else it is kept in memory up to `maxBytes`. For synchronous
    /// callers (the store), who block on a semaphore that `completion` signals: it runs on the
    /// client's engine thread, so the wait never needs a thread of Swift's cooperative pool (the
    /// caller may be on one). `completion` must return quickly; the request cannot be cancelled.
    public func exchange(
        _ request: HTTPRequest, into sink: (any BlobSink)? = nil, maxBytes: Int = 16 << 20,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) {
        do {
            let transfer = try makeTransfer(request, destination: sink.map { .sink($0) } ?? .memory, maxBytes: maxBytes, anyStatus: true)
            let engine = try engine()
            transfer.onCompletion(completion)
            engine.start(transfer)
        } catch {
            completion(.failure(error))
        }
    }

    /// A transfer for `request`, once its URL and headers pass the client's rules.
    private func makeTransfer(_ request: HTTPRequest, destination: HTTPTransfer.Destination, maxBytes: Int, anyStatus: Bool) throws
        -> HTTPTransfer
    {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPError.invalidResponse("refused to read \(HTTPOutcome.redacted(request.url)): only http and https URLs are allowed")
        }
        guard !request.headers.contains(where: { ($0.name + $0.value).contains(where: \.isNewline) || $0.name.contains(":") }) else {
            throw HTTPError.invalidRequest(
                "refused a header with a line break or a colon in its name for \(HTTPOutcome.redacted(request.url))")
        }
        let id = nextID.withLock { next in
            next += 1
            return next
        }
        return HTTPTransfer(id: id, request: request, destination: destination, maxBytes: maxBytes, anyStatus: anyStatus)
    }
}
