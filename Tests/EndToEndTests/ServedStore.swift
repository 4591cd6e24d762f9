import BrowserSupport
import Foundation
import Glibc
import Testing
import TestSupport

/// `tourist serve --port 0` running over a harness's store, as a user starts it, and requests to
/// it through a raw HTTP client that controls every header.
final class ServedStore: Sendable {
    let harness: Harness
    let process: Process
    /// The address the server printed (with `?token=` when it listens beyond loopback).
    let printedURL: String
    /// `http://127.0.0.1:PORT`.
    let base: String
    /// The port it listens on.
    let port: Int

    /// `fileLimit`: the server may open only that many files (`ulimit -n`).
    init(_ harness: Harness, arguments: [String] = [], fileLimit: Int? = nil) async throws {
        self.harness = harness
        process = try harness.tourist.start(["serve", "--port", "0"] + arguments, in: harness.folder.path, fileLimit: fileLimit)
        guard let pipe = process.standardOutput as? Pipe else { throw ServeFailure("no stdout pipe") }
        let line = try await Self.firstLine(of: pipe.fileHandleForReading)
        guard line.hasPrefix("tourist serve: http://"), let url = line.split(separator: " ").last.map(String.init) else {
            process.terminate()
            throw ServeFailure("tourist serve printed \"\(line)\", not its address")
        }
        printedURL = url
        guard let port = URLComponents(string: url)?.port else { throw ServeFailure("no port in \(url)") }
        base = "http://127.0.0.1:\(port)"
        self.port = port
    }

    struct ServeFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The first line the server prints, read off the cooperative pool; fails if it ends first.
    private static func firstLine(of handle: FileHandle) async throws -> String {
        try await Blocking.run {
            var bytes: [UInt8] = []
            while true {
                guard let byte = handle.readData(ofLength: 1).first else {
                    throw ServeFailure("tourist serve ended before printing its address: \(String(decoding: bytes, as: UTF8.self))")
                }
                if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
                bytes.append(byte)
            }
        }
    }

    /// The page's CSRF token, as the page carries it.
    func csrfToken() async throws -> String {
        let page = try await get("/").text
        let marker = "name=\"tourist-csrf\" content=\""
        guard let start = page.range(of: marker)?.upperBound else { throw ServeFailure("the page has no tourist-csrf meta tag") }
        return String(page[start...].prefix { $0 != "\"" })
    }

    func get(_ path: String, headers: [(String, String)] = []) async throws -> RawHTTPResponse {
        try await RawHTTP.request(url: base + path, headers: headers)
    }

    /// A state-changing request as the page sends it: JSON body, the CSRF token, same origin.
    func send(_ method: String, _ path: String, json: Any = [String: Any](), csrf: String?, headers: [(String, String)] = []) async throws
        -> RawHTTPResponse
    {
        var all = [("Content-Type", "application/json"), ("Origin", base)] + headers
        if let csrf { all.append(("X-Tourist-CSRF", csrf)) }
        let body = try JSONSerialization.data(withJSONObject: json)
        return try await RawHTTP.request(method: method, url: base + path, headers: all, body: [UInt8](body))
    }

    /// Waits until pin `id`'s album, as the API shows it, satisfies `done` (the API is polled).
    func waitForAlbum(_ id: String, timeout: Duration = Waiting.patience, until done: ([String: Any]) -> Bool) async throws -> [String: Any]
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            let album = try #require(try await get("/api/pins/\(id)/album").json() as? [String: Any])
            if done(album) { return album }
            guard ContinuousClock.now < deadline else { throw ServeFailure("the album of \(id) did not settle: \(album["pin"] ?? "?")") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Stops the server as Ctrl-C would; returns its exit status and what it wrote to stderr.
    func stop(signal: Int32 = SIGTERM) async -> (status: Int32, stderr: String) {
        kill(process.processIdentifier, signal)
        return await ended()
    }

    /// Waits for the server to end; returns its exit status and what it wrote to stderr.
    func ended() async -> (status: Int32, stderr: String) {
        guard let finished = try? await TouristBinary.finish(process) else { return (-1, "") }
        return (finished.status, finished.stderr)
    }
}

extension [String: Any] {
    /// A pin document's `state`.
    var pinState: String? { (self["pin"] as? [String: Any])?["state"] as? String }
}
