import Directory

/// Photos of a scanned folder: the input written to a temporary file (under `TMPDIR`) and read with
/// `PhotoFileReader`, the path every file of a folder takes (pread, the container walkers,
/// libexif). Contract: no trap, no hang, no sanitizer report.
enum PhotoReaderDoor {
    static func check(_ bytes: [UInt8]) {
        FuzzFile.with(bytes) { _ = PhotoFileReader.read(path: $0) }
    }
}
