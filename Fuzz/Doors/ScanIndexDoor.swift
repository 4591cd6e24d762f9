import Directory

/// A directory provider's scan index (`state/<provider>/scan-index`), as `ScanIndex` reads it.
/// Contract: every date taken it reads is a real time before the year 10000 (`Date` cannot even
/// describe some others), and what it reads, written again, reads back the same.
enum ScanIndexDoor {
    static func check(_ bytes: [UInt8]) {
        guard let files = ScanIndex.decode(bytes) else { return }
        for file in files {
            if case .success(let metadata) = file.outcome, let taken = metadata.takenAt {
                let seconds = taken.timeIntervalSince1970
                contract(
                    seconds.isFinite && abs(seconds) < 253_402_300_800, "\(file.file.path.debugDescription) taken \(seconds) s after 1970")
            }
        }
        let again = ScanIndex.decode(ScanIndex.encode(files))
        contract(again == files, "an index read, written and read again differs: \(files) → \(String(describing: again))")
    }
}
