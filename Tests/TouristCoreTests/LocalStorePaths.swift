@testable import TouristCore

/// Where a store in a local folder keeps things, for tests that damage its files by hand.
extension Store {
    var root: String { (backend as? LocalBackend)?.root ?? "" }

    func albumPath(_ id: String) -> String { root + "/" + albumKey(id).path }

    func refsPath(_ sha256: String) -> String { root + "/" + refsKey(sha256).path }
}

extension BlobStore {
    /// The file of blob `sha256` in a local store.
    func path(of sha256: String) -> String { location(of: sha256) }

    var temporaryArea: TemporaryArea? { staging }
}
