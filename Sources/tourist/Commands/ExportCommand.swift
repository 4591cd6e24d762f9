import ArgumentParser
import Foundation
import TouristCore

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Copy a pin's stored photos to a folder with readable names and a JSON sidecar each."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The pin's id or name.", completion: Completions.pins) var pin: String
    @Argument(help: "The folder to write to (created when missing).") var directory: String

    func run() async throws {
        try await Session.run(global) { session in
            let library = try session.library()
            try SplitName.refuseNameRead(asFolder: directory, after: pin, library: library, command: "export")
            let album = try library.album(pin)
            let folder = PathResolution.resolve(directory, environment: session.environment, relativeTo: session.workingDirectory)
            let result = try library.export(pin: album.pin.id, to: folder)
            if session.options.json {
                try session.printJSON(ExportJSON(pin: album.pin.id, directory: folder, files: result.files))
            } else {
                let count = result.files.count
                var line = "Exported \(Plural.count(count, "photo")) of \"\(album.pin.name)\" to \(folder)"
                if count == 0, result.refused.isEmpty {
                    // Nothing stored yet: say why, and what fills the album.
                    line +=
                        ": its album holds no stored photo yet (the pin is \(album.pin.state.rawValue)). Run `tourist fetch \(album.pin.id)` first"
                }
                session.say(line)
            }
            guard result.refused.isEmpty else {
                throw CommandFailure(.badData, result.refused.map(RemedyCommands.message).joined(separator: "\ntourist: "))
            }
            return 0
        }
    }

    struct ExportJSON: Encodable {
        var pin: String
        var directory: String
        var files: [String]
    }
}
