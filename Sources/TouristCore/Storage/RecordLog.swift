/// An append-only log of records (one line each, no line break), such as the pin list's journal
/// (see `PinList`): appends never lose one another, a reader sees the records in the order they
/// were appended, and a trim removes only what a reader saw.
public protocol RecordLog: Sendable {
    /// Appends `record`; returns whether the log has grown enough that its owner should fold it
    /// into its snapshot (the object `snapshot`, whose size a log may weigh against its own).
    func append(_ record: [UInt8], foldingBeside snapshot: ObjectKey) throws(StoreError) -> Bool

    /// Every record, oldest first, with the position `trim` removes through.
    func read() throws(StoreError) -> LogRead

    /// Removes the records up to and including `position`; later records stay.
    func trim(through position: LogPosition) throws(StoreError)

    /// A value that changes whenever the log does (an append or a trim), cheaper than reading it.
    func version() throws(StoreError) -> String
}

/// The ability of a medium that keeps logs itself, cheaper than one object a record (a local
/// folder appends to a file). Any other store's logs are `ObjectLog`s.
public protocol NativeLogs: ObjectStore {
    /// The log under `key`.
    func log(_ key: ObjectKey) -> any RecordLog
}

extension ObjectStore {
    /// The log under `key`: the medium's own where it keeps logs, else one object a record.
    public func recordLog(_ key: ObjectKey) -> any RecordLog {
        ability((any NativeLogs).self)?.log(key) ?? ObjectLog(store: self, key: key)
    }
}

/// Where a reader of a log stopped, for `RecordLog.trim`: opaque to callers.
public struct LogPosition: Sendable, Equatable {
    let value: String
}

/// The records of a log and where they end.
public struct LogRead: Sendable {
    public let records: [[UInt8]]
    public let end: LogPosition?
}
