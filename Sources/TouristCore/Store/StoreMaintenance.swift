import Foundation

/// What `store verify` found. `ok` is false when a blob is corrupt or missing or an index entry
/// dangles; orphans (blobs no album uses, left by a crash between storing and recording) are
/// listed but harmless, like git's dangling objects, and `store gc` removes them.
public struct VerifyReport: Sendable, Codable, Equatable {
    public var blobs = 0
    /// Blobs whose bytes no longer hash to their name.
    public var corrupt: [String] = []
    /// Blobs an album uses that are not on disk.
    public var missing: [String] = []
    /// Blobs no album uses.
    public var orphans: [String] = []
    /// Index entries that point at nothing: a listed pin without an album, an album missing from
    /// the list, a name that leads nowhere, an index file that cannot be read.
    public var dangling: [String] = []
    /// Every problem found, with the command that repairs it (orphans are not problems).
    public var problems: [StoreProblem] = []
    /// Whether blobs were re-hashed (false for `verify --quick`, which checks structure only).
    public var rehashed = true
    /// Reference files listing users that no longer use their blob (left by a crash; harmless,
    /// `store gc` rewrites them).
    public var extraReferences = 0
    /// Pin list entries whose album file is gone (left by an interrupted `pin rm`; skipped by
    /// readers, rewritten by `store gc`).
    public var leftoverPinEntries = 0
    /// `pin import`s under way, or stopped midway (finished or undone by the next process that
    /// opens a local store, by `store gc` on a bucket): their albums and names are not problems.
    public var unfinishedImports = 0
    /// Temporary files that writes killed midway left in the index folders (hidden from every
    /// reader, harmless; `store gc` and `store repair` remove them).
    public var killedWrites = 0
    /// Keys under `index/albums/` that tourist never writes there (another program's, or a hand's):
    /// not albums, read by nothing, left as they are.
    public var foreignKeys: [String] = []
    /// Derived images (thumbnails, previews) whose files are missing or damaged: no damage, since
    /// they are made again from their originals (by `store repair`, or when next shown).
    public var derivedToRemake = 0
    public var ok: Bool { problems.isEmpty }

    enum CodingKeys: String, CodingKey {
        case blobs, corrupt, missing, orphans, dangling, problems, rehashed, extraReferences, leftoverPinEntries, unfinishedImports,
            killedWrites, foreignKeys, derivedToRemake, ok
    }

    public init() {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        blobs = try container.decode(Int.self, forKey: .blobs)
        corrupt = try container.decode([String].self, forKey: .corrupt)
        missing = try container.decode([String].self, forKey: .missing)
        orphans = try container.decode([String].self, forKey: .orphans)
        dangling = try container.decode([String].self, forKey: .dangling)
        problems = try container.decode([StoreProblem].self, forKey: .problems)
        rehashed = try container.decode(Bool.self, forKey: .rehashed)
        extraReferences = try container.decode(Int.self, forKey: .extraReferences)
        leftoverPinEntries = try container.decode(Int.self, forKey: .leftoverPinEntries)
        unfinishedImports = try container.decodeIfPresent(Int.self, forKey: .unfinishedImports) ?? 0
        killedWrites = try container.decodeIfPresent(Int.self, forKey: .killedWrites) ?? 0
        foreignKeys = try container.decodeIfPresent([String].self, forKey: .foreignKeys) ?? []
        derivedToRemake = try container.decodeIfPresent(Int.self, forKey: .derivedToRemake) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(blobs, forKey: .blobs)
        try container.encode(corrupt, forKey: .corrupt)
        try container.encode(missing, forKey: .missing)
        try container.encode(orphans, forKey: .orphans)
        try container.encode(dangling, forKey: .dangling)
        try container.encode(problems, forKey: .problems)
        try container.encode(rehashed, forKey: .rehashed)
        try container.encode(extraReferences, forKey: .extraReferences)
        try container.encode(leftoverPinEntries, forKey: .leftoverPinEntries)
        try container.encode(unfinishedImports, forKey: .unfinishedImports)
        try container.encode(killedWrites, forKey: .killedWrites)
        try container.encode(foreignKeys, forKey: .foreignKeys)
        try container.encode(derivedToRemake, forKey: .derivedToRemake)
        try container.encode(ok, forKey: .ok)
    }
}

/// What `store gc` did.
public struct CollectReport: Sendable, Codable, Equatable {
    public var blobsRemoved = 0
    public var bytesFreed = 0
    public var referencesRewritten = 0
    public var indexEntriesRepaired = 0
    /// Temporary files of writes killed midway, removed.
    public var killedWritesRemoved = 0
}

/// What `store stats` counts.
public struct StoreStatistics: Sendable, Codable, Equatable {
    public var pins = 0
    public var photos = 0
    public var pending = 0
    public var failed = 0
    public var rejected = 0
    /// Album files that cannot be read (their pins are not counted in `pins`).
    public var damagedAlbums = 0
    public var blobs = 0
    public var blobBytes = 0
    /// Bytes the albums' photos would take without deduplication.
    public var referencedBytes = 0
    /// The derived images (thumbnails, previews) the albums record, each blob once, and their
    /// bytes: among `blobs`, apart from the originals.
    public var derived = 0
    public var derivedBytes = 0
}

extension Store {
    /// An album file that cannot be read: its pin id (from the file name) and why.
    struct UnreadableAlbum: Error, Sendable {
        var id: String
        var reason: String
        var file: String { "index/albums/\(id).json" }
    }

    /// Every album stored (the authoritative index), plus the files that could not be read.
    func loadAllAlbums() throws(StoreError) -> (albums: [Album], unreadable: [UnreadableAlbum]) {
        try readAllAlbumFiles(AlbumFileDecoding.album)
    }

    /// The pin ids that have an album, sorted.
    func albumIDs() throws(StoreError) -> [String] {
        try albumKeys().ids
    }

    /// The keys under `index/albums/`: the albums, by pin id (sorted), which are the keys tourist
    /// writes there (`ID.json` for a valid pin id, see `albumKey`), and every other key, which is
    /// no album (another program's, a hand's, or a hostile client's: `../x.json`, `a%2Fb.json`, a
    /// name with a line break).
    func albumKeys() throws(StoreError) -> (ids: [String], foreign: [String]) {
        var ids: [String] = [], foreign: [String] = []
        for object in try backend.listAll(Self.albumsPrefix) {
            let name = object.key.path.dropFirst(Self.albumsPrefix.path.count)
            let id = String(name.dropLast(5))
            if name.hasSuffix(".json"), Pin.isValidID(id) { ids.append(id) } else { foreign.append(object.key.path) }
        }
        return (ids, foreign)
    }

    /// Every album file read by `read` on every core (so what is kept of 10,000 albums can be
    /// small), given only the members named in `keys` (nil: all), plus the files that could not be
    /// read. A file removed meanwhile (by a `pin rm`) is passed over. `ids` are the albums to read
    /// (nil: every one, see `albumKeys`).
    func readAllAlbumFiles<T: Sendable>(
        ids listed: [String]? = nil, keepingKeys keys: Set<String>? = nil,
        _ read: @escaping @Sendable (JSONValue) throws(IndexDecodingError) -> T
    ) throws(StoreError) -> (albums: [T], unreadable: [UnreadableAlbum]) {
        let ids = if let listed { listed } else { try albumIDs() }
        let loaded = ParallelWork.map(ids, workers: backend.features.parallelism) { [self] id -> Result<T, UnreadableAlbum>? in
            do throws(StoreError) {
                guard let bytes = try backend.load(albumKey(id))?.bytes else { return nil }
                do throws(IndexCoding.Damage) {
                    return .success(try IndexCoding.decode(bytes, keepingKeys: keys, read))
                } catch {
                    return .failure(UnreadableAlbum(id: id, reason: error.detail))
                }
            } catch {
                return .failure(UnreadableAlbum(id: id, reason: error.message))
            }
        }
        var albums: [T] = []
        var unreadable: [UnreadableAlbum] = []
        for result in loaded {
            switch result {
            case .success(let album): albums.append(album)
            case .failure(let bad): unreadable.append(bad)
            case nil: continue
            }
        }
        return (albums, unreadable)
    }

    /// Checks the whole store: every album decodes, the pin list, names and blob references agree
    /// with the albums (but those of an unfinished import, see `ImportIntent`), every blob an album uses is on disk and (unless `quick`) hashes to its name,
    /// no dead process left files in `tmp/`. Each problem comes with the command that repairs it.
    /// Reads only; takes no lock.
    public func verify(quick: Bool = false) throws(StoreError) -> VerifyReport {
        var report = VerifyReport()
        report.rehashed = !quick
        let (ids, foreign) = try albumKeys()
        report.foreignKeys = foreign
        // Quick: what links the index together; in full: every field of every album.
        let (albums, unreadable) =
            try quick
            ? readAllAlbumFiles(ids: ids, keepingKeys: AlbumBlobs.keys, AlbumBlobs.read)
            : readAllAlbumFiles(ids: ids) { (album) throws(IndexDecodingError) in AlbumBlobs(try AlbumFileDecoding.album(album)) }
        for bad in unreadable {
            report.record(
                .album, "\(bad.file) cannot be read (\(bad.reason)); its pin's photos are not listed", listed: "\(bad.file): \(bad.reason)")
        }
        let usage = BlobUsage(albums)
        for photo in usage.unnamed {
            report.record(
                .missingBlob, "\(photo) is recorded as stored but names no blob", listed: "\(photo): recorded as stored without a blob name"
            )
        }
        let onDisk = try blobs.allIDs()
        report.blobs = onDisk.count
        var unusable: [BlobID] = []
        if !quick {
            for (blob, actual) in zip(onDisk, blobs.rehashAll(onDisk)) where actual != blob {
                unusable.append(blob)
                if usage.onlyRemakeable(blob) {
                    report.derivedToRemake += 1
                    continue
                }
                let users = usage.users(of: blob)
                let used = users.isEmpty ? "no album" : users.joined(separator: ", ")
                if let actual {
                    report.record(
                        .corruptBlob, "blob \(blob) is damaged (its bytes hash to \(actual)); used by \(used)",
                        listed: "\(blob): its bytes hash to \(actual)")
                } else {
                    report.record(.corruptBlob, "blob \(blob) cannot be read; used by \(used)", listed: "\(blob): cannot be read")
                }
            }
        }
        report.orphans = Sorted.difference(Sorted.difference(onDisk, usage.blobs), unusable).map(\.hex)
        for blob in Sorted.difference(usage.blobs, onDisk) {
            if usage.onlyRemakeable(blob) {
                report.derivedToRemake += 1
                continue
            }
            let users = usage.users(of: blob).joined(separator: ", ")
            report.record(.missingBlob, "blob \(blob) is missing; used by \(users)", listed: "\(blob): used by \(users)")
        }
        let albumIDs = Set(albums.map(\.pin.id))
        let intents = try importIntents()
        report.unfinishedImports = intents.count
        let importing = Set(intents.flatMap { $0.intent.pins.map(\.id) })
        do {
            // Entries whose album file is gone are what an interrupted `pin rm` leaves: readers skip
            // them and gc rewrites the list, so they are counted, not problems.
            let listed = try pinList.load()
            let listedIDs = Set(listed.map(\.id))
            let unreadableIDs = Set(unreadable.map(\.id))
            report.leftoverPinEntries = listed.count { !albumIDs.contains($0.id) && !unreadableIDs.contains($0.id) }
            for album in albums where !listedIDs.contains(album.pin.id) && !importing.contains(album.pin.id) {
                let what = "album \(album.pin.id) (\"\(album.pin.name)\") is missing from the pin list"
                report.record(.albumWithoutPin, what, listed: what)
            }
        } catch {
            report.record(.pinList, "index/pins.json is damaged: `pin list` cannot be shown", listed: "index/pins.json: \(error.message)")
        }
        for pin in pinsLostByName(albums.map(\.pin).filter { !importing.contains($0.id) }) {
            let what = "pin \(pin.id) (\"\(pin.name)\") cannot be found by its name"
            report.record(.name, what, listed: what)
        }
        let (unrecorded, extra) = try referenceDifferences(usage, readingFiles: !quick)
        if let first = unrecorded.first {
            report.record(
                .references,
                "\(Plural.count(unrecorded.count, "blob is", "blobs are")) used by albums that index/refs does not list (first: \(first)): removing another photo could delete \(Plural.word(unrecorded.count, "it", "them"))"
            )
        }
        report.extraReferences = extra
        for entry in staging.leftovers() {
            report.record(.tmp, "tmp/\(entry) was left by a process that is gone")
        }
        report.killedWrites = backend.ability((any KilledWriteCleanup).self)?.killedWrites().count ?? 0
        return report
    }

    /// How index/refs differs from the albums: blobs an album photo uses without being listed there
    /// (a problem: the last listed user's removal would delete the blob), and how many blobs' files
    /// list users that no longer use them (what a crash between writing the references and the
    /// album leaves; harmless, `store gc` and `store repair` rewrite them). Without `readingFiles`
    /// (for `verify --quick`) only which blobs have a reference file is compared, not whom each
    /// lists: a file that lists too few users comes from damage, never from a crash, since
    /// references are written before an album uses them.
    func referenceDifferences(_ usage: BlobUsage, readingFiles: Bool) throws(StoreError) -> (unrecorded: [BlobID], extra: Int) {
        guard tracksReferences else { return ([], 0) }
        let files = BlobStore.hashNames(try backend.listAll(Self.refsPrefix))
        let unused = Sorted.difference(files, usage.blobs).count
        guard readingFiles else { return (Sorted.difference(usage.blobs, files), unused) }
        let verdicts = ParallelWork.map(Array(usage.blobs.indices), chunk: 512, workers: backend.features.parallelism) {
            [self] index -> (unrecorded: Bool, extra: Bool) in
            let listed = Set((try? StoreTransaction(store: self).references(of: usage.blobs[index].hex)) ?? [])
            let users = Set(usage.users(at: index))
            return (!users.isSubset(of: listed), users.isSubset(of: listed) && listed.count > users.count)
        }
        return (zip(usage.blobs, verdicts).filter(\.1.unrecorded).map(\.0), unused + verdicts.count(where: \.extra))
    }

    /// Repairs the index from the albums and deletes unused blobs: an interrupted `pin import` is
    /// finished or undone, the pin list is rebuilt, names and blob references are rewritten,
    /// orphan blobs are removed. A blob or reference object younger
    /// than `gracePeriod` (the backend's, by default) is left alone: on a bucket many machines
    /// write, it may belong to an upload whose album is not saved yet.
    public func collectGarbage(gracePeriod: TimeInterval? = nil, now: Date = Date()) throws -> CollectReport {
        try refuseIfReadOnly()
        return try exclusively { try collect(gracePeriod: gracePeriod, now: now) }
    }

    private func collect(gracePeriod: TimeInterval?, now: Date) throws(StoreError) -> CollectReport {
        let transaction = StoreTransaction(store: self)
        var report = CollectReport()
        let cutoff = now.addingTimeInterval(-(gracePeriod ?? backend.features.gracePeriod))
        let importing = try finishImports(gracePeriod: gracePeriod, now: now).pending
        let basis = try pinList.basis()
        var (albums, unreadable) = try loadAllAlbums()
        // The albums of an import under way are not pins yet: the list is rebuilt without them.
        albums.removeAll { importing.contains($0.pin.id) }
        guard unreadable.isEmpty else {
            let files = unreadable.map(\.file).joined(separator: ", ")
            throw StoreError(
                .corrupt,
                "cannot collect garbage while album files cannot be read (\(files)): the blobs their photos use would look unused. Nothing was deleted",
                remedy: Remedy(.repairStore()))
        }
        let summaries = Self.summaries(albums)
        // A damaged pin list is rebuilt from the albums like one that disagrees with them.
        let listed = (try? pinList.load()) ?? []
        if listed != summaries, try pinList.rewrite(summaries, since: basis) {
            report.indexEntriesRepaired += Set(listed.map(\.id)).symmetricDifference(summaries.map(\.id)).count
        }
        report.indexEntriesRepaired += try repairNames(albums)
        let usage = BlobUsage(albums.map(AlbumBlobs.init))
        report.referencesRewritten = try rewriteReferences(usage)
        report.killedWritesRemoved = backend.ability((any KilledWriteCleanup).self)?.removeKilledWrites() ?? 0
        let stored = BlobStore.named(try backend.listAll(BlobStore.prefix, details: true))
        let unused = Set(Sorted.difference(stored.map(\.blob), usage.blobs))
        for (blob, object) in stored where unused.contains(blob) && (object.modified ?? .distantPast) <= cutoff {
            // The last check: a use recorded (in a folder) or a freshening (on a bucket) since the
            // albums were read keeps the blob.
            guard try tracksReferences ? transaction.references(of: blob.hex).isEmpty : isStale(object.key, cutoff: cutoff) else {
                continue
            }
            try blobs.remove(blob.hex)
            report.bytesFreed += object.size ?? 0
            report.blobsRemoved += 1
        }
        return report
    }

    /// Whether object `key` was last written before `cutoff`, asked again now.
    private func isStale(_ key: ObjectKey, cutoff: Date) throws(StoreError) -> Bool {
        guard let info = try backend.stat(key) else { return false }
        return (info.modified ?? .distantFuture) <= cutoff
    }

    /// The pin list the albums make: each album's pin with its count of stored photos, oldest first.
    static func summaries(_ albums: [Album]) -> [Pin] {
        albums.map(\.summarizedPin).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    func repairNames(_ albums: [Album]) throws(StoreError) -> Int {
        var repaired = 0
        let wanted = Set(albums.map { nameKey($0.pin.name) })
        for object in try backend.listAll(Self.namesPrefix) where !wanted.contains(object.key) {
            try backend.remove(object.key)
            repaired += 1
        }
        for pin in pinsLostByName(albums.map(\.pin)) {
            try backend.write(nameKey(pin.name), try IndexCoding.encode(NameEntry(name: pin.name, id: pin.id)), when: .always)
            repaired += 1
        }
        return repaired
    }

    /// The pins that their name does not lead to (a name entry missing, damaged or naming another
    /// pin), checked on every core.
    func pinsLostByName(_ pins: [Pin]) -> [Pin] {
        let lost = ParallelWork.map(pins, workers: backend.features.parallelism) { [self] pin in (try? pinID(named: pin.name)) != pin.id }
        return zip(pins, lost).filter(\.1).map(\.0)
    }

    /// Makes `index/refs` say what the albums say: a file for each blob in use listing its users,
    /// nothing else (files of unused blobs, and what a crash left, go). Only a folder keeps them,
    /// and it runs this holding its lock (`exclusively`), so no use is recorded meanwhile.
    func rewriteReferences(_ usage: BlobUsage) throws(StoreError) -> Int {
        guard tracksReferences else { return 0 }
        let transaction = StoreTransaction(store: self)
        let files = try backend.listAll(Self.refsPrefix)
        let used = Set(BlobStore.named(files).filter { Sorted.position(of: $0.blob, in: usage.blobs) != nil }.map(\.object.key))
        var rewritten = 0
        for object in files where !used.contains(object.key) {
            try backend.remove(object.key)
            rewritten += 1
        }
        // Files are read and compared on every core; the few that differ are written one by one.
        let stale = ParallelWork.map(Array(usage.blobs.indices), chunk: 512) { index -> [String]? in
            let users = usage.users(at: index).sorted()
            return (try? transaction.references(of: usage.blobs[index].hex).sorted()) == users ? nil : users
        }
        for (blob, users) in zip(usage.blobs, stale) {
            guard let users else { continue }
            try transaction.writeReferences(users, of: blob.hex)
            rewritten += 1
        }
        return rewritten
    }

    /// Album photo `key` and its pin, from the first album (by pin id) that holds it. Reads every
    /// album until it finds one: for `photo get`, which names no pin.
    func albumPhoto(_ key: PhotoKey) -> (pin: String, photo: AlbumPhoto)? {
        for id in (try? albumIDs()) ?? [] {
            guard let album = try? album(id), let photo = album.photos.first(where: { $0.key == key }) else { continue }
            return (id, photo)
        }
        return nil
    }

    /// Counts pins, photos and blobs.
    public func statistics() throws(StoreError) -> StoreStatistics {
        var stats = StoreStatistics()
        let (albums, unreadable) = try loadAllAlbums()
        stats.pins = albums.count
        stats.damagedAlbums = unreadable.count
        var derived: [String: Int] = [:]
        for album in albums {
            for photo in album.photos {
                for image in photo.derived ?? [] { derived[image.sha256] = image.bytes }
                switch photo.state {
                case .stored:
                    stats.photos += 1
                    stats.referencedBytes += photo.bytes ?? 0
                case .pending: stats.pending += 1
                case .failed: stats.failed += 1
                case .rejected: stats.rejected += 1
                }
            }
        }
        for (blob, object) in BlobStore.named(try backend.listAll(BlobStore.prefix, details: true)) {
            stats.blobs += 1
            stats.blobBytes += object.size ?? 0
            if derived[blob.hex] != nil {
                stats.derived += 1
                stats.derivedBytes += object.size ?? 0
            }
        }
        return stats
    }
}
