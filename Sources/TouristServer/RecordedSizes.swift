import Synchronization
import TouristCore

/// The sizes that the albums this server has shown record for their photos, by hash. `BlobRoutes`
/// holds a download from a remote store against them (`BlobReading.checkedFile`), so an object that
/// another client replaced with a larger one is refused before its body comes, and one of any other
/// size is named as such. They are learnt as albums and photo pages are answered (a page asks for an
/// album before its photos). A photo never shown is read without one, still checked against its
/// hash. At most `capacity` hashes are held: the older half is forgotten when the newer fills up.
final class RecordedSizes: Sendable {
    private struct State {
        var newer: [BlobName: Int] = [:]
        var older: [BlobName: Int] = [:]
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 200_000) {
        self.capacity = capacity
    }

    /// Learns the size that every stored photo of `photos` records (and each of its kept views and
    /// derived images).
    func learn(_ photos: [AlbumPhoto]) {
        learn(
            photos.flatMap { photo -> [(sha256: String, bytes: Int)] in
                var sizes = (photo.views ?? []).map { ($0.sha256, $0.bytes) } + (photo.derived ?? []).map { ($0.sha256, $0.bytes) }
                if photo.state == .stored, let sha256 = photo.sha256, let bytes = photo.bytes { sizes.append((sha256, bytes)) }
                return sizes
            })
    }

    /// Learns the size of a kept view (a photo page's larger size).
    func learn(_ view: PhotoView) {
        learn([(view.sha256, view.bytes)])
    }

    /// Learns the size of a derived image (a thumbnail or preview made on request).
    func learn(_ image: DerivedImage) {
        learn([(image.sha256, image.bytes)])
    }

    private func learn(_ sizes: [(sha256: String, bytes: Int)]) {
        guard !sizes.isEmpty else { return }
        state.withLock { state in
            for (sha256, bytes) in sizes {
                guard let name = BlobName(Substring(sha256)) else { continue }
                if state.newer.count >= max(1, capacity / 2) {
                    state.older = state.newer
                    state.newer = [:]
                }
                state.newer[name] = bytes
            }
        }
    }

    /// The size recorded for blob `name`, or nil when no album shown here holds it.
    func size(of name: BlobName) -> Int? {
        state.withLock { $0.newer[name] ?? $0.older[name] }
    }
}
