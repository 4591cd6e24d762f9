import Foundation

extension Store {
    /// The intents of imports under way or stopped midway (see `ImportIntent`), with their objects.
    func importIntents() throws(StoreError) -> [(object: ObjectInfo, intent: ImportIntent)] {
        var intents: [(object: ObjectInfo, intent: ImportIntent)] = []
        for object in try backend.listAll(ImportIntent.prefix, details: true) {
            guard let stored = try backend.load(object.key) else { continue }
            intents.append((object, try IndexCoding.decode(stored.bytes, path: object.key.path, ImportIntent.read)))
        }
        return intents
    }

    /// Finishes or undoes each import a process stopped midway (see `ImportIntent`): when the pin
    /// list holds its pins (it was committed), their names are written; when it does not, its
    /// albums, which no list names, are removed. Runs where no import can be under way: holding a
    /// folder's lock, or (on a bucket) for intents older than `gracePeriod` (the backend's by
    /// default). Returns how many imports it finished and undid, and the pin ids of those it left
    /// alone (younger than the grace period: maybe under way on another machine).
    @discardableResult
    func finishImports(gracePeriod: TimeInterval? = nil, now: Date = Date()) throws(StoreError) -> (
        finished: Int, undone: Int, pending: Set<String>
    ) {
        let intents = try importIntents()
        guard !intents.isEmpty else { return (0, 0, []) }
        let cutoff = now.addingTimeInterval(-(gracePeriod ?? backend.features.gracePeriod))
        let listed = Set(try pinList.load().map(\.id))
        let transaction = StoreTransaction(store: self)
        var finished = 0, undone = 0
        var pending: Set<String> = []
        for (object, intent) in intents {
            guard (object.modified ?? .distantPast) <= cutoff else {
                pending.formUnion(intent.pins.map(\.id))
                continue
            }
            let committed = intent.pins.filter { listed.contains($0.id) }
            if committed.isEmpty {
                for entry in intent.pins { try backend.remove(albumKey(entry.id)) }
                undone += 1
            } else {
                try transaction.claimNames(committed)
                finished += 1
            }
            try backend.remove(object.key)
        }
        return (finished, undone, pending)
    }

    /// What `init` does about interrupted imports: in a folder, whose lock keeps a running import
    /// out, they are finished or undone before anything reads the store; the lock is taken only
    /// when one is there. (On a bucket `store gc` and `store repair` do it.) A failure leaves them
    /// for the next process.
    func finishImportsOnOpen() {
        guard canLock, readOnlyReason == nil,
            let page = try? backend.list(ImportIntent.prefix, continuation: nil, details: false), !page.objects.isEmpty
        else { return }
        _ = try? exclusively { try finishImports() }
    }
}
