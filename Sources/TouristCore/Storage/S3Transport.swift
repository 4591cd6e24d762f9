import Dispatch
import Foundation
import Synchronization

/// One request to S3 and how its answers are taken.
struct S3Exchange {
    let request: HTTPRequest
    /// Where a 2xx body streams; nil keeps it in memory.
    var sink: S3GuardedSink?
    /// The most body bytes kept in memory, and what an answer over it is.
    var limit = S3SizeLimit.answer
    /// A compare-and-swap write, whose 500 is an answer (see `S3Retry.isTransient`).
    var conditional = false
    /// A blob's bytes travel (up or down, or a server-side copy of them): the client's long
    /// time-out applies; every other request gets the transport's short `timeLimits`.
    var movesBlob = false
}

/// The most body bytes an S3 answer may bring into memory, and what that limit is, for the
/// message and exit code of an answer over it (`S3Failure`).
struct S3SizeLimit: Sendable {
    let bytes: Int
    /// What the limit is about, as a message names it.
    let what: String
    /// What an answer over it is: a broken service, or an object that is not tourist's.
    let kind: StoreError.Kind

    /// A listing page (S3 sends at most 1,000 keys, well under 1 MiB) or the answer to a write.
    static let answer = S3SizeLimit(bytes: 16 << 20, what: "16 MiB, the limit of a listing page or an answer from S3", kind: .unavailable)
    /// An index object (an album, the pin list): tourist never writes one near this.
    static let indexObject = S3SizeLimit(
        bytes: 64 << 20, what: "64 MiB, the limit of an index object (tourist writes none larger)", kind: .corrupt)
    /// A blob read whole into memory.
    static let blob = S3SizeLimit(bytes: 1 << 30, what: "1 GiB, the limit of a photo read into memory", kind: .corrupt)
    /// No body kept (a HEAD, a stream into a sink).
    static let none = S3SizeLimit(bytes: Int.max, what: "no limit", kind: .io)

    /// A blob streamed into a sink whose album records it as `bytes` long: a larger answer is
    /// refused before its body comes. The limit is never under 64 KiB, so that an error answer
    /// (S3's XML) for a tiny blob is read as what it is; the exact size is checked once read.
    static func recorded(_ bytes: Int) -> S3SizeLimit {
        S3SizeLimit(bytes: max(bytes, 64 << 10), what: "the \(bytes) bytes its album records", kind: .corrupt)
    }
}

/// Sends S3 requests for synchronous callers: many at once (up to `concurrency` in flight), each
/// retried per `policy` while its outcome is transient. The calling thread blocks on semaphores
/// that the HTTP client's engine thread signals, never on Swift's cooperative pool.
struct S3Transport: Sendable {
    let client: HTTPClient
    let policy: RetryPolicy
    let concurrency: Int
    /// The limits of every request that moves no blob (index objects, listings, HEADs, deletes).
    let timeLimits: HTTPRequest.TimeLimits

    /// The outcome of `exchange`, after retries.
    func send(_ exchange: S3Exchange) -> Result<HTTPResponse, any Error> {
        send([exchange])[0]
    }

    /// The outcome of each of `exchanges`, in their order, after retries. Each round retries, after
    /// one pause, every exchange whose outcome was transient; one that already streamed bytes into
    /// its sink is not retried (the sink cannot take them back).
    func send(_ exchanges: [S3Exchange]) -> [Result<HTTPResponse, any Error>] {
        var outcomes = sendOnce(exchanges)
        var pending = Array(exchanges.indices)
        for retry in 0..<max(0, policy.retries) {
            pending = pending.filter { index in
                exchanges[index].sink?.received != true
                    && S3Retry.isTransient(outcomes[index], conditional: exchanges[index].conditional, attempt: retry + 1, policy: policy)
            }
            guard !pending.isEmpty else { break }
            let asked = pending.compactMap { S3Retry.retryAfter(outcomes[$0]) }.max()
            Thread.sleep(forTimeInterval: policy.delay(beforeRetry: retry + 1, retryAfter: asked))
            for (index, outcome) in zip(pending, sendOnce(pending.map { exchanges[$0] })) {
                outcomes[index] = outcome
            }
        }
        return outcomes
    }

    /// One attempt at each exchange, `concurrency` at a time.
    private func sendOnce(_ exchanges: [S3Exchange]) -> [Result<HTTPResponse, any Error>] {
        let outcomes = Outcomes(count: exchanges.count)
        let slots = DispatchSemaphore(value: max(1, concurrency))
        let finished = DispatchGroup()
        for (index, exchange) in exchanges.enumerated() {
            slots.wait()
            finished.enter()
            var request = exchange.request
            if !exchange.movesBlob { request.timeLimits = timeLimits }
            client.exchange(request, into: exchange.sink, maxBytes: exchange.limit.bytes) { outcome in
                outcomes.set(index, outcome)
                slots.signal()
                finished.leave()
            }
        }
        finished.wait()
        return outcomes.all()
    }
}

/// The outcomes of a round of exchanges, filled in by the engine's thread.
private final class Outcomes: Sendable {
    private let slots: Mutex<[Result<HTTPResponse, any Error>?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func set(_ index: Int, _ outcome: Result<HTTPResponse, any Error>) {
        slots.withLock { $0[index] = outcome }
    }

    func all() -> [Result<HTTPResponse, any Error>] {
        slots.withLock { $0.map { $0 ?? .failure(CancellationError()) } }
    }
}

/// A sink between a transfer and the caller's: it counts the bytes that went through (a failed
/// read that streamed some cannot be retried) and remembers the error the caller's sink threw
/// (which is the caller's to see, not a network failure).
final class S3GuardedSink: BlobSink {
    private let sink: any BlobSink
    private(set) var byteCount = 0
    private(set) var failure: (any Error)?

    /// Whether any bytes went through.
    var received: Bool { byteCount > 0 }

    init(_ sink: any BlobSink) {
        self.sink = sink
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        byteCount += bytes.count
        do {
            try sink.write(bytes)
        } catch {
            failure = error
            throw error
        }
    }
}
