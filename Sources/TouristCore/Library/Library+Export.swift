import Foundation

/// What `Library.export` wrote, and what it could not.
public struct ExportResult: Sendable {
    /// The photo files written, in album order (each has a `.json` sidecar beside it).
    public var files: [String] = []
    /// Why photos were left out: a damaged or missing file, each with its remedy.
    public var refused: [StoreError] = []
}

extension Library {
    /// Copies pin `id`'s stored photos to `folder` (made when missing) as `NN TITLE.EXT`
    /// (`ExportFileName`), numbered in album order (a route's: the order of its line),
    /// each with a JSON sidecar holding the pin and the photo as `album --json` shows it (its `path`
    /// the exported file's). Every
    /// photo is checked against its hash while copied; a damaged or missing one is left out and
    /// named in `refused`, the others are still exported.
    public func export(pin id: String, to folder: String) throws -> ExportResult {
        let album = try store.album(id)
        let encoder = MachineJSON.encoder()
        var result = ExportResult()
        let stored = album.photos.filter { $0.state == .stored }
        let digits = max(2, String(stored.count).count)
        for (index, photo) in stored.enumerated() {
            guard let sha256 = photo.sha256 else { continue }
            let base = folder + "/" + ExportFileName.base(number: index + 1, digits: digits, title: photo.candidate.title)
            let image = base + "." + ImageFormat.fileExtension(for: photo.mimeType)
            let sink = try FileSink(directory: folder, maxBytes: Int.max)
            do {
                try blobs.copyVerified(sha256, photo: photo.key.description, expectedSize: photo.bytes, into: sink)
            } catch let error as StoreError {
                result.refused.append(error)
                continue
            }
            _ = try sink.move(to: image)
            var exported = album.photoJSON(photo, store: store)
            exported.stored?.path = image  // the exported file, not the store's
            let sidecar = ExportSidecar(pin: album.pin, photo: exported)
            let json = try FileSink(directory: folder, maxBytes: Int.max)
            try json.write(try encoder.encode(sidecar) + Data("\n".utf8))
            _ = try json.move(to: base + ".json")
            result.files.append(image)
        }
        return result
    }
}

/// What each export sidecar holds: the pin, and the photo as `album --json` shows it.
struct ExportSidecar: Encodable {
    var pin: Pin
    var photo: PhotoJSON
}
