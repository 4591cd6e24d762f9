import Logging

/// The pin a task fetches for, so that the log lines said while several pins are fetched at once
/// (`Library.fetchAll`) name their pin: a task-local value that the tasks a fetch starts inherit,
/// given to log handlers as metadata by `metadataProvider` (the CLI starts `--verbose` lines with
/// `pin ID:`).
public enum FetchingPin {
    /// The pin's id, inside one pin's fetch of `fetchAll`; nil elsewhere.
    @TaskLocal public static var id: String?

    /// The metadata key `metadataProvider` gives the pin's id under.
    public static let metadataKey = "pin"

    /// `["pin": ID]` inside one pin's fetch of `fetchAll`, else no metadata.
    public static let metadataProvider = Logger.MetadataProvider {
        id.map { [metadataKey: .string($0)] } ?? [:]
    }
}
