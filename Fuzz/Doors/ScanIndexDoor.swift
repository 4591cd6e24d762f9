import Directory

/// A directory provider's scan index (`state/<provider>/scan-index`), as `ScanIndex` reads it.
/// Contract: what it reads is a real time for every date taken, and written again, reads back the same.
enum ScanIndexDoor {
    static func check(_ bytes: [UInt8]) {
        guard let files = ScanIndex.decode(bytes) else { return }
        for file in files {
            if case .success(let metadata) = file.outcome, let taken = metadata.takenAt {
                contract(taken.timeIntervalSince1970.isFinite, "\(file.file.path.debugDescription) taken at \(taken)")
            }
        }
        let again = ScanIndex.decode(ScanIndex.encode(files))
        contract(again == files, "an index read, written and read again differs: \(files) → \(String(describing: again))")
    }
}
