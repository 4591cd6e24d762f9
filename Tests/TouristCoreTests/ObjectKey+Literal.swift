@testable import TouristCore

/// A key written as text in a test, of the kind the store's layout gives it: a blob's under
/// `blobs/`, a document's under `state/`, else an index object's.
extension ObjectKey: ExpressibleByStringInterpolation {
    public init(stringLiteral path: String) {
        self.init(testPath: path)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(testPath: String(stringInterpolation: stringInterpolation))
    }

    /// The key at `path`, of the kind the store's layout gives it.
    init(testPath path: String) {
        self.init(path.hasPrefix("blobs/") ? .blob : path.hasPrefix("state/") ? .state : .index, path)
    }
}
