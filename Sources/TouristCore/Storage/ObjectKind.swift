/// What an object of the store's layout (see `Store`) holds, which decides how a cache keeps it
/// (`CachingStore`): the layout names the kinds, the cache never looks at a key's text.
public enum ObjectKind: Sendable, Equatable {
    /// Photo bytes under `blobs/`, named by their hash: never changed once written.
    case blob
    /// A front end's document under `state/`.
    case state
    /// Anything else: the index, VERSION, log records, intents and leases, which change.
    case index

    /// The kind of the object under `key` in the store's layout.
    public init(ofKey key: String) {
        if key.hasPrefix(BlobStore.prefix) {
            self = .blob
        } else {
            self = key.hasPrefix(Store.statePrefix) ? .state : .index
        }
    }
}
