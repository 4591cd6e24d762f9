import ArgumentParser
import TouristCore

struct AlbumCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Show a pin's photos with their state, provider, title, license and file path."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The pin's id or name.", completion: Completions.pins) var pin: String

    func run() async throws {
        try await Session.run(global) { session in
            let library = try session.library()
            let album = try library.album(pin)
            if session.options.json {
                try session.printJSON(AlbumJSON(album, store: library.store))
            } else {
                session.say(AlbumPrinter.render(album, store: library.store))
            }
            return 0
        }
    }
}
