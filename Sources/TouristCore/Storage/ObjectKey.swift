/// A key of the store's layout (see `Store`): the relative path of an object, such as
/// `index/albums/ID.json` or `blobs/sha256/ab/abcdef…`, with the kind of object it names, which
/// decides how a cache keeps it (`CachingStore`). The layout gives each key its kind where it
/// makes it; a listing gives each key the kind of its prefix. Nothing reads a kind from a path.
public struct ObjectKey: Hashable, Sendable, CustomStringConvertible {
    /// What an object holds.
    public enum Kind: Sendable {
        /// Photo bytes, named by their hash: never changed once written.
        case blob
        /// The index, VERSION, log records, intents and leases, which change.
        case index
        /// A front end's document.
        case state
    }

    public let kind: Kind
    /// The relative path: only a backend turns it into a file path or a URL.
    public let path: String

    public init(_ kind: Kind, _ path: String) {
        self.kind = kind
        self.path = path
    }

    /// A blob's key.
    public static func blob(_ path: String) -> ObjectKey { ObjectKey(.blob, path) }

    /// An index object's key.
    public static func index(_ path: String) -> ObjectKey { ObjectKey(.index, path) }

    /// A front end's document's key.
    public static func state(_ path: String) -> ObjectKey { ObjectKey(.state, path) }

    /// The whole store, as a prefix to list: its keys are given as index objects' (listing it
    /// serves only to see whether a store is there).
    public static let everything = ObjectKey(.index, "")

    /// The key `suffix` after this one (a prefix), of this one's kind.
    public func appending(_ suffix: String) -> ObjectKey {
        ObjectKey(kind, path + suffix)
    }

    public var description: String { path }
}
