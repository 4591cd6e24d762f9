import Foundation
import Synchronization

/// Where a `Store.copy` stands, for one progress display.
public struct CopyProgress: Sendable, Equatable {
    /// Blobs copied or found already there, of those the source holds.
    public var blobsDone: Int
    public var blobsTotal: Int
    /// Bytes copied so far.
    public var bytes: Int
    /// Pins whose album, name and list entry are copied, of those the source has.
    public var pinsDone: Int
    public var pinsTotal: Int
}

/// What `store copy` did.
public struct CopyReport: Sendable, Codable, Equatable {
    /// Blobs copied, and their bytes.
    public var blobsCopied = 0
    public var bytesCopied = 0
    /// Blobs the destination had already (a resumed or repeated copy skips them).
    public var blobsPresent = 0
    /// Pins copied (each with its album and name).
    public var pins = 0
    /// Blob reference objects written (for a destination in a folder, from the albums).
    public var references = 0
}

extension Store {
    /// Copies this whole store into `destination`, which may be empty or a partial copy: blobs
    /// first (each hashed on the way, so damage is never copied; those already there are
    /// skipped), then their references, then each pin's album, name and list entry. So the
    /// destination passes `store verify` whenever the copy is stopped, and running it again
    /// finishes the rest. `progress` hears of every step.
    public func copy(to destination: Store, progress: @escaping @Sendable (CopyProgress) -> Void = { _ in }) throws -> CopyReport {
        try destination.refuseIfReadOnly()
        let blobs = try self.blobs.allIDs()
        let present = Set(try destination.blobs.allIDs())
        let missing = blobs.filter { !present.contains($0) }
        let ids = try albumIDs()
        let state = Mutex(CopyProgress(blobsDone: blobs.count - missing.count, blobsTotal: blobs.count, bytes: 0, pinsDone: 0, pinsTotal: ids.count))
        @Sendable func advance(_ change: (inout CopyProgress) -> Void) {
            progress(state.withLock { now in
                change(&now)
                return now
            })
        }
        advance { _ in }
        let workers = max(backend.parallelism, destination.backend.parallelism)

        let copied = ParallelWork.map(missing, chunk: 4, workers: workers) { [self] blob -> Result<Int, any Error> in
            Result {
                let bytes = try copyBlob(blob.hex, to: destination)
                advance {
                    $0.blobsDone += 1
                    $0.bytes += bytes
                }
                return bytes
            }
        }
        var report = CopyReport()
        for result in copied { report.bytesCopied += try result.get() }
        report.blobsCopied = missing.count
        report.blobsPresent = blobs.count - missing.count
        try destination.backend.flush()

        report.references = try recordUses(in: destination, workers: workers)

        for result in ParallelWork.map(ids, chunk: 4, workers: workers, { [self] id -> Result<Void, any Error> in
            Result {
                try copyPin(id, to: destination)
                advance { $0.pinsDone += 1 }
            }
        }) {
            try result.get()
        }
        report.pins = ids.count
        return report
    }

    /// Copies blob `sha256` into `destination`'s staging area and stores it there, refusing bytes
    /// that do not hash to the name. Returns the bytes copied.
    private func copyBlob(_ sha256: String, to destination: Store) throws -> Int {
        let writer = try destination.blobs.makeWriter(maxBytes: Int.max)
        defer { writer.discard() }
        guard try backend.read(blobs.key(of: sha256), into: writer) else {
            throw StoreError(.notFound, "blob \(sha256) went from \(location) while it was copied. Run the copy again")
        }
        let actual = writer.finishHash()
        guard actual == sha256 else {
            throw StoreError(.corrupt, "blob \(sha256) in \(location) is damaged (its bytes hash to \(actual)); it was not copied. Run `tourist store repair --store \(location)`, then the copy again")
        }
        let bytes = writer.byteCount
        _ = try destination.backend.create(blobs.key(of: sha256), from: writer, durable: false)
        return bytes
    }

    /// Writes, for a destination that indexes blob uses (a folder), which album photos use each
    /// blob, from this store's albums (a bucket keeps no such index). Returns the objects written.
    private func recordUses(in destination: Store, workers: Int) throws -> Int {
        guard destination.tracksReferences else { return 0 }
        let (albums, unreadable) = try readAllAlbumFiles(keepingKeys: AlbumBlobs.keys, AlbumBlobs.read)
        if let bad = unreadable.first {
            throw StoreError(.corrupt, "\(location)/\(bad.file) cannot be read (\(bad.reason)); nothing more was copied. Run `tourist store repair --store \(location)`, then the copy again")
        }
        let usage = BlobUsage(albums)
        let batches = stride(from: 0, to: usage.blobs.count, by: 256).map { $0..<min(usage.blobs.count, $0 + 256) }
        for result in ParallelWork.map(batches, chunk: 1, workers: workers, { batch in
            Result {
                let writes = batch.map { ObjectWrite(refsKey(usage.blobs[$0].hex), StoreTransaction.bytes(usage.users(at: $0)), when: .always) }
                _ = try destination.backend.write(writes, durable: false)
            }
        }) {
            try result.get()
        }
        try destination.backend.flush()
        return usage.blobs.count
    }

    /// Copies pin `id`: its album, then its name, then its pin list entry.
    private func copyPin(_ id: String, to destination: Store) throws {
        guard let object = try backend.load(albumKey(id)) else { return }
        let album = try IndexCoding.decode(object.bytes, path: "\(location)/\(albumKey(id))", AlbumFileDecoding.album)
        try destination.backend.write(albumKey(id), object.bytes, when: .always)
        try destination.backend.write(nameKey(album.pin.name), try IndexCoding.encode(NameEntry(name: album.pin.name, id: id)), when: .always)
        var summary = album
        summary.refreshSummary()
        try destination.pinList.put(summary.pin)
    }
}
