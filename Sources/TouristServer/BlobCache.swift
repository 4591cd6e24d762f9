import HTTPTypes
import Hummingbird
import Synchronization

/// The thumbnails served most recently, in memory: the first step of the seed apps' memory →
/// disk → network order (the store is the disk, the providers the network). Blobs never change
/// (their name is their hash), so an entry never goes stale; the least recently used go first once
/// `capacity` bytes are held. Large blobs (over `largest` bytes) are not kept.
final class BlobCache: Sendable {
    struct Entry: Sendable {
        let bytes: ByteBuffer
        /// The headers of the whole photo's answer, made once.
        let headers: HTTPFields
    }

    private struct State {
        var entries: [BlobName: (entry: Entry, lastUse: UInt64)] = [:]
        var held = 0
        var clock: UInt64 = 0
    }

    let capacity: Int
    let largest: Int
    private let state = Mutex(State())

    init(capacity: Int = 64 << 20, largest: Int = 2 << 20) {
        self.capacity = capacity
        self.largest = largest
    }

    func entry(_ sha256: BlobName) -> Entry? {
        state.withLock { state in
            guard let found = state.entries[sha256] else { return nil }
            state.clock += 1
            state.entries[sha256]?.lastUse = state.clock
            return found.entry
        }
    }

    func insert(_ sha256: BlobName, _ entry: Entry) {
        let size = entry.bytes.readableBytes
        guard size <= largest else { return }
        state.withLock { state in
            guard state.entries[sha256] == nil else { return }
            while state.held + size > capacity, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.held -= oldest.value.entry.bytes.readableBytes
                state.entries[oldest.key] = nil
            }
            state.clock += 1
            state.entries[sha256] = (entry, state.clock)
            state.held += size
        }
    }
}
