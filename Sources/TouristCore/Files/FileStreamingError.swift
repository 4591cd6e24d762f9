/// Why `FileStreaming` could not stream a local file. Each user words it in its own layer's error:
/// a provider as a `ProviderError`, a store as a `StoreError`.
public struct FileStreamingError: ClassifiedError, Sendable, Equatable {
    /// What failed.
    public enum Reason: Sendable, Equatable {
        /// The file could not be opened (missing, or not readable).
        case cannotOpen
        /// The path names something other than a regular file (a folder, a FIFO, a device).
        case notARegularFile
        /// A read failed midway.
        case readFailed
    }

    /// What failed.
    public let reason: Reason
    /// What failed, naming the path and the system's words.
    public let message: String

    /// An error for `reason`, saying `message`.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The file cannot be had at all (it cannot be opened, or is not a regular file), rather than
    /// failing midway.
    public var isMissing: Bool { reason != .readFailed }

    /// The message: the path and the system's words.
    public var description: String { message }

    /// A file that cannot be had is missing input; a read that fails midway is I/O.
    public var failureClass: FailureClass { isMissing ? .missingInput : .io }
}
