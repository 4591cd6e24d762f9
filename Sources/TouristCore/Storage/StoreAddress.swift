import Foundation

/// Where a store is, as `--store`, `TOURIST_STORE` or the config's `store` name it: a local folder
/// (a path) or an S3 bucket and prefix (`s3://BUCKET/PREFIX`), with what this machine keeps for it.
public enum StoreAddress: Sendable, Equatable, CustomStringConvertible {
    case folder(String)
    case s3(S3Location)

    /// Reads `text`: an `s3://` URL, or a path (`~` and relative paths resolved against
    /// `workingDirectory`). A malformed S3 URL is refused with the fix.
    public init(_ text: String, environment: [String: String], relativeTo workingDirectory: String) throws(S3SettingsError) {
        if text.lowercased().hasPrefix("s3://") {
            self = .s3(try S3Location(parsing: text))
        } else {
            self = .folder(PathResolution.resolve(text, environment: environment, relativeTo: workingDirectory))
        }
    }

    public var description: String {
        switch self {
        case .folder(let path): path
        case .s3(let location): location.description
        }
    }

    /// The local folder of this machine's own files for the store: for a folder, the store's
    /// `state/`; for S3, `$XDG_STATE_HOME/tourist/s3/BUCKET/PREFIX` (else `~/.local/state/…`).
    /// Providers keep their request logs there (each machine counts its own requests).
    public func stateDirectory(environment: [String: String]) -> String {
        switch self {
        case .folder(let path): Store.stateDirectory(ofStoreAt: path)
        case .s3(let location): Self.home("XDG_STATE_HOME", ".local/state", environment) + "/tourist/s3/" + location.folderName
        }
    }

    /// The local folder that caches what the store holds and stages uploads:
    /// `$XDG_CACHE_HOME/tourist/s3/BUCKET/PREFIX` (else `~/.cache/…`); nil for a local folder.
    public func cacheDirectory(environment: [String: String]) -> String? {
        switch self {
        case .folder: nil
        case .s3(let location): Self.home("XDG_CACHE_HOME", ".cache", environment) + "/tourist/s3/" + location.folderName
        }
    }

    /// Opens the store, creating it when the place is empty. `lockTimeout` is how long a local
    /// store waits for another process's lock; credentials, region and endpoint for S3 come from
    /// `environment` and the AWS files, as `S3Settings` reads them (`TOURIST_S3_TIMEOUT_SECONDS`
    /// there shortens the time-out of requests that move no blob, see `S3Backend.timeLimits`).
    public func open(environment: [String: String], lockTimeout: Double = 10, rewritingDamagedVersion: Bool = false) throws -> Store {
        switch self {
        case .folder(let path):
            return try Store(path: path, lockTimeout: lockTimeout, rewritingDamagedVersion: rewritingDamagedVersion)
        case .s3(let location):
            let settings = try S3Settings.resolve(environment: environment)
            let cache = cacheDirectory(environment: environment) ?? ""
            let bucket = S3Backend(location: location, settings: settings, timeLimits: S3Backend.timeLimits(environment: environment))
            let copies = ObjectCache(
                directory: cache, capacity: ObjectCache.capacity(environment: environment),
                confirmationLifetime: ObjectCache.confirmationLifetime(environment: environment)
            )
            return try Store(
                backend: CachingStore(wrapping: bucket, cache: copies), staging: TemporaryArea(root: cache),
                stateDirectory: stateDirectory(environment: environment), rewritingDamagedVersion: rewritingDamagedVersion
            )
        }
    }

    private static func home(_ variable: String, _ fallback: String, _ environment: [String: String]) -> String {
        if let value = environment[variable], value.hasPrefix("/") { return value }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/" + fallback
    }
}

extension S3Location {
    /// `BUCKET` or `BUCKET/PREFIX`, as a relative folder path for this machine's files.
    var folderName: String { prefix.isEmpty ? bucket : bucket + "/" + prefix }
}
