import Foundation
import Glibc
import Synchronization
import TouristCore

/// Where a plugin writes the photos it fetches: new, empty files that tourist creates (the plugin
/// never names a path), in the store's temporary area for this process when a store is open, else in
/// a private folder of the system's temporary directory, made on first use and removed at shutdown.
final class ScratchSpace: Sendable {
    /// The store's temporary folder for this process, when a store is open.
    private let storeArea: (@Sendable () throws -> String)?
    private let privateFolder = Mutex<String?>(nil)

    init(storeArea: (@Sendable () throws -> String)?) {
        self.storeArea = storeArea
    }

    /// A new empty file, open for reading; remove it when done.
    func makeFile(prefix: String) throws -> ScratchFile {
        let folder = try self.folder()
        for _ in 0..<16 {
            let path = "\(folder)/\(prefix)\(UInt64.random(in: 0...UInt64.max)).part"
            let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { return ScratchFile(fd: fd, path: path) }
            guard errno == EEXIST else { throw StoreError(.io, "cannot create a file in \(folder): \(String(cString: strerror(errno)))") }
        }
        throw StoreError(.io, "cannot create a file in \(folder): every name tried exists")
    }

    private func folder() throws -> String {
        if let storeArea { return try storeArea() }
        return try privateFolder.withLock { folder in
            if let folder { return folder }
            var template = Array((NSTemporaryDirectory() + "/tourist-plugin-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
                throw StoreError(.io, "cannot create a temporary folder: \(String(cString: strerror(errno)))")
            }
            folder = String(cString: made)
            return String(cString: made)
        }
    }

    /// Removes the private folder, if one was made.
    func removePrivateFolder() {
        privateFolder.withLock { folder in
            if let folder { try? FileManager.default.removeItem(atPath: folder) }
            folder = nil
        }
    }
}

/// A file a plugin writes into: tourist keeps it open from its creation, so what it reads back is
/// the file it made, even if the plugin renames or replaces the path.
struct ScratchFile: Sendable {
    let fd: Int32
    let path: String

    /// Closes and deletes the file.
    func remove() {
        close(fd)
        unlink(path)
    }
}
