import CShims
import Foundation

import Glibc

/// The POSIX file operations the store is built on: atomic replacement, durable writes,
/// and reads that never see a half-written file.
enum FileSystem {
    /// The system's words for `code`; a full disk or quota also says what to do, and that nothing
    /// stored is lost (writes are atomic).
    static func errnoText(_ code: Int32 = errno) -> String {
        let text = String(cString: strerror(code))
        guard code == ENOSPC || code == EDQUOT else { return text }
        return
            "\(text): the disk is full. Free some space, then run the command again: what is stored is kept, and an interrupted fetch resumes"
    }

    /// Creates a unique temporary file in `directory`, close-on-exec and flocked until it is closed
    /// (so a sweep tells a live writer's file from one a killed process left, see `KilledWrites`).
    /// Returns its fd and path.
    static func makeTemporaryFile(in directory: String, prefix: String = ".tmp-") throws(StoreError) -> (fd: Int32, path: String) {
        var template = Array("\(directory)/\(prefix)XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw StoreError(.io, "cannot create a temporary file in \(directory): \(errnoText())") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = tourist_flock(fd, TOURIST_LOCK_EX | TOURIST_LOCK_NB)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return (fd, path)
    }

    /// Opens a file in `directory` for bytes that `link(_:temporaryPath:to:)` names once written:
    /// an unnamed one (O_TMPFILE) where the file system allows, which makes no directory entry to
    /// create and remove and leaves nothing behind after a crash, else a named temporary file
    /// (its `path`). Close-on-exec either way.
    static func makeUnnamedFile(in directory: String, prefix: String = ".tmp-") throws(StoreError) -> (fd: Int32, path: String?) {
        let unnamed = tourist_open_unnamed(directory)
        if unnamed >= 0 { return (unnamed, nil) }
        let (fd, path) = try makeTemporaryFile(in: directory, prefix: prefix)
        return (fd, path)
    }

    /// Gives the file `makeUnnamedFile` opened as `fd` (named `temporaryPath`, or unnamed) the name
    /// `path`, create-only: false when `path` exists (of many racing linkers exactly one wins).
    static func link(_ fd: Int32, temporaryPath: String?, to path: String) throws(StoreError) -> Bool {
        let result = temporaryPath.map { Glibc.link($0, path) } ?? tourist_link_unnamed(fd, path)
        if result == 0 { return true }
        guard errno == EEXIST else { throw StoreError(.io, "cannot write \(path): \(errnoText())") }
        return false
    }

    /// Writes all of `bytes`, retrying on EINTR and short writes.
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(StoreError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw StoreError(.io, "cannot write \(path): \(errnoText())")
            }
            offset += written
        }
    }

    /// Writes all of `bytes`.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(StoreError) {
        let failure = bytes.withUnsafeBytes { buffer -> StoreError? in
            do throws(StoreError) {
                try writeAll(fd, buffer, path: path)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    static func fsyncOrThrow(_ fd: Int32, path: String) throws(StoreError) {
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            throw StoreError(.io, "cannot flush \(path) to disk: \(errnoText())")
        }
    }

    /// Flushes a directory's entries, so a rename or link in it survives a crash.
    static func fsyncDirectory(_ path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError(.io, "cannot open folder \(path): \(errnoText())") }
        defer { close(fd) }
        try fsyncOrThrow(fd, path: path)
    }

    /// Flushes the whole file system holding `path` (syncfs(2)).
    static func syncFileSystem(_ path: String) throws(StoreError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw StoreError(.io, "cannot open \(path): \(errnoText())") }
        defer { close(fd) }
        guard tourist_syncfs(fd) == 0 else { throw StoreError(.io, "cannot flush \(path) to disk: \(errnoText())") }
    }

    /// Replaces `path` with `bytes` atomically: a reader sees the old file or the new one, never a mix,
    /// and after return the new content survives a crash.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        let (fd, temporary) = try makeTemporaryFile(in: directory)
        do throws(StoreError) {
            defer { close(fd) }
            try writeAll(fd, bytes, path: temporary)
            try fsyncOrThrow(fd, path: temporary)
            _ = fchmod(fd, 0o644)
            guard rename(temporary, path) == 0 else { throw StoreError(.io, "cannot replace \(path): \(errnoText())") }
        } catch {
            unlink(temporary)
            throw error
        }
        try fsyncDirectory(directory)
    }

    /// Reads a whole file; nil when it does not exist. The bytes are read straight into one array
    /// sized by fstat (no zero-filling, no intermediate copy), and read on if the file grew.
    static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw StoreError(.io, "cannot read \(path): \(errnoText())")
        }
        defer { close(fd) }
        return try readAll(fd, path: path)
    }

    /// Bytes `range` of the regular file at `path` (clamped to its size), or nil when there is none.
    static func read(_ path: String, range: Range<Int>) throws(StoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw StoreError(.io, "cannot read \(path): \(FileSystem.errnoText())")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(.io, "cannot read \(path): it is not a regular file")
        }
        let wanted = range.clamped(to: 0..<Int(status.st_size))
        var bytes = [UInt8](repeating: 0, count: wanted.count)
        var done = 0
        while done < wanted.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(fd, buffer.baseAddress.map { $0 + done }, wanted.count - done, off_t(wanted.lowerBound + done))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw StoreError(.io, "cannot read \(path): \(count == 0 ? "it ended early" : FileSystem.errnoText())") }
            done += count
        }
        return bytes
    }

    /// Reads what is left of open file `fd` (named `path` in messages).
    static func readAll(_ fd: Int32, path: String) throws(StoreError) -> [UInt8] {
        var info = stat()
        let expected = fstat(fd, &info) == 0 ? max(Int(info.st_size), 0) : 0
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            count = readFully(fd, into: UnsafeMutableRawBufferPointer(buffer), failure: &failure)
        }
        var chunk = [UInt8](repeating: 0, count: bytes.count > expected ? 64 * 1024 : 0)
        while failure == 0, !chunk.isEmpty {  // the file grew since fstat
            let count = chunk.withUnsafeMutableBytes { readFully(fd, into: $0, failure: &failure) }
            bytes += chunk[0..<count]
            if count < chunk.count { break }
        }
        if failure != 0 { throw StoreError(.io, "cannot read \(path): \(errnoText(failure))") }
        return bytes
    }

    /// Reads until `buffer` is full or the file ends; returns the count read (`failure` set on error).
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, failure: inout Int32) -> Int {
        var position = 0
        while position < buffer.count, let base = buffer.baseAddress {
            let count = Glibc.read(fd, base + position, buffer.count - position)
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if count == 0 { break }
            position += count
        }
        return position
    }

    /// Creates a directory if it is missing (and its parents); syncs the parent of each one created.
    static func makeDirectory(_ path: String) throws(StoreError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw StoreError(.unusable, "\(path) is a file, not a folder") }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if parent != path, !parent.isEmpty { try makeDirectory(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST {
            throw StoreError(.unusable, "cannot create folder \(path): \(errnoText())")
        }
        try fsyncDirectory(parent.isEmpty ? "/" : parent)
    }

    /// The status of the file at `path` (following links), or nil with errno set.
    static func status(_ path: String) -> stat? {
        var status = stat()
        return stat(path, &status) == 0 ? status : nil
    }

    /// Removes a file; a file already gone is fine.
    static func remove(_ path: String) throws(StoreError) {
        if unlink(path) != 0, errno != ENOENT { throw StoreError(.io, "cannot remove \(path): \(errnoText())") }
    }

    /// Names in a directory (not `.`/`..`), in readdir's order; empty when the directory does not
    /// exist or cannot be read.
    static func list(_ path: String) -> [String] {
        var names: [String] = []
        forEachName(in: path) { names.append(String(decoding: $0, as: UTF8.self)) }
        return names
    }

    /// Calls `body` with the bytes of each name in a directory (not `.`/`..`), in readdir's order,
    /// making no string; nothing when the directory does not exist or cannot be read.
    static func forEachName(in path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        while let entry = readdir(directory) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
            if name[0] == UInt8(ascii: "."), length == 1 || length == 2 && name[1] == UInt8(ascii: ".") { continue }
            body(UnsafeBufferPointer(start: name, count: length))
        }
    }
}
