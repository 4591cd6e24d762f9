import ArgumentParser
import Glibc
import TouristCore

struct AlbumCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "album",
        abstract: "Show a pin's photos with their state, provider, title and license (and file paths with --paths)."
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var pin: PinWords
    @Flag(name: .long, help: "Show each stored photo's file in the store.")
    var paths = false

    func validate() throws {
        try pin.require("name the pin whose photos to show: its id or name")
    }

    func run() async throws {
        try await Session.run(global) { session in
            let library = try session.library()
            let album = try library.album(try pin.resolve(in: library))
            if session.options.json {
                try session.printJSON(AlbumJSON(album, store: library.store))
            } else {
                session.say(
                    AlbumPrinter.render(
                        album, store: library.store, paths: paths, width: TerminalWidth.of(STDOUT_FILENO, environment: session.environment))
                )
            }
            return 0
        }
    }
}
