import Foundation
import Testing
import TouristCore

/// The files built into the binary (`EmbeddedFiles`, written by Sources/CEmbedded/make-embedded.py)
/// are exactly those of the repository that tourist reads at run time, byte for byte: a file added,
/// removed or renamed without running the script is found here, with the fix.
@Suite struct EmbeddedFilesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Each embedded name's file in the repository, as the script lists them.
    static let sources = [
        ("gazetteer.bin", "Sources/TouristCore/Resources/gazetteer.bin"),
        ("web", "Sources/TouristServer/Web"),
        ("demo", "Providers/Fixture/DemoSet"),
    ]

    /// Every file the repository holds for embedding, by its embedded name.
    static func filesInRepository() throws -> [String: String] {
        var files: [String: String] = [:]
        for (name, source) in sources {
            let path = repository + "/" + source
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CocoaError(.fileNoSuchFile) }
            guard isDirectory.boolValue else {
                files[name] = path
                continue
            }
            let walker = try #require(FileManager.default.enumerator(atPath: path))
            while let relative = walker.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                    files[name + "/" + relative] = path + "/" + relative
                }
            }
        }
        return files
    }

    @Test func theBinaryHoldsEveryRunTimeFileOfTheRepositoryAsItIs() throws {
        let files = try Self.filesInRepository()
        let fix = "run `python3 Sources/CEmbedded/make-embedded.py`, then build again"
        #expect(Set(EmbeddedFiles.names) == Set(files.keys), "the embedded files are not the repository's: \(fix)")
        #expect(files.count > 700, "the gazetteer, the pages and the demo set: \(files.count) files")
        for (name, path) in files {
            let embedded = try #require(EmbeddedFiles.file(name), "\(name) is not built in: \(fix)")
            #expect(Data(embedded.bytes) == FileManager.default.contents(atPath: path), "\(name) differs from \(path): build again")
        }
    }

    @Test func aFolderListsItsFilesByTheirPathInsideIt() throws {
        let web = EmbeddedFiles.folder("web")
        #expect(web["index.html"] != nil && web["vendor/leaflet/leaflet.css"] != nil)
        #expect(web.keys.allSatisfy { !$0.hasPrefix("/") && !$0.hasPrefix("web/") })
        #expect(EmbeddedFiles.folder("we").isEmpty, "a folder is matched whole, not by a prefix of its name")
        #expect(EmbeddedFiles.file("no-such-file") == nil)
    }
}
