import Foundation
import Glibc

/// The list of pins for `pin list`: a snapshot (`index/pins.json`, a JSON document with one pin
/// record a line, see `PinRecordCodec`) plus an append-only journal (`index/pins.journal`, one pin
/// record or `{"remove": ID}` a line) replayed over it.
///
/// A change to one pin appends one line, so its cost does not grow with the number of pins; the
/// journal is folded into the snapshot once it is larger than the snapshot, which keeps the
/// cost amortised constant. Replaying is idempotent, so a crash between writing a new snapshot and emptying the journal loses nothing; a torn last line is ignored.
/// Each album file holds its pin authoritatively; this list is the summary that is fast to read.
struct PinList {
    let snapshotPath: String
    let journalPath: String

    private static let header = PinRecordCodec.snapshotHeader

    init(indexDirectory: String) {
        snapshotPath = indexDirectory + "/pins.json"
        journalPath = indexDirectory + "/pins.journal"
    }

    /// All pins, oldest first.
    func load() throws(StoreError) -> [Pin] {
        var pins: [Pin] = []
        var position: [String: Int] = [:]
        if let bytes = try FileSystem.read(snapshotPath) {
            pins = try Self.decodeSnapshot(bytes, path: snapshotPath)
        }
        if let journal = try FileSystem.read(journalPath), !journal.isEmpty {
            pins.reserveCapacity(pins.count + 64)
            for (index, pin) in pins.enumerated() { position[pin.id] = index }
            journal.withUnsafeBufferPointer { buffer in
                Self.forEachLine(buffer) { line in
                    if let pin = PinRecordCodec.decode(line) {
                        if let index = position[pin.id] { pins[index] = pin } else {
                            position[pin.id] = pins.count
                            pins.append(pin)
                        }
                    } else if let id = Self.removal(line), let index = position.removeValue(forKey: id) {
                        pins[index].id = ""
                    }  // anything else is a line torn by a crash: ignored
                }
            }
        }
        pins.removeAll { $0.id.isEmpty }
        // Oldest first; pins made in the same second (dates keep whole seconds) stay in the order
        // they were added, which the journal and the snapshot folded from it keep. The snapshot
        // is written in order: sort only when the journal changed that.
        if zip(pins, pins.dropFirst()).contains(where: { $1.createdAt < $0.createdAt }) {
            pins = pins.enumerated().sorted { ($0.element.createdAt, $0.offset) < ($1.element.createdAt, $1.offset) }.map(\.element)
        }
        return pins
    }

    private static func forEachLine(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        for index in 0..<buffer.count where buffer[index] == UInt8(ascii: "\n") {
            if index > start { body(UnsafeBufferPointer(rebasing: buffer[start..<index])) }
            start = index + 1
        }
        if start < buffer.count { body(UnsafeBufferPointer(rebasing: buffer[start...])) }
    }

    private static func decodeSnapshot(_ bytes: [UInt8], path: String) throws(StoreError) -> [Pin] {
        var pins: [Pin] = []
        pins.reserveCapacity(bytes.count / 150)
        var damaged = false
        bytes.withUnsafeBufferPointer { buffer in
            var first = true
            forEachLine(buffer) { line in
                if first {
                    first = false
                    damaged = !line.elementsEqual(header.utf8)
                    return
                }
                guard !damaged, !line.elementsEqual("]}".utf8) else { return }
                let record = line.last == UInt8(ascii: ",") ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
                if let pin = PinRecordCodec.decode(record) { pins.append(pin) } else { damaged = true }
            }
        }
        if damaged || bytes.isEmpty {
            throw StoreError(.corrupt, "\(path) is damaged; run `tourist store repair` to rebuild it from the albums")
        }
        return pins
    }

    /// The id of a `{"remove": ID}` journal line.
    private static func removal(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        var scanner = FlatObjectScanner(bytes: line)
        var id: String?
        guard scanner.scan({ key, value in if key.matches("remove"), case .string(let text) = value { id = text.string } }) else { return nil }
        return id
    }

    /// Records a new or changed pin.
    func put(_ pin: Pin) throws(StoreError) { try append(PinRecordCodec.encode(pin)) }

    /// Records a pin's removal.
    func remove(id: String) throws(StoreError) { try append("{\"remove\":\(JSONValue.quoted(id))}") }

    private func append(_ record: String) throws(StoreError) {
        var line = Array(record.utf8)
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
        try FileSystem.writeAtomically(PinRecordCodec.snapshot(pins), to: snapshotPath)
        try FileSystem.writeAtomically([], to: journalPath)
    }
}
