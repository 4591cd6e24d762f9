import Foundation
import Synchronization

/// Work on every core for the store's whole-store passes (verify, repair) and batched writes
/// (`pin import`): items are handed out in chunks from a shared counter, so a slow item does not
/// hold up a core's share.
enum ParallelWork {
    /// `transform` of every element of `items`, in their order, computed on every core (or on
    /// `workers` threads, for work that waits on the network more than it computes).
    static func map<T: Sendable, U: Sendable>(_ items: [T], chunk: Int = 64, workers: Int? = nil, _ transform: @Sendable (T) -> U) -> [U] {
        let chunks = (items.count + chunk - 1) / chunk
        guard chunks > 1 else { return items.map(transform) }
        let workers = min(workers ?? ProcessInfo.processInfo.activeProcessorCount, chunks)
        let next = Atomic<Int>(0)
        let done = Mutex<[[U]?]>(Array(repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < chunks else { return }
                let part = items[(index * chunk)..<min(items.count, (index + 1) * chunk)].map(transform)
                done.withLock { $0[index] = part }
            }
        }
        return done.withLock { $0.flatMap { $0 ?? [] } }
    }

    /// As `map`, for a `transform` that can fail: once every element is done, the first failure in
    /// `items`' order is thrown.
    static func mapThrowing<T: Sendable, U: Sendable, E: Error>(
        _ items: [T], chunk: Int = 64, workers: Int? = nil, _ transform: @Sendable (T) throws(E) -> U
    ) throws(E) -> [U] {
        try map(items, chunk: chunk, workers: workers) { item in Result { () throws(E) in try transform(item) } }
            .map { (result) throws(E) in try result.get() }
    }
}
