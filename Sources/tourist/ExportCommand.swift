import ArgumentParser
import Foundation
import TouristCore

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Copy a pin's stored photos to a folder with readable names and a JSON sidecar each."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The pin's id or name.") var pin: String
    @Argument(help: "The folder to write to (created when missing).") var directory: String

    func run() async throws {
        try await Session.run(global) { session in
            let (store, album) = try session.openAlbum(pin)
            let folder = PathResolution.resolve(directory, environment: session.environment, relativeTo: session.workingDirectory)
            let encoder = Session.jsonEncoder()
            var files: [String] = []
            var refused: [String] = []
            let stored = album.photos.filter { $0.state == .stored }
            let digits = max(2, String(stored.count).count)
            for (index, photo) in stored.enumerated() {
                guard let sha256 = photo.sha256 else { continue }
                let number = String(repeating: "0", count: max(0, digits - String(index + 1).count)) + String(index + 1)
                let base = "\(folder)/\(number) \(Self.safeName(photo.candidate.title)) (\(Self.safeName(photo.key.description)))"
                let image = base + "." + ImageFormat.fileExtension(for: photo.mimeType)
                let sink = try FileSink(directory: folder, maxBytes: Int.max)
                do {
                    try store.blobs.copyVerified(sha256, photo: photo.key.description, into: sink)
                } catch let error as StoreError {
                    // Every good photo is still exported; the damaged or missing ones are named below.
                    refused.append(error.message)
                    continue
                }
                _ = try sink.move(to: image)
                let sidecar = Sidecar(pin: album.pin, photo: PhotoJSON(photo: photo, store: store))
                let json = try FileSink(directory: folder, maxBytes: Int.max)
                try json.write(try encoder.encode(sidecar) + Data("\n".utf8))
                _ = try json.move(to: base + ".json")
                files.append(image)
            }
            if session.options.json {
                try session.printJSON(ExportJSON(pin: album.pin.id, directory: folder, files: files))
            } else {
                session.say("Exported \(files.count) photo\(files.count == 1 ? "" : "s") of \"\(album.pin.name)\" to \(folder)")
            }
            guard refused.isEmpty else {
                throw CommandFailure(message: refused.joined(separator: "\ntourist: "), exitCode: ExitStatus.dataError)
            }
            return 0
        }
    }

    /// A file-name-safe version of a title: no slashes or control characters, at most 80 characters.
    static func safeName(_ text: String) -> String {
        let cleaned = String(text.map { $0 == "/" || $0 == "\\" || $0 == ":" || $0.asciiValue.map { $0 < 0x20 } == true ? "_" : $0 })
            .trimmingCharacters(in: .whitespaces)
        let trimmed = String(cleaned.prefix(80))
        return trimmed.isEmpty || trimmed.hasPrefix(".") ? "_" + trimmed : trimmed
    }

    /// What each sidecar holds: the pin, and the photo as `album --json` shows it.
    struct Sidecar: Encodable {
        var pin: Pin
        var photo: PhotoJSON
    }

    struct ExportJSON: Encodable {
        var pin: String
        var directory: String
        var files: [String]
    }
}
