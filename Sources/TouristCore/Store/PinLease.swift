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

    /// Whether the lease no longer holds at `now`: it expired, or its holder ran on this host and
    /// is gone (killed, crashed), which needs no waiting for the expiry.
    func isVacant(now: Date) -> Bool {
        if expires <= now { return true }
        return host == LeaseRecord.thisHost && kill(pid, 0) != 0 && errno == ESRCH
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
/// expires (at once on the same host, where a dead pid is seen).
public final class PinLease: Sendable {
    let store: Store
    let key: String
    let record: Mutex<(record: LeaseRecord, object: StoredObject)>

    init(store: Store, key: String, record: LeaseRecord, object: StoredObject) {
        self.store = store
        self.key = key
        self.record = Mutex((record, object))
    }

    /// Extends the lease by `duration` from now; false when it was lost (taken over after it expired).
    @discardableResult
    public func renew(duration: TimeInterval = Store.leaseDuration, now: Date = Date()) throws -> Bool {
        var (record, object) = self.record.withLock { $0 }
        record.expires = now.addingTimeInterval(duration)
        guard let written = try store.backend.writeObject(key, try Store.encodeLease(record), when: .unchanged(object)) else { return false }
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
    /// How long a lease holds without renewal (`TOURIST_LEASE_SECONDS` changes it): the longest a
    /// dead machine's pins wait before another machine takes them over.
    public static let leaseDuration: TimeInterval = 300

    /// This process's name as a lease holder.
    static let leaseHolder = "\(LeaseRecord.thisHost):\(getpid()):\(UInt32.random(in: 0...UInt32.max))"

    /// Takes the lease on pin `id` for `duration`: nil when another live process holds it (see
    /// `leaseRecord` for whom).
    public func takeLease(pin id: String, duration: TimeInterval = Store.leaseDuration, now: Date = Date()) throws -> PinLease? {
        try refuseIfReadOnly()
        let key = "leases/\(id).json"
        let record = LeaseRecord(holder: Self.leaseHolder, host: LeaseRecord.thisHost, pid: getpid(), expires: now.addingTimeInterval(duration))
        let bytes = try Self.encodeLease(record)
        while true {
            if let written = try backend.writeObject(key, bytes, when: .absent) {
                return PinLease(store: self, key: key, record: record, object: written)
            }
            guard let current = try backend.load(key) else { continue }
            if let held = try? Self.decodeLease(current.bytes), !held.isVacant(now: now) { return nil }
            if let written = try backend.writeObject(key, bytes, when: .unchanged(current)) {
                return PinLease(store: self, key: key, record: record, object: written)
            }
        }
    }

    /// Who holds the lease on pin `id`, or nil when nobody does.
    public func leaseRecord(pin id: String, now: Date = Date()) -> LeaseRecord? {
        guard let object = try? backend.load("leases/\(id).json"), let record = try? Self.decodeLease(object.bytes), !record.isVacant(now: now) else { return nil }
        return record
    }

    static func encodeLease(_ record: LeaseRecord) throws(StoreError) -> [UInt8] {
        try IndexCoding.encode(record)
    }

    static func decodeLease(_ bytes: [UInt8]) throws -> LeaseRecord {
        try IndexCoding.decoder().decode(LeaseRecord.self, from: Data(bytes))
    }
}
