import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// The loopback server, through the real curl command-line tool.
struct LoopbackServerTests {
    static func pattern(_ count: Int, seed: UInt8 = 0) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) &+ seed } }

    @Test func keepsTheConnectionAliveAcrossRequests() async throws {
        let server = try LoopbackServer { request in .text(request.path) }
        defer { server.stop() }
        let result = try await curl([server.url("/one"), server.url("/two")])
        #expect(result.exitCode == 0, "\(result.errors)")
        #expect(result.text == "/one/two")
        #expect(server.connectionsAccepted == 1, "two URLs in one curl run share one connection")
        #expect(server.requests.map(\.connection) == [1, 1])
        #expect(server.requests.map(\.path) == ["/one", "/two"])
    }

    @Test func honoursConnectionClose() async throws {
        let server = try LoopbackServer { _ in .text("x") }
        defer { server.stop() }
        let result = try await curl(["-i", "-H", "Connection: close", server.url("/a"), server.url("/b")])
        #expect(result.exitCode == 0)
        #expect(result.text.contains("Connection: close"))
        #expect(server.connectionsAccepted == 2)
        #expect(server.requests.map(\.connection) == [1, 2])
    }

    @Test func answersHeadWithTheLengthButNoBody() async throws {
        let server = try LoopbackServer { _ in .response(status: 200, headers: [("Content-Type", "image/jpeg")], body: Self.pattern(1234)) }
        defer { server.stop() }
        let result = try await curl(["-I", server.url("/photo.jpg")])
        #expect(result.exitCode == 0)
        #expect(result.text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(result.text.contains("Content-Length: 1234\r\n") && result.text.contains("Content-Type: image/jpeg\r\n"))
        #expect(result.text.hasSuffix("\r\n\r\n"))
        #expect(server.requests.first?.method == "HEAD")
    }

    @Test func decodesTheQueryAndKeepsItRaw() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let raw = "a=1&text=hello%20world&plus=x+y&escaped=%2B%26%3D&empty=&bad=%zz&lat=-33.8"
        let result = try await curl(["-H", "X-Custom: Value 1", server.url("/services/rest/?\(raw)")])
        #expect(result.exitCode == 0 && result.text == "{}")
        let request = try #require(server.requests.first)
        #expect(request.path == "/services/rest/" && request.rawQuery == raw && request.method == "GET")
        #expect(
            request.query == ["a": "1", "text": "hello world", "plus": "x y", "escaped": "+&=", "empty": "", "bad": "%zz", "lat": "-33.8"])
        #expect(request.headers["x-custom"] == "Value 1" && request.headers["host"] == "127.0.0.1:\(server.port)")
        #expect(request.version == "HTTP/1.1")
    }

    @Test func resetsTheConnection() async throws {
        let server = try LoopbackServer { _ in .resetConnection }
        defer { server.stop() }
        let result = try await curl([server.url("/reset")])
        #expect(result.exitCode == 56, "curl: recv failure (connection reset): \(result.errors)")
        #expect(result.output.isEmpty)
    }

    @Test func truncatesTheBody() async throws {
        let server = try LoopbackServer { _ in .truncated(status: 200, headers: [], body: Self.pattern(10_000), sendBytes: 2_500) }
        defer { server.stop() }
        let result = try await curl([server.url("/short")])
        #expect(result.exitCode == 18, "curl: partial file: \(result.errors)")
        #expect(result.output == Array(Self.pattern(10_000).prefix(2_500)))
    }

    @Test func aStallSendsTheStartOfTheBodyThenHoldsTheReplyUntilStopped() async throws {
        let server = try LoopbackServer { _ in .stall(seconds: 3600, status: 200, headers: [], body: Self.pattern(10_000), sendBytes: 100) }
        // The stall would last an hour and curl would wait 10 minutes, so only stop() can end the
        // reply; it is stopped once curl has the head and the first 100 bytes, whenever they come.
        // --no-buffer: curl writes each byte it gets at once, so its output file shows them.
        let finished = try await curl(["--no-buffer", server.url("/slow")], maxTime: 600) { output in
            try await Waiting.until("curl to receive the first 100 bytes") {
                ((try? FileManager.default.attributesOfItem(atPath: output)[.size]) as? Int ?? 0) >= 100
            }
            #expect(server.requestsInFlight == 1, "the reply is held open, not ended")
            server.stop()
        }
        // 18 (partial body), not 28: stop() ended it, not curl's limit.
        #expect(finished.exitCode == 18, "the shut-down connection ends the partial body: \(finished.errors)")
        #expect(finished.output == Array(Self.pattern(100)))
    }

    @Test func redirectsToAFileURLAsItIsTold() async throws {
        let server = try LoopbackServer { _ in .redirect(to: "file:///etc/passwd") }
        defer { server.stop() }
        let result = try await curl(["-i", server.url("/image.jpg")])
        #expect(result.exitCode == 0)
        #expect(result.text.hasPrefix("HTTP/1.1 302 Found\r\n"))
        #expect(result.text.contains("Location: file:///etc/passwd\r\n"))
        #expect(!result.text.contains("root:"), "nothing was followed")
    }

    @Test func survivesAClientThatHangsUpMidBody() async throws {
        let big = Self.pattern(8 << 20)
        let server = try LoopbackServer { request in request.path == "/big" ? .response(status: 200, body: big) : .text("alive") }
        defer { server.stop() }
        // curl refuses the announced length at once and closes while the server is still sending.
        async let hangUps = withThrowingTaskGroup(of: Int32.self) { group in
            for _ in 0..<8 { group.addTask { try await curl(["--max-filesize", "1000", server.url("/big")]).exitCode } }
            return try await group.reduce(into: [Int32]()) { $0.append($1) }
        }
        #expect(try await hangUps == Array(repeating: 63, count: 8))
        let after = try await curl([server.url("/small")])
        #expect(after.exitCode == 0 && after.text == "alive")
    }

    @Test func servesManyLargeBodiesConcurrently() async throws {
        let body = Self.pattern(200 * 1024, seed: 7)
        // The first 20 image requests are held until all 20 are in flight at once.
        let twentyInFlight = Rendezvous(count: 20)
        let server = try LoopbackServer { request in
            guard request.path.hasPrefix("/img/") else { return .text("api") }
            twentyInFlight.arrive()
            return .response(status: 200, headers: [("Content-Type", "image/jpeg")], body: body)
        }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory
        let urls = (0..<500).map { server.url("/img/\($0).jpg") }
        let config = try curlConfig(urls: urls, in: folder)
        defer { try? FileManager.default.removeItem(atPath: config) }
        // Speed is the download benchmark's business.
        let result = try await curl([
            "--parallel", "--parallel-immediate", "--parallel-max", "100", "-w", "%{http_code} %{size_download}\n", "-K", config,
        ])
        #expect(result.exitCode == 0, "\(result.errors)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 500 && lines.allSatisfy { $0 == "200 \(body.count)" })
        #expect(server.requests.count == 500)
        #expect(server.peakConcurrentRequests >= 20, "peak \(server.peakConcurrentRequests)")
        #expect(server.peakConcurrentRequests <= 100)
        #expect(server.peakConcurrentRequests { $0.path.hasPrefix("/img/") } == server.peakConcurrentRequests)
        #expect(server.peakConcurrentRequests { $0.path == "/api" } == 0)
        #expect(server.connectionsAccepted <= 100 + 10)
    }

    @Test func refusesConnectionsOnceStopped() async throws {
        let server = try LoopbackServer { _ in .text("ok") }
        let first = try await curl([server.url("/")])
        #expect(first.exitCode == 0)
        server.stop()
        server.stop()
        let after = try await curl([server.url("/")])
        #expect(after.exitCode == 7, "connection refused: \(after.errors)")
    }
}
