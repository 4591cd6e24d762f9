import Foundation

/// The list of pins for `pin list`: a snapshot (`index/pins.json`, a JSON document with one pin
/// record a line, see `PinRecordCodec`) plus an append-only log (`index/pins.journal`, one pin
/// record or `{"remove": ID}` each, see `RecordLog`) replayed over it.
///
/// A change to one pin appends one record, so its cost does not grow with the number of pins; the
/// log is folded into the snapshot once the backend says it has grown enough, which keeps the cost
/// amortised constant. Folding replaces the snapshot only if it is unchanged since it was read,
/// then trims the log through what it folded, oldest first; replaying is idempotent and a record
/// that does not parse (torn by a crash) is ignored, so a crash or a race at any point loses
/// nothing. Each album holds its pin authoritatively; this list is the summary that is fast to read.
struct PinList {
    let backend: any ObjectStore
    /// The journal: the changes since the snapshot, one record each.
    let journal: any RecordLog
    static let snapshotKey = ObjectKey.index("index/pins.json")
    static let journalKey = ObjectKey.index("index/pins.journal")

    private static let header = PinRecordCodec.snapshotHeader

    init(backend: any ObjectStore) {
        self.backend = backend
        journal = backend.recordLog(Self.journalKey)
    }

    /// All pins, oldest first.
    func load() throws(StoreError) -> [Pin] {
        try loadForFolding().pins
    }

    /// Every pin an intact record describes, even when the snapshot is damaged: each of its lines
    /// that still reads as a pin, with the log replayed over them. For `store repair`, which calls
    /// nothing lost that a record still holds.
    func salvage() throws(StoreError) -> [Pin] {
        try loadForFolding(salvaging: true).pins
    }

    /// All pins, the snapshot they were read from, and where the log read ends. `salvaging` keeps
    /// what a damaged snapshot's readable lines hold instead of refusing it.
    private func loadForFolding(salvaging: Bool = false) throws(StoreError) -> (pins: [Pin], snapshot: StoredObject?, end: LogPosition?) {
        var pins: [Pin] = []
        var position: [String: Int] = [:]
        let snapshot = try backend.load(Self.snapshotKey)
        if let snapshot {
            pins =
                salvaging
                ? Self.salvageSnapshot(snapshot.bytes)
                : try Self.decodeSnapshot(snapshot.bytes, path: "\(backend.location)/\(Self.snapshotKey)")
        }
        let journal = try journal.read()
        if !journal.records.isEmpty {
            pins.reserveCapacity(pins.count + journal.records.count)
            for (index, pin) in pins.enumerated() { position[pin.id] = index }
            for record in journal.records {
                record.withUnsafeBufferPointer { line in
                    if let pin = PinRecordCodec.decode(line) {
                        if let index = position[pin.id] {
                            pins[index] = pin
                        } else {
                            position[pin.id] = pins.count
                            pins.append(pin)
                        }
                    } else if let id = Self.removal(line), let index = position.removeValue(forKey: id) {
                        pins[index].id = ""
                    }  // anything else is a record torn by a crash: ignored
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
        return (pins, snapshot, journal.end)
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
            throw StoreError(.corrupt, "\(path) is damaged", remedy: Remedy(.repairStore(why: "rebuild it from the albums")))
        }
        return pins
    }

    /// The pins of the snapshot's lines that read as one, whatever the rest holds.
    private static func salvageSnapshot(_ bytes: [UInt8]) -> [Pin] {
        var pins: [Pin] = []
        bytes.withUnsafeBufferPointer { buffer in
            forEachLine(buffer) { line in
                let record = line.last == UInt8(ascii: ",") ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
                if let pin = PinRecordCodec.decode(record) { pins.append(pin) }
            }
        }
        return pins
    }

    /// The id of a `{"remove": ID}` journal line.
    private static func removal(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        var scanner = FlatObjectScanner(bytes: line)
        var id: String?
        guard scanner.scan({ key, value in if key.matches("remove"), case .string(let text) = value { id = text.string } }) else {
            return nil
        }
        return id
    }

    /// Records a new or changed pin.
    func put(_ pin: Pin) throws(StoreError) { try append(PinRecordCodec.encode(pin)) }

    /// Records a pin's removal.
    func remove(id: String) throws(StoreError) { try append("{\"remove\":\(JSONValue.quoted(id))}") }

    private func append(_ record: String) throws(StoreError) {
        if try journal.append(Array(record.utf8), foldingBeside: Self.snapshotKey) { try fold() }
    }

    /// Records `new` pins all in one step (`StoreTransaction.addPins`), so a reader sees all of them
    /// or none, whatever stops the process: one pin is one log record (a record torn by a crash is
    /// ignored); several are one snapshot holding them beside every pin already recorded, which
    /// replaces the old one only if that is unchanged since it was read, after which the log is
    /// trimmed through what the snapshot took in. A pin recorded already has its record replaced
    /// (`store copy --overwrite`).
    func add(_ new: [Pin]) throws(StoreError) {
        if new.count == 1 {
            try put(new[0])
            return
        }
        let replacing = Dictionary(new.map { ($0.id, $0) }) { _, last in last }
        while true {
            let (pins, snapshot, end) = try loadForFolding()
            let known = Set(pins.map(\.id))
            let all = pins.map { replacing[$0.id] ?? $0 } + new.filter { !known.contains($0.id) }
            // Another process folded or added meanwhile: read again.
            guard try backend.write(Self.snapshotKey, PinRecordCodec.snapshot(all), when: snapshot.map { .unchanged($0) } ?? .absent) else {
                continue
            }
            if let end { try journal.trim(through: end) }
            return
        }
    }

    /// Folds the log into the snapshot. When another process folded meanwhile, its snapshot stands
    /// and this fold is dropped (the log is then folded by a later append).
    func fold() throws(StoreError) {
        let (pins, snapshot, end) = try loadForFolding()
        let written = try backend.write(Self.snapshotKey, PinRecordCodec.snapshot(pins), when: snapshot.map { .unchanged($0) } ?? .absent)
        if written, let end { try journal.trim(through: end) }
    }

    /// What a rebuild of the list starts from: the snapshot and where the log ends, read before the
    /// albums the rebuild reads, so a pin changed meanwhile keeps its record in the log.
    struct Basis {
        let snapshot: StoredObject?
        let end: LogPosition?
    }

    func basis() throws(StoreError) -> Basis {
        Basis(snapshot: try backend.load(Self.snapshotKey), end: try journal.read().end)
    }

    /// Writes `pins` as the snapshot and trims the log through `basis` (for `repair` and `gc`, which
    /// rebuild the list from the albums): false, and nothing written, when another process folded
    /// the list since `basis` was read.
    @discardableResult
    func rewrite(_ pins: [Pin], since basis: Basis) throws(StoreError) -> Bool {
        let condition: ObjectWrite.Condition = basis.snapshot.map { .unchanged($0) } ?? .absent
        guard try backend.write(Self.snapshotKey, PinRecordCodec.snapshot(pins), when: condition) else { return false }
        if let end = basis.end { try journal.trim(through: end) }
        return true
    }
}
