import Crypto
import Foundation
import TouristCore

/// Passes a download on to `sink` while hashing it with SHA-1, the hash Commons lists for every
/// original, so a damaged or substituted original is caught before the store keeps it.
final class CommonsChecksumSink: BlobSink {
    private let sink: any BlobSink
    private var hasher = Insecure.SHA1()

    init(_ sink: any BlobSink) {
        self.sink = sink
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        try sink.write(bytes)
    }

    /// The SHA-1 of everything written, in lowercase hex.
    func finish() -> String {
        Hex.string(hasher.finalize())
    }
}
