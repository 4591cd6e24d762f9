/// A store problem: a message that names the path, and what to do (`remedy`).
public struct StoreError: ClassifiedError, Sendable, Equatable {
    /// What kind of problem, for the exit code.
    public enum Kind: Sendable, Equatable {
        /// The store path cannot be used as a store (a file, not writable, not a tourist store).
        case unusable
        /// The store was written by a newer tourist.
        case newerVersion
        /// Another process holds the lock longer than we wait.
        case busy
        /// A read or write failed.
        case io
        /// An index file is not what this version writes.
        case corrupt
        /// A pin or photo named on the command line does not exist.
        case notFound
        /// The request conflicts with what is stored (a pin name already used, say).
        case conflict
        /// The store's server refused the credentials (a wrong key, a denied bucket).
        case unauthorized
        /// The store's server cannot be reached or does not answer (it keeps failing).
        case unavailable
    }

    public let kind: Kind
    /// What happened, naming the path or key; no command (see `remedy`).
    public let message: String
    public let remedy: Remedy?

    public init(_ kind: Kind, _ message: String, remedy: Remedy? = nil) {
        self.kind = kind
        self.message = message
        self.remedy = remedy
    }

    public var facts: String { message }
    public var description: String { factsAndRemedy }

    /// The store's kinds of problem in the vocabulary every front end maps.
    public var failureClass: FailureClass {
        switch kind {
        case .unusable: .cannotCreate
        case .newerVersion, .corrupt: .badData
        case .busy: .busy
        case .io: .io
        case .notFound: .notFound
        case .conflict: .conflict
        case .unauthorized: .unauthorized
        case .unavailable: .unavailable
        }
    }
}
