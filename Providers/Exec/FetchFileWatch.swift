import Glibc
import TouristCore

/// Watches the file a plugin writes a photo into while its `fetch` runs, so that a plugin writing
/// without end is stopped once the file passes the size cap, not when it answers (which it may
/// never do) after filling the disk. The size is read every `interval`; a plugin writing faster
/// than the disk holds still stops within one interval of the cap.
enum FetchFileWatch {
    static let interval = Duration.milliseconds(10)

    /// Runs `fetch` and returns its answer, unless `file` grows past `limit` bytes first: then
    /// `overrun` is called with the size seen (it stops the plugin and gives the error) and its
    /// error is thrown.
    static func run(
        _ file: ScratchFile, limit: Int, overrun: @Sendable (Int) -> any Error, fetch: @escaping @Sendable () async throws -> JSONValue
    ) async throws -> JSONValue {
        try await withThrowingTaskGroup(of: JSONValue?.self) { group in
            group.addTask { try await fetch() }
            group.addTask {
                while true {
                    try await Task.sleep(for: interval)
                    if size(of: file) > limit { return nil }
                }
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            if let answer = first { return answer }
            throw overrun(size(of: file))
        }
    }

    /// The file's size now (0 when it cannot be read).
    private static func size(of file: ScratchFile) -> Int {
        var info = stat()
        return fstat(file.fd, &info) == 0 ? Int(info.st_size) : 0
    }
}
