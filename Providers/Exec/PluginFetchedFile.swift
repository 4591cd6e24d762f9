import Crypto
import Foundation
import Glibc
import TouristCore

/// The checks a photo written by a plugin passes before it can enter the store: the size the
/// plugin reported is the file's size, within `downloads.maxPhotoBytes`; the bytes start like an
/// image; and their SHA-256 is the one reported, when one was. The file is copied into the sink
/// (which hashes it again for the store) in the same pass; the sink is committed only when every
/// check passed.
enum PluginFetchedFile {
    /// A `fetch` result: `{"bytes": 123, "mime": "image/jpeg", "sha256": "hex" or null}`.
    struct Report: Sendable {
        var bytes: Int
        var sha256: String?
        /// Where the bytes came from, for the log (an addition to the protocol; optional).
        var source: String?

        init(_ result: JSONValue, plugin: String) throws(ProviderError) {
            guard case .number(let number) = result["bytes"] ?? .null, let bytes = Int(exactly: number), bytes >= 0 else {
                throw .invalidResponse("plugin \(plugin) answered fetch without \"bytes\" (the number of bytes it wrote)")
            }
            self.bytes = bytes
            switch result["sha256"] ?? .null {
            case .null: sha256 = nil
            case .string(let hex) where hex.count == 64 && hex.allSatisfy(\.isHexDigit): sha256 = hex.lowercased()
            default: throw .invalidResponse("plugin \(plugin) answered fetch with a \"sha256\" that is not 64 hex digits or null")
            }
            source = result["source"]?.stringValue.map { PluginText.printable($0, limit: 200) }
        }
    }

    /// Checks `file` against `report` while copying it into `sink` (see above).
    static func check(_ file: ScratchFile, report: Report, photo: PhotoKey, plugin: String, maxBytes: Int, into sink: any BlobSink)
        async throws
    {
        try await BlockingIO.run { try copy(file, report: report, photo: photo, plugin: plugin, maxBytes: maxBytes, into: sink) }
    }

    /// One pass over the file: the first bytes checked as an image's, every byte hashed and handed
    /// to the sink, then the count and hash compared with the report. A mismatch throws, and the
    /// caller discards the sink, so nothing unchecked enters the store.
    private static func copy(_ file: ScratchFile, report: Report, photo: PhotoKey, plugin: String, maxBytes: Int, into sink: any BlobSink)
        throws
    {
        var info = stat()
        guard fstat(file.fd, &info) == 0 else { throw StoreError(.io, "cannot read \(file.path): \(String(cString: strerror(errno)))") }
        let written = Int(info.st_size)
        guard written <= maxBytes else {
            throw ProviderError.tooLarge(
                "plugin \(plugin) wrote \(written) bytes for \(photo), more than downloads.maxPhotoBytes (\(maxBytes))")
        }
        guard written == report.bytes else {
            throw ProviderError.invalidResponse("plugin \(plugin) wrote \(written) bytes for \(photo) but reported \(report.bytes)")
        }
        var hasher = SHA256()
        var checkedHead = false
        let read = try stream(file.fd, count: written, path: file.path) { chunk in
            if !checkedHead {
                checkedHead = true
                let head = Array(chunk.prefix(32))
                guard ImageFormat.mimeType(of: head) != nil else {
                    let start = head.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
                    throw ProviderError.invalidResponse(
                        "plugin \(plugin) wrote bytes that are not an image for \(photo) (no JPEG, PNG, GIF, WebP, TIFF, HEIC or AVIF signature; they start \(start))"
                    )
                }
            }
            hasher.update(bufferPointer: chunk)
            try sink.write(chunk)
        }
        guard read == report.bytes else {
            throw ProviderError.invalidResponse(
                "plugin \(plugin) wrote \(read) bytes for \(photo) but reported \(report.bytes) (the file changed after its answer)")
        }
        guard read > 0 else {
            throw ProviderError.invalidResponse("plugin \(plugin) wrote no bytes for \(photo)")
        }
        let actual = Hex.string(hasher.finalize())
        if let expected = report.sha256, actual != expected {
            throw ProviderError.invalidResponse(
                "plugin \(plugin) wrote bytes for \(photo) whose sha256 is \(actual), not the \(expected) it reported")
        }
    }

    /// Hands the file's bytes, up to `count` of them, to `body` in chunks; returns how many there
    /// were (fewer when the file shrank).
    private static func stream(_ fd: Int32, count: Int, path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FileStreaming.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < count {
            let read = pread(fd, buffer.baseAddress, min(buffer.count, count - offset), off_t(offset))
            if read < 0, errno == EINTR { continue }
            if read < 0 { throw StoreError(.io, "cannot read \(path): \(String(cString: strerror(errno)))") }
            if read == 0 { break }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<read]))
            offset += read
        }
        return offset
    }
}
