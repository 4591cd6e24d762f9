import Crypto
import Foundation
import Glibc

/// A log `L` in S3 is the objects under `L/`, one record each, named
/// `L/<UTC ms since 1970, 15 digits>-<pid>-<random>` (all hex but the time) and created with
/// `If-None-Match: *`, so appends never overwrite one another and S3's byte order is time order:
/// the records of one process in the order it appended them, those of processes on machines
/// whose clocks agree in the order they were made.
extension S3Backend {
    /// A log holding more records than this is worth folding.
    static let foldingThreshold = 64
    /// Appends between two checks of a log's length (each check is one listing).
    static let appendsPerCheck = 32

    /// Writes the record as a new object. Whether the log should be folded is checked by a listing
    /// on this process's first append to it and on every `appendsPerCheck`th after, so most appends
    /// cost one PUT, and a log that short-lived processes append to is folded too. `snapshot` plays
    /// no part: the number of records decides.
    public func append(_ record: [UInt8], toLog log: String, foldingBeside snapshot: String) throws(StoreError) -> Bool {
        var attempts = 0
        while try !write(recordKey(log), record, when: .absent) {
            // The name is taken, most likely by this very record: its PUT's answer was lost and the
            // retry found it. Appending it again is harmless (replaying a record twice changes
            // nothing); losing it to another record of the same name would not be.
            attempts += 1
            guard attempts < 3 else { throw StoreError(.conflict, "cannot append to \(log) in \(location): its new record's name is taken") }
        }
        let due = appendsSinceCheck.withLock { counts in
            let count = counts[log, default: 0]
            counts[log] = (count + 1) % Self.appendsPerCheck
            return count == 0
        }
        guard due else { return false }
        return try list(log + "/", continuation: nil, details: false).objects.count > Self.foldingThreshold
    }

    /// Lists the records, then reads those the cache lacks `concurrency` at a time (a record never
    /// changes once written, so a cached one needs no request). A record gone meanwhile was
    /// trimmed by another process, after it was folded into the snapshot: it is skipped.
    public func readLog(_ log: String) throws(StoreError) -> LogRead {
        let keys = try listAll(log + "/").map(\.key)
        guard let last = keys.last else { return LogRead(records: [], end: nil) }
        var known: [String: [UInt8]] = [:]
        var exchanges: [S3Exchange] = []
        var fetching: [String] = []
        for key in keys {
            if let cached = cache?.candidate(key) {
                known[key] = cached.object.bytes
            } else {
                fetching.append(key)
                exchanges.append(S3Exchange(request: try addressing.request("GET", key)))
            }
        }
        for (key, outcome) in zip(fetching, transport.send(exchanges)) {
            let response = try failure.answer(outcome, "read \(key)")
            if response.status == 200 {
                let object = StoredObject(bytes: Array(response.body), etag: Self.etag(response))
                cache?.remember(key, object)
                known[key] = object.bytes
            } else if !S3Failure.isMissingKey(response) {
                throw failure.error(response, "read \(key)")
            }
        }
        return LogRead(records: keys.compactMap { known[$0] }, end: LogPosition(value: last))
    }

    /// Removes the records up to `position` one at a time, oldest first: a trim cut short leaves
    /// only newer records, so replaying what is left never puts an older one after a newer one.
    public func trimLog(_ log: String, through position: LogPosition) throws(StoreError) {
        let keys = try listAll(log + "/").map(\.key)
        for key in keys.prefix(while: { !position.value.utf8.lexicographicallyPrecedes($0.utf8) }) {
            try remove(key)
        }
    }

    /// A digest of the names of the log's records: an append adds one, a trim removes some.
    public func logVersion(_ log: String) throws(StoreError) -> String {
        let keys = try listAll(log + "/").map(\.key)
        return "\(keys.count):" + Hex.string(SHA256.hash(data: Array(keys.joined(separator: "\n").utf8)))
    }

    /// A new record's key: this process's records get strictly increasing times, even within a ms.
    func recordKey(_ log: String) -> String {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let time = lastRecordTime.withLock { last in
            last = max(now, last + 1)
            return last
        }
        let digits = String(time)
        let stamp = String(repeating: "0", count: max(0, 15 - digits.count)) + digits
        return "\(log)/\(stamp)-\(String(getpid(), radix: 16))-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
    }
}
