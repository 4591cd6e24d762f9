import Foundation

/// One page of a ListObjectsV2 answer (`ListBucketResult`), its keys as S3 gives them (with the
/// location's prefix), in S3's byte order. Package-visible for the fuzzing door `s3-listing`.
package struct S3ListPage {
    package struct Entry {
        package let key: String
        package let size: Int?
        package let modified: Date?
        /// The ETag without its quotes.
        package let etag: String?
    }

    package let entries: [Entry]
    /// `NextContinuationToken` when the listing goes on (`IsTruncated`), else nil.
    package let continuation: String?

    /// Reads `body`; nil when it is not a ListBucketResult, or says it goes on without saying where.
    package init?(parsing body: Data) {
        guard let root = S3XMLElement.parse(body), root.name == "ListBucketResult" else { return nil }
        var entries: [Entry] = []
        for element in root.children where element.name == "Contents" {
            guard let key = element.text(of: "Key") else { return nil }
            entries.append(
                Entry(
                    key: key, size: element.text(of: "Size").flatMap { Int($0) },
                    modified: element.text(of: "LastModified").flatMap(S3Dates.iso8601),
                    etag: element.text(of: "ETag").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }))
        }
        self.entries = entries
        guard root.text(of: "IsTruncated") == "true" else {
            continuation = nil
            return
        }
        guard let token = root.text(of: "NextContinuationToken"), !token.isEmpty else { return nil }
        continuation = token
    }
}
