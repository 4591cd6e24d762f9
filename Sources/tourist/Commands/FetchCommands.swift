import ArgumentParser
import TouristCore

/// Options shared by `fetch` and `new-collection`.
struct FetchOptions: ParsableArguments {
    @OptionGroup var pin: PinWords
    @Option(
        name: .long, parsing: .unconditional,
        help: "How many photos the album should hold (default: the config's album.photos, \(Defaults.albumPhotos)).")
    var count: Int?
    @Option(
        name: .long,
        help: ArgumentHelp("Use this provider instead of the config's routing; repeat for several, in order.", valueName: "name"),
        completion: Completions.providers)
    var provider: [String] = []

    func validate() throws {
        if let count, let problem = Defaults.photoCountProblem(count, option: "--count") { throw ValidationError(problem) }
    }
}

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract:
            "Fill a pin's album, or with --all every album not complete. Resumes an interrupted fetch; does nothing when the album is complete.",
        discussion: """
            With --all, several pins are fetched at once within each provider's limits, under one \
            progress display; a summary says which pins failed and why. The exit code is 0 when \
            every pin ended well, else the most serious of the pins' codes (78, 77, 65, 73, 74, \
            69, then 75: run it again to resume). A fetch of one pin exits as docs/commands.md's table \
            says: 0 done (also: nothing near the pin), 64 usage, 65 unknown pin, 69 no provider \
            could answer, 73 the store cannot be created or written, 74 I/O error, 75 temporary \
            failure (run it again to resume), 77 not authorized, 78 config error.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var fetch: FetchOptions
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Photo size to keep, by its longest edge: \(PhotoSize.explained) (default: the config's album.size).", valueName: "size"))
    var size: String?
    @Flag(name: .long, help: "Fetch every pin whose album is not complete (with --count: every pin), several at once.")
    var all = false

    func validate() throws {
        if let size, PhotoSize(rawValue: size) == nil {
            throw ValidationError("--size \(size) is not a size; use one of: \(PhotoSize.allLetters)")
        }
        switch (fetch.pin.reference, all) {
        case (nil, false): throw ValidationError("name the pin to fetch (its id or name), or fetch every album not complete with --all")
        case (let pin?, true): throw ValidationError("--all fetches every pin; leave out \"\(pin)\", or leave out --all")
        default: break
        }
    }

    func run() async throws {
        try await Session.run(global) { session in
            if all {
                return try await FetchAllRun.run(session, fetch, size: size.flatMap(PhotoSize.init))
            }
            return try await AlbumRun.run(session, fetch) { library, id, _, progress, waiting in
                try await library.fetch(
                    pin: id, count: fetch.count, size: size.flatMap(PhotoSize.init), providerNames: fetch.provider, progress: progress,
                    waiting: waiting
                )
            }
        }
    }
}

struct NewCollectionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-collection",
        abstract: "Replace a pin's album with photos it has not shown before; removed photos never come back.",
        discussion: """
            Photos replaced never come back in later collections either. When fewer unseen photos are left \
            within the pin's radius than the album holds, the album is not replaced unasked: on a terminal \
            new-collection asks first; otherwise it keeps the album, says how many are left and exits 0 \
            (--allow-fewer replaces it anyway). With none left the album stays as it is. Either way stderr \
            names a wider radius to set (tourist pin edit PIN --radius KM) or another provider to use.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var fetch: FetchOptions
    @Flag(name: .long, help: "Replace the album even when fewer unseen photos are left than it holds, without asking.")
    var allowFewer = false

    func validate() throws {
        try fetch.pin.require("name the pin whose album to replace: its id or name")
    }

    func run() async throws {
        try await Session.run(global) { session in
            try await AlbumRun.run(session, fetch, replacing: true) { library, id, allowed, progress, waiting in
                try await library.newCollection(
                    pin: id, count: fetch.count, allowFewer: allowFewer || allowed, providerNames: fetch.provider, progress: progress,
                    waiting: waiting
                )
            }
        }
    }
}
