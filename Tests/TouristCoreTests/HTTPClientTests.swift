import Crypto
import Foundation
import LoopbackHTTP
import ProviderExpectations
import Testing
import TestSupport
@testable import TouristCore

/// The real libcurl client against a real HTTP server on 127.0.0.1.
@Suite struct HTTPClientTests {
    /// Only the tests of time-outs use short ones, with the server stalling far longer.
    let client = HTTPClient(configuration: .patient)

    /// A body that is easy to check: `count` bytes that differ by position.
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) } }

    @Test func getsABodyAndSendsItsUserAgent() async throws {
        let server = try LoopbackServer { _ in .response(status: 200, headers: [("X-Answer", "42")], body: Array("hello".utf8)) }
        let response = try await client.data(HTTPRequest(url: URL(string: server.url("/hello?x=1"))!))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello")
        #expect(response.headers["x-answer"] == "42")
        #expect(server.requests.first?.headers["user-agent"] == "tourist/\(TouristVersion.current)")
        #expect(server.requests.first?.query["x"] == "1")
    }

    @Test func streamsIntoTheStoreAndHashesOnTheWay() async throws {
        let folder = TemporaryDirectory()
        let store = try Store(path: folder.child("store"))
        let bytes = [0xFF, 0xD8, 0xFF, 0xE0] + Self.pattern(3 << 20)
        let server = try LoopbackServer { _ in .response(status: 200, headers: [("Content-Type", "image/jpeg")], body: bytes) }
        let writer = try store.blobs.makeWriter(maxBytes: 8 << 20)
        let response = try await client.download(URL(string: server.url("/big.jpg"))!, into: writer, maxBytes: 8 << 20)
        let info = try store.blobs.commit(writer)
        #expect(response.bodyBytes == bytes.count)
        #expect(info.sha256 == SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.blobs.path(of: info.sha256))) == Data(bytes))
    }

    @Test func reusesOneConnectionAndRunsTransfersInParallel() async throws {
        // Each parallel request is held until 8 are in flight at once: seen by the server, not hoped
        // for from a delay.
        let eightInFlight = Rendezvous(count: 8)
        let server = try LoopbackServer { request in
            if request.path.hasPrefix("/par/") { eightInFlight.arrive() }
            return .response(status: 200, body: Self.pattern(1000))
        }
        for index in 0..<5 { _ = try await client.data(HTTPRequest(url: URL(string: server.url("/seq/\(index)"))!)) }
        #expect(server.connectionsAccepted == 1, "sequential requests must reuse the connection")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask { _ = try await client.data(HTTPRequest(url: URL(string: server.url("/par/\(index)"))!)) }
            }
            try await group.waitForAll()
        }
        #expect(
            server.peakConcurrentRequests >= 8, "16 transfers on one engine thread must overlap (peak \(server.peakConcurrentRequests))")
    }

    @Test func classifiesStatusesForRetry() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/429": .response(status: 429, headers: [("Retry-After", "7")], body: [])
            case "/503": .response(status: 503, headers: [("Retry-After", "3")], body: [])
            default: .response(status: Int(request.path.dropFirst()) ?? 500, body: Array("<html>error</html>".utf8))
            }
        }
        func get(_ path: String) async throws { _ = try await client.data(HTTPRequest(url: URL(string: server.url(path))!)) }
        await expectHTTPError("unavailable", retryable: true) { try await get("/500") }
        await expectHTTPError("unavailable", retryable: true) { try await get("/502") }
        await expectHTTPError("unavailable", retryable: true) { try await get("/408") }
        await expectHTTPError("not found", retryable: false) { try await get("/404") }
        await expectHTTPError("not found", retryable: false) { try await get("/403") }
        await expectHTTPError("unauthorized", retryable: false) { try await get("/401") }
        await expectHTTPError("invalid response", retryable: false) { try await get("/400") }
        do {
            try await get("/429")
        } catch let error as HTTPError {
            #expect(error.retryAfter == 7)
        }
        do {
            try await get("/503")
        } catch let error as HTTPError {
            #expect(error.retryAfter == 3)
        }
    }

    @Test func resetsTruncationsAndStallsAreRetryable() async throws {
        let body = Self.pattern(200_000)
        let server = try LoopbackServer { request in
            switch request.path {
            case "/reset": .resetConnection
            case "/truncated": .truncated(status: 200, headers: [], body: body, sendBytes: 50_000)
            default: .stall(seconds: 600, status: 200, headers: [], body: body, sendBytes: 10_000)
            }
        }
        func get(_ path: String) async throws { _ = try await client.data(HTTPRequest(url: URL(string: server.url(path))!)) }
        await expectHTTPError("unavailable", retryable: true) { try await get("/reset") }
        await expectHTTPError("unavailable", retryable: true) { try await get("/truncated") }
        // "timed out", not "unavailable" (a cut-off body): the client's 1 s stall limit ended it, long
        // before the server's 600 s stall (which the server's release at the end cuts short).
        let impatient = HTTPClient(configuration: .init(connectTimeout: 120, totalTimeout: 300, stallTimeout: 1))
        await expectHTTPError("timed out", retryable: true) {
            _ = try await impatient.data(HTTPRequest(url: URL(string: server.url("/stall"))!))
        }
    }

    @Test func followsOnlyHTTPRedirectsAndAtMostFive() async throws {
        let server = try LoopbackServer { request in
            if request.path == "/to-file" { return .response(status: 302, headers: [("Location", "file:///etc/passwd")], body: []) }
            if request.path == "/to-ftp" { return .response(status: 302, headers: [("Location", "ftp://127.0.0.1/x")], body: []) }
            if request.path.hasPrefix("/hop/"), let hop = Int(request.path.dropFirst(5)), hop > 0 {
                return .response(status: 302, headers: [("Location", "/hop/\(hop - 1)")], body: [])
            }
            return .response(status: 200, body: Array("arrived".utf8))
        }
        let sink = CollectingSink()
        await expectHTTPError("invalid response", retryable: false) {
            _ = try await client.download(URL(string: server.url("/to-file"))!, into: sink, maxBytes: 1 << 20)
        }
        await expectHTTPError("invalid response", retryable: false) {
            _ = try await client.download(URL(string: server.url("/to-ftp"))!, into: sink, maxBytes: 1 << 20)
        }
        #expect(sink.bytes.isEmpty, "nothing from a refused redirect may reach the sink")
        let five = try await client.data(HTTPRequest(url: URL(string: server.url("/hop/5"))!))
        #expect(String(decoding: five.body, as: UTF8.self) == "arrived")
        await expectHTTPError("invalid response", retryable: false) {
            _ = try await client.data(HTTPRequest(url: URL(string: server.url("/hop/6"))!))
        }
    }

    @Test func refusesOtherSchemesWithoutReadingAnything() async throws {
        let sink = CollectingSink()
        await expectHTTPError("invalid response", retryable: false) {
            _ = try await client.download(URL(string: "file:///etc/passwd")!, into: sink, maxBytes: 1 << 20)
        }
        await expectHTTPError("invalid response", retryable: false) {
            _ = try await client.data(HTTPRequest(url: URL(string: "ftp://127.0.0.1/file")!))
        }
        #expect(sink.bytes.isEmpty)
    }

    @Test func capsTheBodySize() async throws {
        let server = try LoopbackServer { _ in .response(status: 200, body: Self.pattern(100_000)) }
        let sink = CollectingSink()
        await expectHTTPError("too large", retryable: false) {
            _ = try await client.download(URL(string: server.url("/big"))!, into: sink, maxBytes: 10_000)
        }
        #expect(sink.bytes.count <= 10_000)
    }

    /// A broken cancellation would hang for the server's hour: the time limit turns that into a failure.
    @Test(.timeLimit(.minutes(10))) func cancellingTheTaskAbortsTheTransfer() async throws {
        let server = try LoopbackServer { _ in .stall(seconds: 3600, status: 200, headers: [], body: Self.pattern(100_000), sendBytes: 1000)
        }
        let patientClient = HTTPClient(configuration: .init(connectTimeout: 3600, totalTimeout: 3600, stallTimeout: 3600))
        let task = Task { try await patientClient.data(HTTPRequest(url: URL(string: server.url("/slow"))!)) }
        try await Waiting.until("the request to reach the server") { !server.requests.isEmpty }
        task.cancel()
        // The server stalls for an hour and the client waits as long: only the cancellation can end
        // the transfer now, and it ends it with CancellationError (a time-out would be a
        // HTTPError, the server's answer a success).
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func messagesNeverShowTheQueryString() async throws {
        let server = try LoopbackServer { _ in .response(status: 500, body: []) }
        do {
            _ = try await client.data(HTTPRequest(url: URL(string: server.url("/rest/?api_key=SECRET123&method=x"))!))
            Issue.record("expected an error")
        } catch {
            #expect(!String(describing: error).contains("SECRET123"), "\(error)")
            #expect(String(describing: error).contains("/rest/"))
        }
        #expect(server.requests.first?.query["api_key"] == "SECRET123")
    }
}

/// A sink that keeps what it receives.
final class CollectingSink: BlobSink, @unchecked Sendable {
    private(set) var bytes: [UInt8] = []
    func write(_ chunk: UnsafeRawBufferPointer) throws { bytes.append(contentsOf: chunk) }
}

/// Requests beyond GET, and S3's signature, against a real HTTP server on 127.0.0.1 that records
/// what arrived.
@Suite struct HTTPRequestTests {
    let client = HTTPClient(configuration: .patient)
    let folder = TemporaryDirectory()
    static let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    static func hex(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }

    func url(_ server: LoopbackServer, _ path: String) throws -> URL { try #require(URL(string: server.url(path))) }

    @Test func sendsMethodsHeadersAndBodiesFromMemoryAndFromAFile() async throws {
        let server = try LoopbackServer { request in
            .response(status: request.method == "PUT" ? 201 : 200, headers: [("ETag", "\"e1\"")], body: Array("done".utf8))
        }
        let large = HTTPClientTests.pattern(3 << 20)
        let file = try folder.write("upload.bin", Data(large))
        let put = try await client.exchange(
            HTTPRequest(url: try url(server, "/b/key"), method: "PUT", headers: [("If-None-Match", "*")], body: .file(file)))
        #expect(put.status == 201 && put.headers["etag"] == "\"e1\"")
        let posted = try await client.exchange(
            HTTPRequest(url: try url(server, "/b/post"), method: "POST", body: .bytes(Array("hello".utf8))))
        #expect(posted.status == 200 && String(decoding: posted.body, as: UTF8.self) == "done")
        let head = try await client.exchange(HTTPRequest(url: try url(server, "/b/key"), method: "HEAD"))
        #expect(head.status == 200 && head.headers["etag"] == "\"e1\"" && head.body.isEmpty)
        _ = try await client.exchange(HTTPRequest(url: try url(server, "/b/key"), method: "DELETE"))

        let seen = server.requests
        #expect(seen.map(\.method) == ["PUT", "POST", "HEAD", "DELETE"])
        #expect(seen[0].body == large, "the file arrived whole (\(seen[0].body.count) of \(large.count) bytes)")
        #expect(seen[0].headers["content-length"] == String(large.count) && seen[0].headers["if-none-match"] == "*")
        #expect(seen[0].headers["expect"] == nil, "no 100-continue round trip")
        #expect(seen[1].body == Array("hello".utf8))
        #expect(seen[2].body.isEmpty && seen[3].body.isEmpty)
    }

    @Test func exchangeAnswersEveryStatusWhereDataThrowsIt() async throws {
        let refusal = Array("<Error><Code>PreconditionFailed</Code></Error>".utf8)
        let server = try LoopbackServer { _ in .response(status: 412, headers: [("Content-Type", "application/xml")], body: refusal) }
        let answer = try await client.exchange(HTTPRequest(url: try url(server, "/b/k"), method: "PUT", body: .bytes([1, 2, 3])))
        #expect(answer.status == 412 && Array(answer.body) == refusal)
        await expectHTTPError("invalid response", retryable: false) { _ = try await client.data(HTTPRequest(url: try url(server, "/b/k"))) }
    }

    @Test func aSignedRequestCarriesASigV4SignatureAndNeverTheSecret() async throws {
        let server = try LoopbackServer { request in
            request.path == "/moved" ? .response(status: 302, headers: [("Location", "/elsewhere")], body: []) : .text("ok")
        }
        let secret = "wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY"
        let signing = AWSSigning(accessKeyID: "AKIDEXAMPLE", secretAccessKey: secret, sessionToken: "session-token-1", region: "eu-west-3")
        let file = try folder.write("photo.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0] + HTTPClientTests.pattern(1000)))
        _ = try await client.exchange(HTTPRequest(url: try url(server, "/bucket/none"), signing: signing))
        _ = try await client.exchange(
            HTTPRequest(url: try url(server, "/bucket/bytes"), method: "PUT", body: .bytes(Array("abc".utf8)), signing: signing))
        _ = try await client.exchange(HTTPRequest(url: try url(server, "/bucket/file"), method: "PUT", body: .file(file), signing: signing))
        let moved = try await client.exchange(HTTPRequest(url: try url(server, "/moved"), signing: signing))
        #expect(moved.status == 302, "a signed request follows no redirect: its credentials go nowhere else")

        let seen = server.requests
        #expect(seen.map(\.path) == ["/bucket/none", "/bucket/bytes", "/bucket/file", "/moved"])
        for request in seen {
            let authorization = request.headers["authorization"] ?? ""
            #expect(
                authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/") && authorization.contains("/eu-west-3/s3/aws4_request"),
                "\(authorization)")
            #expect(
                authorization.contains("x-amz-content-sha256") && authorization.contains("x-amz-date"), "both are signed: \(authorization)")
            #expect(request.headers["x-amz-security-token"] == "session-token-1")
            #expect(!request.headers.values.contains { $0.contains(secret) }, "the secret never travels")
        }
        #expect(
            seen.map { $0.headers["x-amz-content-sha256"] } == [
                Self.emptyHash, Self.hex(Array("abc".utf8)), "UNSIGNED-PAYLOAD", Self.emptyHash,
            ])
        #expect(!"\(signing)".contains(secret) && !"\(signing)".contains("session-token-1"))
    }

    @Test func aBodyFileThatCannotBeReadFailsBeforeAnythingIsSent() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        await expectHTTPError("invalid configuration", retryable: false) {
            _ = try await client.exchange(
                HTTPRequest(url: try url(server, "/b/k"), method: "PUT", body: .file(folder.child("missing.bin"))))
        }
        await expectHTTPError("invalid configuration", retryable: false) {
            _ = try await client.exchange(HTTPRequest(url: try url(server, "/b/k"), headers: [("X-Bad", "a\r\nInjected: 1")]))
        }
        #expect(server.requests.isEmpty)
    }
}
