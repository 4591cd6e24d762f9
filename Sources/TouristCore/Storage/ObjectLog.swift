import Crypto
import Foundation
import Glibc
import Synchronization

/// A log `L` kept as objects, for any store without `NativeLogs` (a bucket, memory): the objects
/// under `L/`, one record each, named `L/<UTC ms since 1970, 15 digits>-<pid>-<random>` (all hex
/// but the time) and created create-only, so appends never overwrite one another and byte order is
/// time order: the records of one process in the order it appended them, those of processes on
/// machines whose clocks agree in the order they were made.
public final class ObjectLog: RecordLog {
    /// A log holding more records than this is worth folding.
    static let foldingThreshold = 64
    /// Appends between two checks of a log's length (each check is one listing).
    static let appendsPerCheck = 32
    /// The time of this process's last record, in ms, so its records' names keep their order.
    private static let lastRecordTime = Mutex<Int64>(0)

    let store: any ObjectStore
    let key: ObjectKey
    /// Appends since the log's length was last checked (see `append`).
    private let appendsSinceCheck = Mutex(0)

    public init(store: any ObjectStore, key: ObjectKey) {
        self.store = store
        self.key = key
    }

    /// Writes the record as a new object. Whether the log should be folded is checked by a listing
    /// on this log's first append and on every `appendsPerCheck`th after, so most appends cost one
    /// write, and a log that short-lived processes append to is folded too. `snapshot` plays no
    /// part: the number of records decides.
    public func append(_ record: [UInt8], foldingBeside snapshot: ObjectKey) throws(StoreError) -> Bool {
        var attempts = 0
        while try !store.write(recordKey(), record, when: .absent) {
            // The name is taken, most likely by this very record: its write's answer was lost and
            // the retry found it. Appending it again is harmless (replaying a record twice changes
            // nothing); losing it to another record of the same name would not be.
            attempts += 1
            guard attempts < 3 else {
                throw StoreError(.conflict, "cannot append to \(key) in \(store.location): its new record's name is taken")
            }
        }
        let due = appendsSinceCheck.withLock { count in
            defer { count = (count + 1) % Self.appendsPerCheck }
            return count == 0
        }
        guard due else { return false }
        return try store.list(key.appending("/"), continuation: nil, details: false).objects.count > Self.foldingThreshold
    }

    /// Lists the records, then reads those this machine keeps no copy of, many at once (a record
    /// never changes once written, so a kept copy needs no request). A record gone meanwhile was
    /// trimmed by another process, after it was folded into the snapshot: it is skipped.
    public func read() throws(StoreError) -> LogRead {
        let keys = try store.listAll(key.appending("/")).map(\.key)
        guard let last = keys.last else { return LogRead(records: [], end: nil) }
        let copies = store as? any LocalCopies
        let store = store
        let records = try ParallelWork.mapThrowing(keys, chunk: 1, workers: store.features.parallelism) {
            (key: ObjectKey) throws(StoreError) -> [UInt8]? in
            if let copy = copies?.cachedCopy(key) { return copy.bytes }
            return try store.load(key)?.bytes
        }
        return LogRead(records: records.compactMap { $0 }, end: LogPosition(value: last.path))
    }

    /// Removes the records up to `position` one at a time, oldest first: a trim cut short leaves
    /// only newer records, so replaying what is left never puts an older one after a newer one.
    public func trim(through position: LogPosition) throws(StoreError) {
        let keys = try store.listAll(key.appending("/")).map(\.key)
        for key in keys.prefix(while: { !position.value.utf8.lexicographicallyPrecedes($0.path.utf8) }) {
            try store.remove(key)
        }
    }

    /// A digest of the names of the log's records: an append adds one, a trim removes some.
    public func version() throws(StoreError) -> String {
        let keys = try store.listAll(key.appending("/")).map(\.key.path)
        return "\(keys.count):" + Hex.string(SHA256.hash(data: Array(keys.joined(separator: "\n").utf8)))
    }

    /// A new record's key: this process's records get strictly increasing times, even within a ms.
    func recordKey() -> ObjectKey {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let time = Self.lastRecordTime.withLock { last in
            last = max(now, last + 1)
            return last
        }
        let digits = String(time)
        let stamp = String(repeating: "0", count: max(0, 15 - digits.count)) + digits
        return key.appending("/\(stamp)-\(String(getpid(), radix: 16))-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))")
    }
}
