import Foundation
import Synchronization

/// A store in this process's memory, gone when the process ends: for tests and for trying things,
/// and the shortest reading of what `ObjectStore` asks of a medium (as rclone's `backend/memory`).
/// Each object has a version (its ETag) that every write renews; a lock keeps other threads out
/// for a whole change, as a local folder's does for other processes.
public final class MemoryBackend: ExclusiveLocking {
    private struct Entry {
        var bytes: [UInt8]
        var version: String
        var modified: Date
    }

    private let objects = Mutex<[String: Entry]>([:])
    /// The number of the next version written.
    private let nextVersion = Atomic<Int>(1)
    /// Held by `exclusively`; a thread that holds it may take it again.
    private let changes = NSRecursiveLock()
    private let name: String

    public let features = StorageFeatures(isShared: false, parallelism: ProcessInfo.processInfo.activeProcessorCount, gracePeriod: 0)

    /// An empty store, called `name` in messages.
    public init(name: String = "store") {
        self.name = name
    }

    public var location: String { "memory:\(name)" }

    /// Versions play no part: reading memory costs no more than asking whether it changed.
    public func load(_ key: ObjectKey, range: Range<Int>?, unless version: String?) throws(StoreError) -> LoadAnswer {
        guard let entry = objects.withLock({ $0[key.path] }) else { return .missing }
        guard let range else { return .loaded(StoredObject(bytes: entry.bytes, etag: entry.version)) }
        return .loaded(StoredObject(bytes: Array(entry.bytes[range.clamped(to: 0..<entry.bytes.count)]), etag: nil))
    }

    /// Streams the object a MiB at a time.
    public func read(_ key: ObjectKey, into sink: any BlobSink, expectedSize: Int?) throws -> Bool {
        guard let bytes = objects.withLock({ $0[key.path]?.bytes }) else { return false }
        try bytes.withUnsafeBytes { all in
            for start in stride(from: 0, to: all.count, by: 1 << 20) {
                try sink.write(UnsafeRawBufferPointer(rebasing: all[start..<min(all.count, start + (1 << 20))]))
            }
        }
        return true
    }

    public func stat(_ key: ObjectKey) throws(StoreError) -> ObjectInfo? {
        guard let entry = objects.withLock({ $0[key.path] }) else { return nil }
        return ObjectInfo(
            key: key, size: entry.bytes.count, modified: entry.modified, age: Date().timeIntervalSince(entry.modified), etag: entry.version)
    }

    /// Pages of a thousand keys, as S3 gives them.
    public func list(_ prefix: ObjectKey, continuation: String?, details: Bool) throws(StoreError) -> ObjectPage {
        let page = objects.withLock { objects in
            objects.filter { key, _ in
                key.hasPrefix(prefix.path) && continuation.map { $0.utf8.lexicographicallyPrecedes(key.utf8) } ?? true
            }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .prefix(1000)
            .map {
                ObjectInfo(
                    key: ObjectKey(prefix.kind, $0.key), size: $0.value.bytes.count, modified: $0.value.modified, etag: $0.value.version)
            }
        }
        return ObjectPage(objects: page, continuation: page.count == 1000 ? page.last?.key.path : nil)
    }

    /// Checks and writes the whole batch at once.
    public func write(_ writes: [ObjectWrite], durable: Bool) throws(StoreError) -> [StoredObject?] {
        objects.withLock { objects in
            writes.map { write -> StoredObject? in
                switch write.condition {
                case .absent: guard objects[write.key.path] == nil else { return nil }
                case .unchanged(let read): guard let current = objects[write.key.path], current.version == read.etag else { return nil }
                case .always: break
                }
                let version = "v\(nextVersion.add(1, ordering: .relaxed).oldValue)"
                objects[write.key.path] = Entry(bytes: write.bytes, version: version, modified: Date())
                return StoredObject(bytes: write.bytes, etag: version)
            }
        }
    }

    public func create(_ key: ObjectKey, fromFile staged: BlobWriter, durable: Bool) throws(StoreError) -> Bool {
        defer { staged.discard() }
        guard let bytes = try FileSystem.read(staged.temporaryPath) else {
            throw StoreError(.io, "cannot store \(key) in \(location): its staged file is gone (use the store's TemporaryArea)")
        }
        return try write([ObjectWrite(key, bytes, when: .absent)], durable: durable)[0] != nil
    }

    public func remove(_ key: ObjectKey) throws(StoreError) {
        _ = objects.withLock { $0.removeValue(forKey: key.path) }
    }

    public func move(_ key: ObjectKey, to destination: ObjectKey) throws(StoreError) {
        objects.withLock { objects in
            guard let entry = objects.removeValue(forKey: key.path) else { return }
            objects[destination.path] = entry
        }
    }

    public func exclusively<T>(_ body: () throws -> T) throws -> T {
        changes.lock()
        defer { changes.unlock() }
        return try body()
    }
}
