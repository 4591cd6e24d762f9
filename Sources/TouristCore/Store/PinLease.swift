import Foundation
import Glibc
import Synchronization

/// Who holds a pin's lease and until when: the object `leases/<pin>.json`.
public struct LeaseRecord: Codable, Sendable, Equatable {
    /// This process's own name for itself (host, pid and a random part).
    public var holder: String
    public var host: String
    public var pid: Int32
    public var expires: Date
    /// The holder's `ProcessSpace` (kernel boot and pid namespace): where its pid means it. Nil in
    /// a lease of an older tourist, whose holder is then never looked for.
    public var pidSpace: String?
    /// When the holder started (`ProcessSpace.startTime(of:)`): a live process with its pid but
    /// another start is not the holder, whose pid was used again. Nil in a lease of an older tourist.
    public var pidStart: UInt64?

    /// Whether the lease no longer holds at `now`: it expired, or its holder ran in this very
    /// process space (not merely on a host of the same name: a container or a cloned VM may share
    /// it) and is gone (killed, crashed), which needs no waiting for the expiry. A process that has
    /// its pid but started at another time is not it: the pid was used again.
    func isVacant(now: Date) -> Bool {
        if expires <= now { return true }
        guard host == LeaseRecord.thisHost, let pidSpace, pidSpace == ProcessSpace.current else { return false }
        if kill(pid, 0) != 0 && errno == ESRCH { return true }
        guard let pidStart else { return false }
        return ProcessSpace.startTime(of: pid).map { $0 != pidStart } ?? true
    }

    static let thisHost: String = {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count) == 0 else { return "unknown" }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}

/// A claim on fetching one pin, so that machines running `fetch --all` on one store divide the pins
/// instead of fetching each twice. It is an object created create-only (one taker wins), renewed
/// while the fetch runs, and removed at its end; a holder that died is taken over once its lease
/// expires (at once in the same process space, where a dead pid is seen), or once its object has
/// not been rewritten for longer than a live holder would leave it (`LeaseTiming`), whatever it
/// says.
public final class PinLease: Sendable {
    let store: Store
    let key: ObjectKey
    let record: Mutex<(record: LeaseRecord, object: StoredObject)>

    init(store: Store, key: ObjectKey, record: LeaseRecord, object: StoredObject) {
        self.store = store
        self.key = key
        self.record = Mutex((record, object))
    }

    /// Extends the lease by `duration` from now; false when it was lost (taken over after it expired).
    @discardableResult
    public func renew(duration: TimeInterval = LeaseTiming.standard.duration, now: Date = Date()) throws -> Bool {
        var (record, object) = self.record.withLock { $0 }
        record.expires = now.addingTimeInterval(duration)
        guard let written = try store.backend.writeObject(key, try Store.encodeLease(record), when: .unchanged(object)) else {
            return false
        }
        self.record.withLock { $0 = (record, written) }
        return true
    }

    /// Gives the pin up, unless another process took it over meanwhile.
    public func release() throws {
        let (record, _) = self.record.withLock { $0 }
        guard let current = try store.backend.load(key), (try? Store.decodeLease(current.bytes))?.holder == record.holder else { return }
        try store.backend.remove(key)
    }
}

extension Store {
    /// This process's name as a lease holder.
    static let leaseHolder = "\(LeaseRecord.thisHost):\(getpid()):\(UInt32.random(in: 0...UInt32.max))"

    /// Takes the lease on pin `id` for `timing.duration`: nil when another live process holds it
    /// (see `leaseRecord` for whom).
    public func takeLease(pin id: String, timing: LeaseTiming = .standard, now: Date = Date()) throws -> PinLease? {
        try refuseIfReadOnly()
        let key = Self.leaseKey(id)
        let record = LeaseRecord(
            holder: Self.leaseHolder, host: LeaseRecord.thisHost, pid: getpid(), expires: now.addingTimeInterval(timing.duration),
            pidSpace: ProcessSpace.current, pidStart: ProcessSpace.currentStart
        )
        let bytes = try Self.encodeLease(record)
        while true {
            if let written = try backend.writeObject(key, bytes, when: .absent) {
                return PinLease(store: self, key: key, record: record, object: written)
            }
            guard let current = try backend.load(key) else { continue }
            if let held = try? Self.decodeLease(current.bytes), try holds(held, key, timing, now: now) { return nil }
            if let written = try backend.writeObject(key, bytes, when: .unchanged(current)) {
                return PinLease(store: self, key: key, record: record, object: written)
            }
        }
    }

    /// Who holds the lease on pin `id`, or nil when nobody does.
    public func leaseRecord(pin id: String, timing: LeaseTiming = .standard, now: Date = Date()) -> LeaseRecord? {
        let key = Self.leaseKey(id)
        guard let object = try? backend.load(key), let record = try? Self.decodeLease(object.bytes),
            (try? holds(record, key, timing, now: now)) == true
        else { return nil }
        return record
    }

    /// The command that removes pin `id`'s lease, for a user sure that its holder is gone.
    public func leaseRemoval(pin id: String) -> String {
        let object = "\(backend.location)/\(Self.leaseKey(id))"
        return object.hasPrefix("s3://") ? "aws s3 rm \(object)" : "rm \(Shell.quoted(object))"
    }

    /// Whether `record`, read from `key`, still holds: by its own word (not expired, no dead
    /// process of this host), and by the store's clock: the object was written within the
    /// lease's duration and margin (`LeaseTiming`), which no `expires` can stretch.
    private func holds(_ record: LeaseRecord, _ key: ObjectKey, _ timing: LeaseTiming, now: Date) throws(StoreError) -> Bool {
        guard !record.isVacant(now: now) else { return false }
        guard let info = try backend.stat(key) else { return false }
        return !(info.age.map(timing.isStale) ?? false)
    }

    static func leaseKey(_ id: String) -> ObjectKey { .index("leases/\(id).json") }

    static func encodeLease(_ record: LeaseRecord) throws(StoreError) -> [UInt8] {
        try IndexCoding.encode(record)
    }

    static func decodeLease(_ bytes: [UInt8]) throws -> LeaseRecord {
        try IndexCoding.decoder().decode(LeaseRecord.self, from: Data(bytes))
    }
}
