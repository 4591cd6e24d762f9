/// Which pending photo downloads next: providers take turns, and no provider has more transfers
/// running than its `concurrency`, so a photo never waits for a slot once started (its download's
/// time-out measures the transfer alone) and one provider's backlog does not hold back another's.
/// A value type: `next()` and `finished(_:)` are the whole protocol.
struct DownloadQueue {
    private var queues: [(provider: String, photos: ArraySlice<AlbumPhoto>)] = []
    private var running: [String: Int] = [:]
    private let limits: [String: Int]
    /// The provider whose turn it is next.
    private var turn = 0

    /// `photos` in album order; `limits` are the providers' `concurrency` (a provider without one
    /// is bounded only by the caller's overall limit).
    init(_ photos: [AlbumPhoto], limits: [String: Int]) {
        self.limits = limits
        var positions: [String: Int] = [:]
        var grouped: [(provider: String, photos: [AlbumPhoto])] = []
        for photo in photos {
            if let index = positions[photo.key.provider] {
                grouped[index].photos.append(photo)
            } else {
                positions[photo.key.provider] = grouped.count
                grouped.append((photo.key.provider, [photo]))
            }
        }
        queues = grouped.map { ($0.provider, ArraySlice($0.photos)) }
    }

    /// The next photo whose provider has a free slot (marked running), or nil when every provider
    /// with photos left is at its limit, or none is left.
    mutating func next() -> AlbumPhoto? {
        for step in 0..<queues.count {
            let index = (turn + step) % queues.count
            let provider = queues[index].provider
            guard let photo = queues[index].photos.first, running[provider, default: 0] < limits[provider, default: .max] else { continue }
            queues[index].photos.removeFirst()
            running[provider, default: 0] += 1
            turn = index + 1
            return photo
        }
        return nil
    }

    /// A transfer of `provider`'s ended: its slot is free.
    mutating func finished(_ provider: String) {
        running[provider, default: 1] -= 1
    }
}
