import Foundation
import Glibc

extension LocalBackend {
    public func log(_ key: ObjectKey) -> any RecordLog {
        LocalLog(folder: self, key: key)
    }
}

/// A log in a local folder is one file, its records one a line, appended with O_APPEND and fsync
/// under the folder's lock (so a trim's rewrite never drops an append). A line torn by a crash is
/// ended before the next append, and readers skip what does not parse.
struct LocalLog: RecordLog {
    /// A log is folded once it is larger than 16 KiB and than the snapshot beside it: two `stat`
    /// calls decide, so an append stays cheap however long the snapshot is.
    static let foldingThreshold = 16 * 1024

    let folder: LocalBackend
    let key: ObjectKey
    private var path: String { folder.path(key) }

    func append(_ record: [UInt8], foldingBeside snapshot: ObjectKey) throws(StoreError) -> Bool {
        var line = record
        line.append(UInt8(ascii: "\n"))
        let size = try folder.locked { () throws(StoreError) -> Int in
            try FileSystem.makeDirectory((path as NSString).deletingLastPathComponent)
            let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw StoreError(.io, "cannot open \(path): \(FileSystem.errnoText())") }
            defer { close(fd) }
            var info = Glibc.stat()
            let before = fstat(fd, &info) == 0 ? Int(info.st_size) : 0
            var last: UInt8 = 0
            if before > 0, pread(fd, &last, 1, off_t(before - 1)) == 1, last != UInt8(ascii: "\n") {
                line.insert(UInt8(ascii: "\n"), at: 0)  // end a line torn by a crash
            }
            try FileSystem.writeAll(fd, line, path: path)
            try FileSystem.fsyncOrThrow(fd, path: path)
            if before == 0 { try FileSystem.fsyncDirectory((path as NSString).deletingLastPathComponent) }
            return before + line.count
        }
        guard size > Self.foldingThreshold else { return false }
        return size > (try folder.stat(snapshot)?.size ?? 0)
    }

    func read() throws(StoreError) -> LogRead {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return LogRead(records: [], end: nil) }
            throw StoreError(.io, "cannot read \(path): \(FileSystem.errnoText())")
        }
        defer { close(fd) }
        var info = Glibc.stat()
        guard fstat(fd, &info) == 0 else { throw StoreError(.io, "cannot read \(path): \(FileSystem.errnoText())") }
        let bytes = try FileSystem.readAll(fd, path: path)
        guard !bytes.isEmpty else { return LogRead(records: [], end: nil) }
        let records = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map(Array.init)
        return LogRead(records: records, end: LogPosition(value: "\(bytes.count):\(info.st_ino)"))
    }

    func version() throws(StoreError) -> String {
        guard let info = FileSystem.status(path) else { return "none" }
        return "\(info.st_size):\(info.st_ino):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
    }

    /// Drops the first bytes the reader saw, keeping what was appended since. When the file was
    /// replaced meanwhile (another process trimmed it), nothing is dropped: its records are in a
    /// snapshot already, and replaying a record twice changes nothing.
    func trim(through position: LogPosition) throws(StoreError) {
        let parts = position.value.split(separator: ":")
        guard parts.count == 2, let end = Int(parts[0]), let inode = UInt(parts[1]) else { return }
        try folder.locked { () throws(StoreError) in
            guard let info = FileSystem.status(path), UInt(info.st_ino) == inode, Int(info.st_size) >= end else { return }
            let bytes = try FileSystem.read(path) ?? []
            try FileSystem.writeAtomically(Array(bytes[min(end, bytes.count)...]), to: path)
        }
    }
}
