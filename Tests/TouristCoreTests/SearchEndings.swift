import Synchronization
@testable import TouristCore

/// A provider that passes every request on to `inner` and records how each search ended:
/// answered, failed, or cancelled by its caller. The tests of time-outs see with it that a slow
/// search was cut short, not waited for, without timing anything.
final class SearchEndings: PhotoProvider {
    enum Ending: Equatable, Sendable { case answered, failed, cancelled }

    let inner: any PhotoProvider
    private let endings = Mutex<[Ending]>([])

    init(_ inner: any PhotoProvider) { self.inner = inner }

    /// The endings of the searches so far, in order.
    var recorded: [Ending] { endings.withLock { $0 } }

    var name: String { inner.name }

    func search(_ query: GeoQuery) async throws -> SearchPage {
        do {
            let page = try await inner.search(query)
            endings.withLock { $0.append(.answered) }
            return page
        } catch {
            endings.withLock { $0.append(error is CancellationError ? .cancelled : .failed) }
            throw error
        }
    }

    func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        try await inner.fetch(photo, size: size, into: sink)
    }
}

extension ConfiguredProvider {
    /// This entry's provider, its searches recorded by `endings`.
    func recording(_ endings: SearchEndings) -> ConfiguredProvider {
        ConfiguredProvider(entry: entry, provider: endings)
    }
}
