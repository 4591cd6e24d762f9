import Foundation
import Glibc

/// The list of pins for `pin list`: a snapshot (`index/pins.json`) plus an append-only journal
/// (`index/pins.journal`, one JSON record a line) replayed over it.
///
/// A change to one pin appends one line, so its cost does not grow with the number of pins; the
/// journal is folded into the snapshot once it is larger than the snapshot, which keeps the
/// cost amortised constant. Replaying is idempotent, so a crash between writing a new snapshot and emptying the journal loses nothing; a torn last line is ignored.
/// Each album file holds its pin authoritatively; this list is the summary that is fast to read.
struct PinList {
    let snapshotPath: String
    let journalPath: String

    private struct Snapshot: Codable {
        var version = 1
        var pins: [Pin]
    }

    private struct Record: Codable {
        var put: Pin?
        var remove: String?
    }

    init(indexDirectory: String) {
        snapshotPath = indexDirectory + "/pins.json"
        journalPath = indexDirectory + "/pins.journal"
    }

    /// All pins, oldest first.
    func load() throws(StoreError) -> [Pin] {
        var pins: [Pin] = []
        if let bytes = try FileSystem.read(snapshotPath) {
            pins = try IndexCoding.decode(Snapshot.self, from: bytes, path: snapshotPath).pins
        }
        var position: [String: Int] = [:]
        for (index, pin) in pins.enumerated() { position[pin.id] = index }
        if let journal = try FileSystem.read(journalPath) {
            let decoder = IndexCoding.decoder()
            for line in journal.split(separator: UInt8(ascii: "\n")) {
                guard let record = try? decoder.decode(Record.self, from: Data(line)) else { continue }
                if let pin = record.put {
                    if let index = position[pin.id] { pins[index] = pin } else {
                        position[pin.id] = pins.count
                        pins.append(pin)
                    }
                } else if let id = record.remove, let index = position.removeValue(forKey: id) {
                    pins[index].id = ""
                }
            }
        }
        pins.removeAll { $0.id.isEmpty }
        pins.sort { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        return pins
    }

    /// Records a new or changed pin.
    func put(_ pin: Pin) throws(StoreError) { try append(Record(put: pin)) }

    /// Records a pin's removal.
    func remove(id: String) throws(StoreError) { try append(Record(remove: id)) }

    private func append(_ record: Record) throws(StoreError) {
        var line = try IndexCoding.encode(record)
        line.append(UInt8(ascii: "\n"))
        let fd = open(journalPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError(.io, "cannot open \(journalPath): \(FileSystem.errnoText())") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_size > 0 {
            var last: UInt8 = 0
            let readFD = open(journalPath, O_RDONLY | O_CLOEXEC)
            if readFD >= 0 {
                if pread(readFD, &last, 1, info.st_size - 1) == 1, last != UInt8(ascii: "\n") {
                    line.insert(UInt8(ascii: "\n"), at: 0)  // end a torn line left by a crash
                }
                close(readFD)
            }
        }
        try FileSystem.writeAll(fd, line, path: journalPath)
        try FileSystem.fsyncOrThrow(fd, path: journalPath)
        if info.st_size == 0 { try FileSystem.fsyncDirectory((journalPath as NSString).deletingLastPathComponent) }
        try compactIfLarge()
    }

    /// Folds the journal into the snapshot once it is larger than the snapshot (and 16 KiB):
    /// two `stat` calls decide, so an append stays cheap however many pins there are.
    private func compactIfLarge() throws(StoreError) {
        var journal = stat(), snapshot = stat()
        guard stat(journalPath, &journal) == 0, journal.st_size > 16 * 1024 else { return }
        let snapshotSize = stat(snapshotPath, &snapshot) == 0 ? snapshot.st_size : 0
        guard journal.st_size > snapshotSize else { return }
        try rewrite(try load())
    }

    /// Writes `pins` as the snapshot and empties the journal.
    func rewrite(_ pins: [Pin]) throws(StoreError) {
        try FileSystem.writeAtomically(try IndexCoding.encode(Snapshot(pins: pins)), to: snapshotPath)
        try FileSystem.writeAtomically([], to: journalPath)
    }
}
