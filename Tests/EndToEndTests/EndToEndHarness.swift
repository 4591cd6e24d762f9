import Foundation
import Testing
import TestSupport

/// A temp home and store for one end-to-end test, and the built binary pointed at them.
struct Harness {
    let folder = TemporaryDirectory("tourist-e2e")
    /// The built binary; a test may put a copy of it elsewhere in its place.
    var tourist: TouristBinary

    var store: String { folder.child("store") }

    /// Processes that share the store wait up to 5 minutes for its lock (not 10 s): on a busy
    /// machine another process's transaction can take seconds, and a test of the wait sets its own.
    init(extraEnvironment: [String: String] = [:]) throws {
        var environment = [
            "HOME": folder.child("home"), "TOURIST_STORE": folder.child("store"), "TOURIST_RETRY_BASE_SECONDS": "0.01",
            "TOURIST_LOCK_TIMEOUT": "300",
        ]
        environment.merge(extraEnvironment) { $1 }
        tourist = try TouristBinary(environment: environment)
    }

    /// Runs tourist and records an issue when the exit status is not `expecting`.
    @discardableResult
    func run(_ arguments: String..., expecting status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> TouristBinary.Result
    {
        try await run(arguments, expecting: status, sourceLocation: sourceLocation)
    }

    /// Runs tourist with `arguments` and records an issue when the exit status is not `expecting`.
    @discardableResult
    func run(_ arguments: [String], expecting status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> TouristBinary.Result
    {
        let result = try await tourist.run(arguments, in: folder.path)
        #expect(
            result.status == status,
            "tourist \(arguments.joined(separator: " ")) exited \(result.status)\nstdout: \(result.stdout)\nstderr: \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// Runs tourist with --json and returns the parsed document.
    func json(_ arguments: String..., expecting status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> [String: Any]
    {
        let result = try await tourist.run(arguments + ["--json"], in: folder.path)
        #expect(
            result.status == status, "tourist \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
            sourceLocation: sourceLocation)
        return try #require(
            try result.json() as? [String: Any], "stdout is not one JSON object: \(result.stdout)", sourceLocation: sourceLocation)
    }

    /// Files in the store's blob folder.
    func blobFiles() -> Set<String> {
        let root = store + "/blobs/sha256"
        let shards = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return Set(
            shards.flatMap { shard in
                ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(shard)")) ?? []).map { "\(root)/\(shard)/\($0)" }
            })
    }

    /// The blob files that hold photos: every blob file but the thumbnails and previews the albums
    /// record (so one whose album no longer records it, left behind, counts).
    func photoFiles() -> Set<String> {
        let albums = store + "/index/albums"
        var derived: Set<String> = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: albums)) ?? [] where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: "\(albums)/\(name)"),
                let album = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            for photo in album["photos"] as? [[String: Any]] ?? [] {
                for image in photo["derived"] as? [[String: Any]] ?? [] {
                    derived.formUnion([image["sha256"] as? String].compactMap { $0 })
                }
            }
        }
        return blobFiles().filter { !derived.contains(($0 as NSString).lastPathComponent) }
    }

    /// The repository's root folder.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}

/// SHA-256 of a file, by coreutils' sha256sum (independent of the code under test).
func sha256sum(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(String(decoding: output, as: UTF8.self).prefix(64))
}

extension Dictionary where Key == String, Value == Any {
    /// The photos array of an album or search document.
    var photos: [[String: Any]] { self["photos"] as? [[String: Any]] ?? [] }
}
