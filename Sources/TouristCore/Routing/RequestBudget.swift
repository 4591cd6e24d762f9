import Foundation
import Synchronization

/// At most `perHour` requests in any sliding hour, for one provider, across every tourist process
/// and run: each request's time is kept in `<directory>/requests` (one Unix time per line, older
/// than an hour pruned), changed only under an flock on `<directory>/requests.lock` and replaced
/// atomically. Without a directory the log lives in memory for this process only.
public final class RequestBudget: Sendable {
    public let perHour: Int
    let directory: String?
    /// How long `acquire` sleeps for a slot before it gives up with `rateLimited`.
    let maximumWait: Double
    private let memory = Mutex<[Double]>([])
    private static let window = 3600.0

    public init(directory: String?, perHour: Int, maximumWait: Double = 5) {
        self.directory = directory
        self.perHour = max(1, perHour)
        self.maximumWait = maximumWait
    }

    /// Takes one request slot, waiting up to `maximumWait` seconds for one to free up; throws
    /// `ProviderError.rateLimited` (with the wait, and the time the budget refills) when the hour's
    /// budget is used up for longer.
    public func acquire(provider: String) async throws {
        while true {
            let now = Date()
            let wait = try reserve(now: now.timeIntervalSince1970)
            if wait <= 0 { return }
            guard wait <= maximumWait else {
                let refill = Self.clockTime(now.addingTimeInterval(wait))
                throw ProviderError.rateLimited(
                    retryAfter: wait,
                    "\(provider) has used its budget of \(Plural.count(perHour, "request")) per hour (requestsPerHour); the next request is allowed at \(refill), in \(Self.duration(wait)). Run the command again then, or raise requestsPerHour if the service allows more"
                )
            }
            try await Task.sleep(for: .seconds(wait))
        }
    }

    /// The requests of the last hour, and when the oldest of them leaves it (nil when none did).
    public func usage(now: Date = Date()) throws -> (used: Int, nextRefill: Date?) {
        let cutoff = now.timeIntervalSince1970 - Self.window
        let times: [Double]
        if let directory {
            times = try Self.parse(FileSystem.read(directory + "/requests")).filter { $0 > cutoff }
        } else {
            times = memory.withLock { $0 }.filter { $0 > cutoff }
        }
        return (times.count, times.min().map { Date(timeIntervalSince1970: $0 + Self.window) })
    }

    /// A local clock time, `17:42:05`, as the refill message names it.
    public static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }

    /// A wait in words: `45 s`, `12 min 5 s`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }

    /// Records a request at `now` when the budget allows one and returns 0; otherwise returns the
    /// seconds until the oldest request of the window leaves it.
    func reserve(now: Double) throws -> Double {
        guard let directory else {
            return memory.withLock { times in Self.reserve(in: &times, now: now, limit: perHour) }
        }
        try FileSystem.makeDirectory(directory)
        let lock = try FileLock.lock(directory + "/requests.lock", timeout: 10, what: "the request log in \(directory)")
        defer { lock.unlock() }
        let path = directory + "/requests"
        var times = Self.parse(try FileSystem.read(path))
        let before = times
        let wait = Self.reserve(in: &times, now: now, limit: perHour)
        if times != before {
            try FileSystem.writeAtomically(Array(times.map { String(format: "%.3f\n", $0) }.joined().utf8), to: path)
        }
        return wait
    }

    /// The request times of a log file's bytes (none when there is no file).
    private static func parse(_ bytes: [UInt8]?) -> [Double] {
        bytes.map { String(decoding: $0, as: UTF8.self).split(separator: "\n").compactMap { Double($0) } } ?? []
    }

    /// The sliding-window rule on a log of request times.
    private static func reserve(in times: inout [Double], now: Double, limit: Int) -> Double {
        // A time in the future means the clock went back; keep it, it still counts.
        times.removeAll { $0 <= now - window }
        guard times.count >= limit else {
            times.append(now)
            return 0
        }
        let oldest = times.sorted()[times.count - limit]
        return max(0.001, oldest + window - now)
    }
}
