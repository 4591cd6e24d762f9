import Directory
import Glibc

/// libFuzzer's entry point: writes the input to a temporary file and reads it with
/// `PhotoFileReader`, the code path every file of a scanned folder takes (pread, the container
/// walkers, libexif). Any trap, hang or sanitizer report is a bug in the reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func photoReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let path = "\(folder)/tourist-fuzz-\(getpid())"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { fatalError("cannot create \(path)") }
    var done = 0
    while done < size {
        let wrote = write(fd, data + done, size - done)
        if wrote < 0, errno == EINTR { continue }
        guard wrote > 0 else { fatalError("cannot write \(path)") }
        done += wrote
    }
    close(fd)
    _ = PhotoFileReader.read(path: path)
    unlink(path)
    return 0
}
