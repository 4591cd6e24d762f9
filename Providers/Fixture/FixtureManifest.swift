import Foundation
import TouristCore

/// A fixture set's `manifest.json`: the photos, where they were taken, and a file per size.
struct FixtureManifest: Codable {
    struct Entry: Codable {
        var id: String
        var title: String
        var owner: String?
        var license: String?
        var takenAt: Date?
        var latitude: Double
        var longitude: Double
        var files: [String: String]
        var licenseURL: String?
        var pageURL: String?
    }

    var version: Int
    var name: String?
    var photos: [Entry]
}

/// Where a fixture photo's bytes are: a file inside the set's folder, or one built into the
/// binary (the demo set, `EmbeddedFiles`' `demo/`).
enum FixtureFile: Sendable {
    case path(String)
    case embedded(EmbeddedFile)

    /// The source a candidate lists for it: the file's path, or the provider itself for bytes
    /// that only this binary holds.
    var source: PhotoSource {
        switch self {
        case .path(let path): .file(path)
        case .embedded: .provider
        }
    }
}

/// A photo of a loaded fixture set, its files resolved (and checked to lie inside the set's folder).
struct FixturePhoto: Sendable {
    var id: String
    var title: String
    var owner: String?
    var license: String?
    var takenAt: Date?
    var location: GeoPoint
    var files: [PhotoSize: FixtureFile]
    var licenseURL: URL?
    var pageURL: URL?
}

extension FixtureManifest {
    /// Reads and checks `folder/manifest.json`. Every problem is an `InputDataError` naming the
    /// manifest, the entry and the fix; a file that escapes the folder (`..`, an absolute path,
    /// a symbolic link pointing out) is refused before anything reads it.
    static func load(folder: String) throws -> [FixturePhoto] {
        let manifestPath = folder + "/manifest.json"
        guard let data = FileManager.default.contents(atPath: manifestPath) else {
            throw InputDataError(
                "fixture set \(folder) has no readable manifest.json. Point the fixture provider's path at a folder holding manifest.json and its photos"
            )
        }
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        return try photos(of: data, manifestPath: manifestPath) { relative, id in
            .path(try resolve(relative, root: root, manifestPath: manifestPath, id: id))
        }
    }

    /// The demo set built into the binary (`EmbeddedFiles`' `demo/`), checked as a folder's is.
    static func loadDemoSet() throws -> [FixturePhoto] {
        let files = EmbeddedFiles.folder(demoFolder)
        guard let manifest = files["manifest.json"] else {
            throw InputDataError(
                "this tourist was built without its demo set. Build it again from a full copy of the source, or set the fixture provider's \"path\""
            )
        }
        return try photos(of: Data(manifest.bytes), manifestPath: "the demo set's manifest.json") { relative, id in
            guard let file = files[relative] else {
                throw InputDataError(
                    "the demo set's manifest.json: photo \"\(id)\": file \"\(relative)\" is not built into this tourist. Build it again from a full copy of the source"
                )
            }
            return .embedded(file)
        }
    }

    /// The demo set's folder among the files built into the binary.
    static let demoFolder = "demo"

    /// The photos a manifest's bytes list, each file found by `file` (relative name, photo id).
    private static func photos(of data: Data, manifestPath: String, file: (String, String) throws -> FixtureFile) throws -> [FixturePhoto] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let manifest: FixtureManifest
        do {
            manifest = try decoder.decode(FixtureManifest.self, from: data)
        } catch {
            throw InputDataError("\(manifestPath) is not a valid fixture manifest (\(Self.describe(error))). Fix the entry it names")
        }
        guard manifest.version == 1 else {
            throw InputDataError(
                "\(manifestPath) has version \(manifest.version); this tourist reads version 1. Regenerate the set or upgrade tourist")
        }
        var ids = Set<String>()
        return try manifest.photos.map { entry in
            guard !entry.id.isEmpty, ids.insert(entry.id).inserted else {
                throw InputDataError("\(manifestPath): photo id \"\(entry.id)\" is empty or used twice. Give every photo its own id")
            }
            let location: GeoPoint
            do throws(GeoPointError) {
                location = try GeoPoint(latitude: entry.latitude, longitude: entry.longitude)
            } catch {
                throw InputDataError("\(manifestPath): photo \"\(entry.id)\": \(error.message)")
            }
            var files: [PhotoSize: FixtureFile] = [:]
            for (letter, relative) in entry.files {
                guard let size = PhotoSize(rawValue: letter) else {
                    throw InputDataError(
                        "\(manifestPath): photo \"\(entry.id)\": unknown size \"\(letter)\". Use one of: \(PhotoSize.allLetters)")
                }
                files[size] = try file(relative, entry.id)
            }
            guard !files.isEmpty else {
                throw InputDataError("\(manifestPath): photo \"\(entry.id)\" lists no files. Add at least one size under \"files\"")
            }
            return FixturePhoto(
                id: entry.id, title: entry.title, owner: entry.owner, license: entry.license, takenAt: entry.takenAt, location: location,
                files: files,
                licenseURL: entry.licenseURL.flatMap(URL.init(string:)), pageURL: entry.pageURL.flatMap(URL.init(string:))
            )
        }
    }

    private static func resolve(_ relative: String, root: String, manifestPath: String, id: String) throws -> String {
        let outside =
            "\(manifestPath): photo \"\(id)\": file \"\(relative)\" is outside the fixture folder \(root). Keep every file inside that folder and name it by a relative path"
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
            throw InputDataError(outside)
        }
        let resolved = URL(fileURLWithPath: root + "/" + relative).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(root + "/") else { throw InputDataError(outside) }
        guard FileManager.default.isReadableFile(atPath: resolved) else {
            throw InputDataError(
                "\(manifestPath): photo \"\(id)\": file \"\(relative)\" is missing or unreadable. Add the file or remove the entry")
        }
        return resolved
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return String(describing: error)
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(
            in: CharacterSet(charactersIn: "."))
    }
}
