import Directory
import Glibc

/// Photos of a scanned folder: the input written to a temporary file (under `TMPDIR`) and read with
/// `PhotoFileReader`, the path every file of a folder takes (pread, the container walkers,
/// libexif). Contract: no trap, no hang, no sanitizer report.
enum PhotoReaderDoor {
    static func check(_ bytes: [UInt8]) {
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
        _ = PhotoFileReader.read(path: path)
        unlink(path)
    }
}
