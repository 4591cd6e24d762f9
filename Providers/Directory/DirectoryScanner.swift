import Dispatch
import Foundation
import Synchronization
import TouristCore

/// What a scan found: every indexed file, and how much work it took.
struct DirectoryScan: Sendable {
    /// Every wanted file of the tree, in walk order, with its metadata or the reason it was skipped.
    var files: [IndexedFile]
    /// Files opened by this scan (new or changed since the index was written).
    var read: Int
    /// Index entries dropped because their file is gone.
    var removed: Int
    /// The files this scan read and skipped (new or changed since the index was written): those
    /// nobody was told of yet.
    var newlySkipped: [(path: String, reason: SkippedFile)] = []

    /// Every skipped file of the tree, with why.
    var skipped: [(path: String, reason: SkippedFile)] { Self.skipped(files) }

    static func skipped(_ files: [IndexedFile]) -> [(path: String, reason: SkippedFile)] {
        files.compactMap { entry in
            guard case .failure(let reason) = entry.outcome else { return nil }
            return (entry.file.path, reason)
        }
    }
}

/// Brings a directory provider's scan index up to date: walks the tree (no file opened), reuses
/// the entry of every file whose path, size and modification time are unchanged, reads the new and
/// changed files on all cores (each reads only its headers and EXIF block), drops deleted files,
/// and writes the index back when anything changed. A cancelled scan keeps what it read.
struct DirectoryScanner: Sendable {
    let tree: DirectoryTree
    /// Where the index is kept (`state/<provider>/scan-index`); nil keeps it in memory only.
    let indexPath: String?

    /// Files read per batch a worker takes.
    private static let batch = 8

    func scan(cancellation: ScanCancellation) throws -> DirectoryScan {
        // The index loads while the folders are listed.
        let loaded = Mutex<[IndexedFile]>([])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { [self] in
            let index = loadIndex()
            loaded.withLock { $0 = index }
            done.signal()
        }
        let found = try DirectoryWalker(tree: tree, cancellation: cancellation).walk()
        done.wait()
        let previous = loaded.withLock { $0 }
        if Self.isUnchanged(found, previous) { return DirectoryScan(files: previous, read: 0, removed: 0) }
        var plan = Self.reuse(previous, for: found)
        let read = Self.read(plan.toRead.map { found[$0] }, cancellation: cancellation)
        for (slot, index) in plan.toRead.enumerated() { plan.entries[index] = read[slot] }
        let files = plan.entries.compactMap { $0 }
        // Rewritten also when only the order differs, so the next rescan matches in step.
        if !plan.toRead.isEmpty || plan.removed > 0 || plan.reordered, let indexPath {
            try? ProviderStateFile.write(ScanIndex.encode(files), to: indexPath)  // an unwritable index only costs a rescan
        }
        if cancellation.isCancelled { throw CancellationError() }
        return DirectoryScan(
            files: files, read: read.count { $0 != nil }, removed: plan.removed, newlySkipped: DirectoryScan.skipped(read.compactMap { $0 })
        )
    }

    /// Which index entries a scan keeps and which files it must read.
    private struct ReusePlan {
        /// One slot per found file: its unchanged entry, or nil until it is read.
        var entries: [IndexedFile?]
        /// The found files (by position) that are new or changed.
        var toRead: [Int] = []
        /// Entries whose file is gone.
        var removed = 0
        /// Whether the walk met the entries in another order than the index holds them.
        var reordered = false
    }

    /// Matches the index to the walk: in step while the two agree (an unchanged tree is walked in
    /// the order its index was written), by path from the first difference on.
    private static func reuse(_ previous: [IndexedFile], for found: [FoundFile]) -> ReusePlan {
        var plan = ReusePlan(entries: [IndexedFile?](repeating: nil, count: found.count))
        var cursor = 0
        var byPath: [String: IndexedFile]?
        var stillThere = 0
        for (index, file) in found.enumerated() {
            var match: IndexedFile?
            if byPath == nil, cursor < previous.count, previous[cursor].file.path == file.path {
                match = previous[cursor]
                cursor += 1
            } else {
                if byPath == nil { byPath = Dictionary(previous.map { ($0.file.path, $0) }) { first, _ in first } }
                match = byPath?[file.path]
            }
            if match != nil { stillThere += 1 }
            if let known = match, known.isCurrent(for: file) {
                plan.entries[index] = known
            } else {
                plan.toRead.append(index)
            }
        }
        plan.removed = previous.count - stillThere
        plan.reordered = byPath != nil
        return plan
    }

    /// Whether the walk found exactly the files of the index, in its order, each unchanged: the
    /// common rescan, answered without building anything new.
    private static func isUnchanged(_ found: [FoundFile], _ previous: [IndexedFile]) -> Bool {
        found.count == previous.count && zip(found, previous).allSatisfy { file, known in known.file == file }
    }

    private func loadIndex() -> [IndexedFile] {
        guard let indexPath, let bytes = try? ProviderStateFile.read(indexPath) else { return [] }
        return ScanIndex.decode(bytes) ?? []
    }

    /// Reads `files` on every core; a slot stays nil when the scan was cancelled before reaching it.
    static func read(_ files: [FoundFile], cancellation: ScanCancellation) -> [IndexedFile?] {
        guard !files.isEmpty else { return [] }
        let results = UnsafeMutableBufferPointer<IndexedFile?>.allocate(capacity: files.count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let slots = SendableBuffer(results)
        let next = Atomic<Int>(0)
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, (files.count + batch - 1) / batch)
        DispatchQueue.concurrentPerform(iterations: max(1, workers)) { _ in
            while !cancellation.isCancelled {
                let start = next.add(batch, ordering: .relaxed).oldValue
                guard start < files.count else { return }
                for index in start..<min(start + batch, files.count) {
                    slots.buffer[index] = IndexedFile(file: files[index], outcome: PhotoFileReader.read(path: files[index].path))
                }
            }
        }
        return Array(results)
    }
}

/// Lets the workers of `DirectoryScanner.read` write disjoint slots of one buffer.
private struct SendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) {
        self.buffer = buffer
    }
}
