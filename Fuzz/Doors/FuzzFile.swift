import Glibc

/// A door's input as a file, for parsers that read files: written under `TMPDIR` (one file per
/// process), handed to `body`, and removed afterwards.
enum FuzzFile {
    static func with(_ bytes: [UInt8], _ body: (String) -> Void) {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = "\(folder)/tourist-fuzz-\(getpid())"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot create \(path)") }
        var done = 0
        while done < bytes.count {
            let wrote = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if wrote < 0, errno == EINTR { continue }
            guard wrote > 0 else { fatalError("cannot write \(path)") }
            done += wrote
        }
        close(fd)
        body(path)
        unlink(path)
    }
}
