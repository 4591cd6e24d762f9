import Foundation

/// The outcome of one run of the curl command-line tool.
struct CurlResult {
    /// curl's exit status: 0, 7 (refused), 18 (partial), 28 (timeout), 56 (reset)…
    var exitCode: Int32
    var output: [UInt8]
    var errors: String

    var text: String { String(decoding: output, as: UTF8.self) }

    /// The body of an answer fetched with `-i`: everything after the last head's blank line.
    var body: [UInt8] {
        let separator: [UInt8] = [13, 10, 13, 10]
        var index = 0, start = 0
        while index + 4 <= output.count {
            if Array(output[index..<index + 4]) == separator {
                start = index + 4
                // A head follows only if the bytes after it start a new status line.
                if !output[start...].starts(with: Array("HTTP/".utf8)) { break }
                index = start
                continue
            }
            index += 1
        }
        return Array(output[start...])
    }

    /// The JSON object of the output (or nil).
    var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(output))) as? [String: Any] }
}

/// Runs /usr/bin/curl (no config file, no globbing, loopback only, `maxTime` seconds at most: a
/// limit that only keeps a hang from lasting, unless a test of a time-out sets it short) without
/// blocking a thread of the cooperative pool: output goes to temporary files, the exit is awaited.
/// `whileRunning`, given the file curl writes its output to, runs once curl has started.
func curl(
    _ arguments: [String], maxTime: Double = 300, whileRunning: @Sendable (_ outputPath: String) async throws -> Void = { _ in }
) async throws -> CurlResult {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loopback-curl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outPath = folder.appendingPathComponent("out"), errPath = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outPath.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath.path, contents: nil)
    let out = try FileHandle(forWritingTo: outPath), err = try FileHandle(forWritingTo: errPath)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-q", "-g", "-s", "-S", "--noproxy", "*", "--max-time", String(maxTime)] + arguments
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let exited = AsyncStream<Int32>.makeStream()
    process.terminationHandler = {
        exited.continuation.yield($0.terminationStatus)
        exited.continuation.finish()
    }
    try process.run()
    do {
        try await whileRunning(outPath.path)
    } catch {
        process.terminate()
        throw error
    }
    var statuses = exited.stream.makeAsyncIterator()
    let status = await statuses.next() ?? -1
    try? out.close()
    try? err.close()
    let output = (try? Data(contentsOf: outPath)).map { [UInt8]($0) } ?? []
    let errors = (try? String(contentsOf: errPath, encoding: .utf8)) ?? ""
    return CurlResult(exitCode: status, output: output, errors: errors)
}

/// A curl config file (for `-K`) fetching every URL to /dev/null.
func curlConfig(urls: [String], in folder: URL) throws -> String {
    let path = folder.appendingPathComponent("curl-\(UUID().uuidString).cfg").path
    let text = urls.map { "url = \"\($0)\"\noutput = \"/dev/null\"\n" }.joined()
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
