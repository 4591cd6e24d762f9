import Foundation
import Glibc
import TouristCore

/// A store in a local folder under `TMPDIR` with two pins, Kyoto and Paris, made once per process:
/// the store doors (`lease-record`, `pin-journal`, `name-entry`) put their bytes in its files, as
/// another process or machine could have left them, ask the store through its public operations,
/// and put the files back as they were.
struct FuzzStore: Sendable {
    let store: Store
    let root: String
    let kyoto: Pin
    let paris: Pin
    /// Kyoto's entry in `index/names/` (its path, and its bytes as the store wrote them).
    let kyotoName: (path: String, bytes: [UInt8])

    static let shared: FuzzStore = {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(folder)/tourist-fuzz-store-XXXXXX".utf8CString)
        guard let root = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp).map { String(cString: $0) } }) else {
            fatalError("cannot make a folder under \(folder)")
        }
        do {
            let store = try Store(path: root)
            func add(_ name: String, _ latitude: Double, _ longitude: Double) throws -> Pin {
                try store.transaction {
                    try $0.addPin(name: name, location: GeoPoint(latitude: latitude, longitude: longitude), radiusKm: 5, target: 21).pin
                }
            }
            let kyoto = try add("Kyoto", 35.0116, 135.7681), paris = try add("Paris", 48.8566, 2.3522)
            let names = root + "/index/names"
            for file in try FileManager.default.contentsOfDirectory(atPath: names) {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(names)/\(file)")))
                if String(decoding: bytes, as: UTF8.self).contains("\"Kyoto\"") {
                    return FuzzStore(store: store, root: root, kyoto: kyoto, paris: paris, kyotoName: ("\(names)/\(file)", bytes))
                }
            }
            fatalError("no name entry for Kyoto in \(names)")
        } catch {
            fatalError("cannot make the fuzzing store in \(root): \(error)")
        }
    }()

    /// Writes `bytes` as the file at `path` (inside the store), replacing it.
    func place(_ bytes: [UInt8], at path: String) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fatalError("cannot write \(path)") }
    }

    /// Removes the file at `path`, if any.
    func remove(_ path: String) {
        unlink(path)
    }
}

/// A lease object, `leases/<pin>.json`, as another machine could have left it. Contract: the
/// store's two views of it agree: nobody holds the pin (`leaseRecord` is nil) exactly when this
/// process can take its lease.
enum LeaseRecordDoor {
    static func check(_ bytes: [UInt8]) {
        let fixture = FuzzStore.shared
        let id = fixture.kyoto.id
        let path = "\(fixture.root)/leases/\(id).json"
        try? FileManager.default.createDirectory(atPath: "\(fixture.root)/leases", withIntermediateDirectories: true)
        fixture.place(bytes, at: path)
        defer { fixture.remove(path) }
        let now = Date()
        let timing = LeaseTiming(duration: 60)
        let holder = fixture.store.leaseRecord(pin: id, timing: timing, now: now)
        do {
            let lease = try fixture.store.takeLease(pin: id, timing: timing, now: now)
            contract(
                (holder == nil) == (lease != nil),
                "held by \(String(describing: holder)) yet taken: \(lease != nil); the lease read \(String(decoding: bytes, as: UTF8.self).debugDescription)"
            )
            try lease?.release()
        } catch {
            contract(false, "taking a lease failed: \(error)")
        }
    }
}

/// `index/pins.journal`, the pin list's log, as a crash or another process could have left it;
/// `@kyoto` and `@paris` in the input stand for the pins' ids. Contract: the pins listed are the
/// store's own (a record of a pin without an album lists nothing), and written again as journal
/// records they list the same.
enum PinJournalDoor {
    static func check(_ bytes: [UInt8]) {
        let fixture = FuzzStore.shared
        let path = "\(fixture.root)/index/pins.journal"
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "@kyoto", with: fixture.kyoto.id)
            .replacingOccurrences(of: "@paris", with: fixture.paris.id)
        fixture.place(Array(text.utf8), at: path)
        defer { fixture.remove(path) }
        let pins: [Pin]
        do {
            pins = try fixture.store.pins()
        } catch {
            contract(false, "the pin list cannot be read over a journal: \(error)")
            return
        }
        contract(
            pins.allSatisfy { [fixture.kyoto.id, fixture.paris.id].contains($0.id) }, "a pin without an album is listed: \(pins.map(\.id))")
        fixture.place(Array(pins.map { PinRecordCodec.encode($0) + "\n" }.joined().utf8), at: path)
        let again = try? fixture.store.pins()
        contract(again == pins, "the pins listed, written as records, list otherwise: \(pins) → \(String(describing: again))")
    }
}

/// An entry of `index/names/` (the name Kyoto's), as another machine could have left it;
/// `@paris` in the input stands for the other pin's id. Contract: the name Kyoto leads to the pin
/// named Kyoto, or to none (not found, or damage said), never to another pin.
enum NameEntryDoor {
    static func check(_ bytes: [UInt8]) {
        let fixture = FuzzStore.shared
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "@paris", with: fixture.paris.id)
        fixture.place(Array(text.utf8), at: fixture.kyotoName.path)
        defer { fixture.place(fixture.kyotoName.bytes, at: fixture.kyotoName.path) }
        guard let id = try? fixture.store.resolvePin("Kyoto") else { return }
        contract(id == fixture.kyoto.id, "the name Kyoto led to pin \(id) by the entry \(text.debugDescription)")
    }
}
