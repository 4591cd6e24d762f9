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
    /// Pins copied (each with its album, name and list entry).
    public var pins = 0
    /// Pins the destination held already as the source does (a resumed or repeated copy skips them).
    public var pinsPresent = 0
    /// Blobs whose uses were recorded (for a destination in a folder, from the albums copied).
    public var references = 0
    /// The destination's pins that the copy replaced (`overwrite`).
    public var replaced: [CopyConflict] = []
}

extension Store {
    /// How many pins one step of a copy commits (one intent, one pin list snapshot).
    static let copyBatch = 2_048

    /// Copies this whole store into `destination`, which may be empty, a partial copy or another
    /// library. First every album is read and compared with the destination's (`planCopy`): what
    /// it holds already is skipped, and a pin of the destination in the way of one copied (the same
    /// id with another album, say renamed there, or the same name with another id) stops the copy
    /// before anything is written, unless `overwrite` replaces it. Then the blobs (each hashed on
    /// the way, so damage is never copied; those already there are skipped), their uses, and the
    /// pins in steps that each commit their albums, names and list entries at once whatever stops
    /// the process (`StoreTransaction.commit`). So the destination passes `store verify` whenever
    /// the copy is stopped, and running it again finishes the rest. Writes run on the backends'
    /// parallelism. `progress` hears of every step.
    public func copy(to destination: Store, overwrite: Bool = false, progress: @escaping @Sendable (CopyProgress) -> Void = { _ in }) throws
        -> CopyReport
    {
        try destination.refuseIfReadOnly()
        let plan = try planCopy(to: destination)
        if !overwrite, !plan.conflicts.isEmpty { throw Self.refusal(plan.conflicts, destination: destination.location) }
        let blobs = try self.blobs.allIDs()
        let present = Set(try destination.blobs.allIDs())
        let missing = blobs.filter { !present.contains($0) }
        let state = Mutex(
            CopyProgress(
                blobsDone: blobs.count - missing.count, blobsTotal: blobs.count, bytes: 0, pinsDone: plan.present,
                pinsTotal: plan.present + plan.copying.count))
        @Sendable func advance(_ change: (inout CopyProgress) -> Void) {
            progress(
                state.withLock { now in
                    change(&now)
                    return now
                })
        }
        advance { _ in }
        let workers = max(backend.features.parallelism, destination.backend.features.parallelism)

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

        report.references = try recordUses(of: plan.copying, in: destination, workers: workers)
        // A pin in the way by its name goes before the pin that takes it comes (its blobs stay:
        // the uses of those copied are recorded already).
        for id in plan.displaced { try destination.transaction { try $0.removePin(id) } }
        for listed in [false, true] {
            let items = plan.copying.filter { $0.listed == listed }
            for start in stride(from: 0, to: items.count, by: Self.copyBatch) {
                let batch = Array(items[start..<min(start + Self.copyBatch, items.count)])
                try commitCopied(batch, to: destination, undoingLost: !listed, workers: workers)
                advance { $0.pinsDone += batch.count }
            }
        }
        report.pins = plan.copying.count
        report.pinsPresent = plan.present
        report.replaced = plan.conflicts
        return report
    }

    /// The error of a copy that `conflicts` stop: each pin in the way, and the ways out.
    private static func refusal(_ conflicts: [CopyConflict], destination: String) -> StoreError {
        let shown = conflicts.prefix(5).map(\.description).joined(separator: "; ")
        let more = conflicts.count > 5 ? "; and \(conflicts.count - 5) more" : ""
        return StoreError(
            .conflict,
            "\(destination) holds \(Plural.count(conflicts.count, "pin")) in the way of the pins copied: \(shown)\(more). Nothing was copied",
            remedy: Remedy(.copyOverwriting, .renamePin(pin: nil, store: destination), joining: .or))
    }

    /// Commits `batch` in `destination` (`StoreTransaction.commit`), then drops the names that
    /// pins replaced there had (`formerName`).
    private func commitCopied(_ batch: [CopyPlan.Item], to destination: Store, undoingLost: Bool, workers: Int) throws {
        try destination.transaction { transaction in
            let lost = try transaction.commit(
                batch.map(\.encoded), creating: false, undoingLost: undoingLost, stopPoints: "copy", workers: workers)
            if let first = lost.first {
                throw StoreError(
                    .conflict,
                    "another process gave \(Plural.count(lost.count, "pin")) of \(destination.location) the name of a pin copied meanwhile (first: \"\(first.name)\"); \(Plural.word(lost.count, "it was", "they were")) not copied. Run the copy again"
                )
            }
            for item in batch {
                guard let former = item.formerName, let (entry, object) = try destination.nameEntry(former), entry.id == item.id else {
                    continue
                }
                try transaction.removeIfUnchanged(destination.nameKey(former), object)
            }
        }
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
            throw StoreError(
                .corrupt, "blob \(sha256) in \(location) is damaged (its bytes hash to \(actual)); it was not copied",
                remedy: Remedy(.repairStore(store: location), .copyAgain))
        }
        let bytes = writer.byteCount
        _ = try destination.backend.create(blobs.key(of: sha256), fromFile: writer, durable: false)
        return bytes
    }

    /// Records, for a destination that indexes blob uses (a folder), which photos of the albums
    /// of `items` use each blob, beside the uses recorded there already. Returns the blobs.
    private func recordUses(of items: [CopyPlan.Item], in destination: Store, workers: Int) throws -> Int {
        guard destination.tracksReferences else { return 0 }
        let usage = BlobUsage(items.map { AlbumBlobs($0.album) })
        let batches = stride(from: 0, to: usage.blobs.count, by: 256).map { $0..<min(usage.blobs.count, $0 + 256) }
        try destination.transaction { transaction in
            for result in ParallelWork.map(
                batches, chunk: 1, workers: workers,
                { batch in
                    Result {
                        try transaction.addReferences(
                            batch.flatMap { index in usage.users(at: index).map { (sha256: usage.blobs[index].hex, line: $0) } })
                    }
                })
            {
                try result.get()
            }
        }
        return usage.blobs.count
    }
}
