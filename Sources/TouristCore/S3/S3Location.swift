/// Where a store on S3-compatible object storage lives, as `--store s3://BUCKET/PREFIX` names it:
/// a bucket, and a prefix under which the store's keys go (empty for the bucket's top).
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
    public let bucket: String
    /// Without a leading or trailing `/`; empty for the bucket's top.
    public let prefix: String

    /// Parses `s3://BUCKET` or `s3://BUCKET/PREFIX`; the message of a refusal names the text and the fix.
    public init(parsing text: String) throws(S3SettingsError) {
        guard text.hasPrefix("s3://") else {
            throw S3SettingsError("\(text) is not an S3 location: write s3://BUCKET or s3://BUCKET/PREFIX")
        }
        let rest = text.dropFirst("s3://".count)
        let bucket = String(rest.prefix { $0 != "/" })
        guard Self.isBucketName(bucket) else {
            throw S3SettingsError(
                "\(text): \"\(bucket)\" is not a bucket name: use 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit"
            )
        }
        let path = rest.dropFirst(bucket.count).split(separator: "/", omittingEmptySubsequences: true)
        guard !path.contains(where: { $0 == "." || $0 == ".." }), !path.contains(where: { $0.contains(where: \.isNewline) }) else {
            throw S3SettingsError("\(text): the prefix may not hold \".\", \"..\" or a line break; name a plain folder-like path")
        }
        self.bucket = bucket
        prefix = path.joined(separator: "/")
    }

    /// The object key of `path` (a store path such as `index/pins.json`) under the prefix.
    public func key(_ path: String) -> String { prefix.isEmpty ? path : prefix + "/" + path }

    public var description: String { prefix.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(prefix)" }

    /// S3's rules for bucket names (path-style addressing works with any of them).
    static func isBucketName(_ name: String) -> Bool {
        let allowed = name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 45 }
        let edges = [name.utf8.first, name.utf8.last].allSatisfy { $0.map { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) } ?? false }
        return (3...63).contains(name.utf8.count) && allowed && edges && !name.contains("..")
    }
}

/// An S3 location or the settings to reach it cannot be used; the message says what to fix and
/// never holds a secret.
public struct S3SettingsError: ClassifiedError, Sendable, Equatable {
    public let description: String
    public var failureClass: FailureClass { .config }
    init(_ description: String) { self.description = description }
}
