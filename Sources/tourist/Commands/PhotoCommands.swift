import ArgumentParser
import Foundation
import TouristCore

struct PhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photo",
        abstract: "Remove photos from an album, or get a larger version of one.",
        subcommands: [Remove.self, Get.self]
    )

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove photos from a pin's album; they never come back in later collections."
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The pin's id or name.", completion: Completions.pins) var pin: String
        @Argument(help: "Photos by their number or their id (provider:id), as `album` shows them.") var photos: [String]

        func validate() throws {
            guard !photos.isEmpty else {
                throw ValidationError(
                    "name at least one photo to remove, by its number or its id (provider:id) as `tourist album PIN` shows them")
            }
        }

        func run() async throws {
            try await Session.run(global) { session in
                let library = try session.library()
                let id = try library.resolvePin(pin)
                let keys: [PhotoKey]
                do {
                    keys = try library.photoKeys(photos, inPin: id)
                } catch {
                    // `photo rm Eiffel Tower 3`: "Eiffel" found the pin by a prefix, and "Tower" is no photo.
                    throw SplitName.refine(error, words: [pin] + photos, library: library, command: "photo rm")
                }
                let deleted = try library.removePhotos(keys, fromPin: id)
                if session.options.json {
                    try session.printJSON(Removal(pin: id, removed: keys.map(\.description), deletedFiles: deleted))
                } else {
                    session.say(
                        "Removed \(Plural.count(keys.count, "photo")) (\(library.store.filesGone(deleted: deleted))); they will not come back in new collections."
                    )
                }
                return 0
            }
        }
    }

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Download one size of a photo to a file.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photo as provider:id.") var photo: String
        @Option(
            name: .long,
            help: ArgumentHelp("Size, by its longest edge: \(PhotoSize.explained); the nearest available is used.", valueName: "size"))
        var size: String = PhotoSize.large1024.rawValue
        @Option(name: .shortAndLong, help: ArgumentHelp("Where to write it (default: ./PROVIDER-ID-SIZE.EXT).", valueName: "path"))
        var output: String?
        @Flag(name: .long, help: "Replace the file if it exists.")
        var force = false

        func validate() throws {
            guard PhotoKey(photo) != nil else {
                throw ValidationError("\"\(photo)\" is not a photo id; write provider:id as `tourist album PIN` prints it")
            }
            guard PhotoSize(rawValue: size) != nil else {
                throw ValidationError("--size \(size) is not a size; use one of: \(PhotoSize.allLetters)")
            }
        }

        func run() async throws {
            try await Session.run(global) { session in
                guard let key = PhotoKey(photo), let wanted = PhotoSize(rawValue: size) else { return ExitStatus.usage }
                let explicit = output.map {
                    PathResolution.resolve($0, environment: session.environment, relativeTo: session.workingDirectory)
                }
                let folder = explicit.map { ($0 as NSString).deletingLastPathComponent } ?? session.workingDirectory
                let library = try session.library()
                guard let copy = try await library.photoCopy(key, size: wanted) else {
                    // In no album: downloaded straight to the file, nothing kept.
                    let (file, size) = try await library.downloadPhoto(key, size: wanted, into: folder)
                    return try save(file, key: key, size: size, wanted: wanted, explicit: explicit, folder: folder, session: session)
                }
                // In an album: kept in the store (once), then copied out checked against its hash.
                let sink = try FileSink(directory: folder, maxBytes: Int.max)
                try library.blobs.copyVerified(copy.view.sha256, photo: key.description, expectedSize: copy.view.bytes, into: sink)
                return try save(sink, key: key, size: copy.view.size, wanted: wanted, explicit: explicit, folder: folder, session: session)
            }
        }

        /// Moves what `sink` holds to `explicit`, else to `folder/PROVIDER-ID-SIZE.EXT`, never over
        /// a file without `--force`, and says where (and which size, when not the one asked for).
        private func save(
            _ sink: FileSink, key: PhotoKey, size: PhotoSize, wanted: PhotoSize, explicit: String?, folder: String, session: Session
        ) throws -> Int32 {
            let mime = ImageFormat.mimeType(of: sink.head)
            let safeID = key.id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
            let destination =
                explicit ?? "\(folder)/\(key.provider)-\(String(safeID))-\(size.rawValue).\(ImageFormat.fileExtension(for: mime))"
            guard let bytes = try force ? sink.move(to: destination) : sink.moveIfAbsent(to: destination) else {
                throw CommandFailure(
                    .cannotCreate, "\(destination) already exists; nothing was written. Use --force to replace it, or --output another path"
                )
            }
            if size != wanted {
                session.note("\(key) has no size \(wanted.rawValue); saved the nearest it has, \(size.rawValue)")
            }
            if session.options.json {
                try session.printJSON(PhotoFileJSON(id: key.description, size: size.rawValue, path: destination, bytes: bytes, mime: mime))
            } else {
                session.say("Saved \(key) size \(size.rawValue) (\(Format.bytes(bytes))) to \(destination)")
            }
            return 0
        }
    }
}

/// `photo get --json`.
struct PhotoFileJSON: Encodable {
    var id: String
    var size: String
    var path: String
    var bytes: Int
    var mime: String?
}
