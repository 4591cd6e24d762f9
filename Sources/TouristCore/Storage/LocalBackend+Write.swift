import Foundation
import Glibc

/// Batched writes to a local folder. Each object's bytes go to a file beside its key first, so a
/// reader never sees half of one: an unnamed (O_TMPFILE) file for a create-only write, which
/// `link` names in one step, else a named temporary file that `rename` moves into place. A batch's
/// files are written on every core (making a file is most of a small write's cost), then named (on
/// every core too when all are create-only, which no order can change); a durable batch flushes
/// the file system once before naming and once after.
extension LocalBackend {
    /// A write's bytes in a file in its key's folder, not yet under the key's name.
    struct StagedWrite: Sendable {
        let fd: Int32
        /// The file's temporary name, or nil for an unnamed file.
        let temporaryPath: String?

        /// Closes the file and removes its temporary name (a placed file keeps its key's name).
        func discard() {
            close(fd)
            if let temporaryPath { unlink(temporaryPath) }
        }
    }

    public func write(_ writes: [ObjectWrite], durable: Bool) throws(StoreError) -> [StoredObject?] {
        guard !writes.isEmpty else { return [] }
        for folder in Set(writes.map { folder(of: $0.key) }) { try FileSystem.makeDirectory(folder) }
        let single = writes.count == 1
        let staged = ParallelWork.map(writes, workers: features.parallelism) { [self] write in
            Result { () throws(StoreError) in try stage(write, flushing: durable && single) }
        }
        defer { for case .success(let file) in staged { file.discard() } }
        let files = try staged.map { (result) throws(StoreError) in try result.get() }
        if durable, !single { try FileSystem.syncFileSystem(root) }
        let done: [StoredObject?]
        if writes.allSatisfy({ if case .absent = $0.condition { true } else { false } }) {
            done = try ParallelWork.mapThrowing(Array(zip(writes, files)), workers: features.parallelism) {
                [self] (pair) throws(StoreError) in
                try place(pair.0, pair.1)
            }
        } else if writes.contains(where: { if case .unchanged = $0.condition { true } else { false } }) {
            done = try locked { () throws(StoreError) -> [StoredObject?] in try place(writes, files) }
        } else {
            done = try place(writes, files)
        }
        if durable {
            if single {
                try FileSystem.fsyncDirectory(folder(of: writes[0].key))
            } else {
                try FileSystem.syncFileSystem(root)
            }
        }
        return done
    }

    /// The folder of `key`'s file (computed per write, so without Foundation's path parsing).
    private func folder(of key: ObjectKey) -> String {
        key.path.lastIndex(of: "/").map { root + "/" + key.path[..<$0] } ?? root
    }

    /// Writes `write`'s bytes to a new file in its key's folder (fsynced when `flushing`): unnamed
    /// for a create-only write, named for one that replaces.
    private func stage(_ write: ObjectWrite, flushing: Bool) throws(StoreError) -> StagedWrite {
        let folder = folder(of: write.key)
        let file: StagedWrite
        if case .absent = write.condition {
            let (fd, path) = try FileSystem.makeUnnamedFile(in: folder)
            file = StagedWrite(fd: fd, temporaryPath: path)
        } else {
            let (fd, path) = try FileSystem.makeTemporaryFile(in: folder)
            file = StagedWrite(fd: fd, temporaryPath: path)
        }
        do throws(StoreError) {
            let name = file.temporaryPath ?? path(write.key)
            try FileSystem.writeAll(file.fd, write.bytes, path: name)
            _ = fchmod(file.fd, 0o644)
            if flushing { try FileSystem.fsyncOrThrow(file.fd, path: name) }
            StopPoint.reached("write staged \(write.key)")
        } catch {
            file.discard()
            throw error
        }
        return file
    }

    /// Gives each staged file its key's name if the write's condition holds, in order.
    private func place(_ writes: [ObjectWrite], _ files: [StagedWrite]) throws(StoreError) -> [StoredObject?] {
        var done: [StoredObject?] = []
        for (write, file) in zip(writes, files) { done.append(try place(write, file)) }
        return done
    }

    /// Gives the staged file its key's name if the write's condition holds: the object as written,
    /// or nil.
    private func place(_ write: ObjectWrite, _ file: StagedWrite) throws(StoreError) -> StoredObject? {
        let target = path(write.key)
        switch write.condition {
        case .absent:
            guard try FileSystem.link(file.fd, temporaryPath: file.temporaryPath, to: target) else { return nil }
        case .unchanged(let read):
            guard try FileSystem.read(target) == read.bytes else { return nil }
            try replace(target, with: file)
        case .always:
            try replace(target, with: file)
        }
        return StoredObject(bytes: write.bytes, etag: nil)
    }

    /// Moves the named staged file over `target` (a replacing write is always staged named).
    private func replace(_ target: String, with file: StagedWrite) throws(StoreError) {
        guard let temporaryPath = file.temporaryPath, rename(temporaryPath, target) == 0 else {
            throw StoreError(.io, "cannot replace \(target): \(FileSystem.errnoText())")
        }
    }
}
