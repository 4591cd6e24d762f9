import Crypto
import Foundation

/// A pin of a `store copy`'s destination in the way of one it copies: the pin of the same id,
/// whose album differs there (renamed there, say), or another pin that has its name.
public struct CopyConflict: Sendable, Codable, Equatable {
    /// How the destination's pin is in the way.
    public enum Kind: String, Sendable, Codable {
        /// The destination has a pin of the same id whose album differs.
        case sameID = "same-id"
        /// Another pin of the destination has the same name.
        case sameName = "same-name"
    }

    public var kind: Kind
    /// The source's pin.
    public var id: String
    public var name: String
    /// The destination's pin in its way, and its name there.
    public var destinationID: String
    public var destinationName: String

    /// In words, for a summary or an error: `"Louvre" (id …): the destination's pin of that id differs`.
    public var description: String {
        switch kind {
        case .sameID:
            let renamed = destinationName == name ? "" : " (named \"\(destinationName)\" there)"
            return "\"\(name)\" (id \(id)): the destination's pin of that id differs\(renamed)"
        case .sameName:
            return "\"\(name)\" (id \(id)): the destination's pin \(destinationID) has that name"
        }
    }
}

/// What a `store copy` is to do, found before it writes anything (`Store.planCopy`).
struct CopyPlan {
    /// A pin of the source to copy, with its album as read.
    struct Item: Sendable {
        var album: Album
        var encoded: StoreTransaction.EncodedAlbum
        /// Whether the destination's pin list has an entry for this id (replaced by the copy).
        var listed: Bool
        /// The pin's name at the destination when that is another (a pin renamed there, replaced
        /// with `--overwrite`): that name's entry goes.
        var formerName: String?
        var id: String { encoded.summary.id }
    }

    var copying: [Item] = []
    /// Pins the destination holds as the source does: the same album, name entry and list entry.
    var present = 0
    var conflicts: [CopyConflict] = []

    /// The destination's pins that have the name of a pin copied (removed before it with `--overwrite`).
    var displaced: [String] {
        var seen: Set<String> = []
        return conflicts.filter { $0.kind == .sameName && seen.insert($0.destinationID).inserted }.map(\.destinationID)
    }
}

extension Store {
    /// What copying this store into `destination` is to do: every album of this store is read and
    /// checked, and compared with what `destination` holds. Writes nothing. An album, name and list
    /// entry the destination holds already are skipped; a destination pin with the same id but
    /// another album, or with the same name but another id, is a conflict.
    func planCopy(to destination: Store) throws -> CopyPlan {
        let sources = try readAlbumsForCopy()
        var ids: [String: String] = [:]
        for (_, album) in sources {
            if let other = ids.updateValue(album.pin.id, forKey: album.pin.name) {
                throw StoreError(
                    .corrupt, "\(location) has two pins named \"\(album.pin.name)\" (ids \(other) and \(album.pin.id)); nothing was copied",
                    remedy: Remedy(.renamePin(pin: album.pin.id, store: location), .copyAgain))
            }
        }
        let albums = try Self.byKey(destination.backend.listAll(Self.albumsPrefix))
        let names = try Self.byKey(destination.backend.listAll(Self.namesPrefix))
        let listed = Dictionary(try destination.pinList.load().map { ($0.id, $0) }) { _, last in last }
        let verdicts = ParallelWork.map(sources, workers: destination.backend.features.parallelism) {
            [self] source -> Result<(item: CopyPlan.Item, conflicts: [CopyConflict])?, any Error> in
            Result {
                var summary = source.album
                summary.refreshSummary()
                let pin = summary.pin
                var item = CopyPlan.Item(
                    album: source.album, encoded: .init(summary: pin, bytes: source.bytes), listed: listed[pin.id] != nil)
                var conflicts: [CopyConflict] = []
                let key = albumKey(pin.id), nameKey = nameKey(pin.name)
                if let there = albums[key] {
                    if try destination.holds(source.bytes, at: key, listed: there) {
                        item.encoded.write = false
                        let entry = try IndexCoding.encode(NameEntry(name: pin.name, id: pin.id))
                        if listed[pin.id] == pin, try destination.holds(entry, at: nameKey, listed: names[nameKey]) { return nil }
                    } else {
                        let theirs = (try? destination.albumObject(pin.id).album.pin.name) ?? listed[pin.id]?.name ?? pin.name
                        conflicts.append(
                            CopyConflict(kind: .sameID, id: pin.id, name: pin.name, destinationID: pin.id, destinationName: theirs))
                        if theirs != pin.name { item.formerName = theirs }
                    }
                }
                if names[nameKey] != nil, let other = try destination.pinID(named: pin.name), other != pin.id {
                    conflicts.append(
                        CopyConflict(kind: .sameName, id: pin.id, name: pin.name, destinationID: other, destinationName: pin.name))
                }
                return (item, conflicts)
            }
        }
        var plan = CopyPlan()
        for verdict in verdicts {
            guard let (item, conflicts) = try verdict.get() else {
                plan.present += 1
                continue
            }
            plan.copying.append(item)
            plan.conflicts += conflicts
        }
        return plan
    }

    /// Every album of this store with its bytes as stored, read on `parallelism` threads; one that
    /// cannot be read stops the copy before anything is written.
    private func readAlbumsForCopy() throws -> [(bytes: [UInt8], album: Album)] {
        let read = ParallelWork.map(try albumIDs(), workers: backend.features.parallelism) {
            [self] id -> Result<(bytes: [UInt8], album: Album)?, StoreError> in
            Result { () throws(StoreError) in
                // An album removed meanwhile (`pin rm`) is not copied.
                guard let object = try backend.load(albumKey(id)) else { return nil }
                do throws(IndexCoding.Damage) {
                    return (object.bytes, try IndexCoding.decode(object.bytes, AlbumFileDecoding.album))
                } catch {
                    throw StoreError(
                        .corrupt, "\(location)/\(albumKey(id)) is damaged (\(error.detail)); nothing was copied",
                        remedy: Remedy(.repairStore(store: location), .copyAgain))
                }
            }
        }
        return try read.compactMap { try $0.get() }
    }

    private static func byKey(_ objects: [ObjectInfo]) -> [ObjectKey: ObjectInfo] {
        Dictionary(objects.map { ($0.key, $0) }) { first, _ in first }
    }

    /// Whether this store holds exactly `bytes` at `key`, which a listing showed as `listed` (nil:
    /// not there): by the listed ETag when it is the bytes' MD5 (S3's ETag of what tourist writes
    /// in one request), else by reading the object.
    func holds(_ bytes: [UInt8], at key: ObjectKey, listed: ObjectInfo?) throws(StoreError) -> Bool {
        guard listed != nil else { return false }
        if let etag = listed?.etag, etag == Hex.string(Insecure.MD5.hash(data: bytes)) { return true }
        return try backend.load(key)?.bytes == bytes
    }
}
