import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// What a `pin import` stopped midway leaves in a local store, at each side of its commit point
/// (the end-to-end test kills a real import; this one builds either state exactly): the next
/// process to open the store undoes an import not committed and finishes one that was.
@Suite struct StoreImportTests {
    let folder = TemporaryDirectory()
    var root: String { folder.child("store") }

    /// Writes what an import of `pin` leaves when stopped before its commit, or just after it.
    func stoppedImport(_ store: Store, _ pin: Pin, committed: Bool) throws {
        let intent = ImportIntent(pins: [ImportIntent.Entry(id: pin.id, name: pin.name)])
        try store.backend.write(ImportIntent.newKey(), IndexCoding.encode(intent), when: .absent)
        try store.backend.write(store.albumKey(pin.id), IndexCoding.encode(Album(pin: pin, target: 21)), when: .absent)
        if committed { try store.pinList.add([pin]) }
    }

    func pin(_ id: String, _ name: String) throws -> Pin {
        Pin(
            id: id, name: name, location: try GeoPoint(latitude: 1, longitude: 2), radiusKm: 5,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test func anImportStoppedBeforeItsCommitIsUndoneOnOpen() throws {
        let store = try Store(path: root)
        let stray = try pin("0badc0de", "Stray")
        try stoppedImport(store, stray, committed: false)
        let during = try store.verify()
        #expect(during.ok && during.unfinishedImports == 1, "an import's albums are not damage: \(during)")

        let reopened = try Store(path: root)
        #expect(try !reopened.backend.contains(reopened.albumKey(stray.id)), "its album is removed")
        #expect(try reopened.pins().isEmpty && reopened.pinID(named: "Stray") == nil)
        let after = try reopened.verify()
        #expect(after.ok && after.unfinishedImports == 0, "\(after)")
    }

    @Test func anImportStoppedAfterItsCommitGetsItsNamesOnOpen() throws {
        let store = try Store(path: root)
        let committed = try pin("c0ffee00", "Committed")
        try stoppedImport(store, committed, committed: true)
        #expect(try store.pinID(named: "Committed") == nil, "its name is not written yet")

        let reopened = try Store(path: root)
        #expect(try reopened.resolvePin("Committed") == committed.id)
        #expect(try reopened.pins().map(\.id) == [committed.id])
        let after = try reopened.verify()
        #expect(after.ok && after.unfinishedImports == 0, "\(after)")
    }
}
