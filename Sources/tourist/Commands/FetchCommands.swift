import ArgumentParser
import TouristCore

/// Options shared by `fetch` and `new-collection`.
struct FetchOptions: ParsableArguments {
    @OptionGroup var pin: PinWords
    @Option(name: .long, parsing: .unconditional, help: "How many photos the album should hold (default: the config's album.photos, \(Defaults.albumPhotos)).")
    var count: Int?
    @Option(name: .long, help: ArgumentHelp("Use this provider instead of the config's routing; repeat for several, in order.", valueName: "name"), completion: Completions.providers)
    var provider: [String] = []

    func validate() throws {
        if let count, let problem = Defaults.photoCountProblem(count, option: "--count") { throw ValidationError(problem) }
    }
}

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fill a pin's album, or with --all every album not complete. Resumes an interrupted fetch; does nothing when the album is complete.",
        discussion: """
            With --all, several pins are fetched at once within each provider's limits, under one \
            progress display; a summary says which pins failed and why. The exit code is 0 when \
            every pin ended well, else the most serious of the pins' codes (78, 77, 65, 73, 74, \
            69, then 75: run it again to resume). A fetch of one pin exits as the README's table \
            says: 0 done (also: nothing near the pin), 64 usage, 65 unknown pin, 69 no provider \
            could answer, 73 the store cannot be created or written, 74 I/O error, 75 temporary \
            failure (run it again to resume), 77 not authorized, 78 config error.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var fetch: FetchOptions
    @Option(name: .long, help: ArgumentHelp("Photo size to keep, by its longest edge: \(PhotoSize.explained) (default: the config's album.size).", valueName: "size"))
    var size: String?
    @Flag(name: .long, help: "Fetch every pin whose album is not complete (with --count: every pin), several at once.")
    var all = false

    func validate() throws {
        if let size, PhotoSize(rawValue: size) == nil { throw ValidationError("--size \(size) is not a size; use one of: \(PhotoSize.allLetters)") }
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
            return try await AlbumRun.run(session, fetch) { library, id, progress, waiting in
                try await library.fetch(
                    pin: id, count: fetch.count, size: size.flatMap(PhotoSize.init), providerNames: fetch.provider, progress: progress, waiting: waiting
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
            When fewer unseen photos are left within the pin's radius than the album holds, the new collection \
            is smaller and stderr says how many; with none left the album stays as it is. Either way it exits 0 \
            and names a wider radius to set (tourist pin edit PIN --radius KM) or another provider to use.
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var fetch: FetchOptions

    func validate() throws {
        try fetch.pin.require("name the pin whose album to replace: its id or name")
    }

    func run() async throws {
        try await Session.run(global) { session in
            try await AlbumRun.run(session, fetch, replacing: true) { library, id, progress, waiting in
                try await library.newCollection(pin: id, count: fetch.count, providerNames: fetch.provider, progress: progress, waiting: waiting)
            }
        }
    }
}

/// The part `fetch` and `new-collection` share: set up, run with a progress bar, report, exit code.
enum AlbumRun {
    /// `replacing`: the album is replaced (`new-collection`), so one interrupted while searching is
    /// unchanged (there is nothing to resume); once photos download, `fetch` completes it.
    static func run(
        _ session: Session, _ options: FetchOptions, replacing: Bool = false,
        _ body: (Library, String, (@Sendable (FetchProgress) -> Void)?, @escaping @Sendable (LeaseRecord) -> Void) async throws -> FetchOutcome
    ) async throws -> Int32 {
        let library = try session.library()
        let store = library.store
        let id = try options.pin.resolve(in: library)
        let bar = ProgressBar.make(for: session, waiting: ProgressBar.searching(options.provider))
        let stderr = session.stderr
        let interruption = Interruption<FetchProgress>(bar: bar, stderr: stderr) { last in
            let resume = "`tourist fetch \(id)` resumes"
            guard let last else { return "Interrupted while searching; " + (replacing ? "the album is unchanged" : resume) }
            return "Interrupted: \(last.done) of \(last.total) photos kept; \(resume)"
        }
        let progress = interruption.reporter { bar?.update($0) }
        let outcome = try await body(library, id, progress) { holder in
            stderr.note("another tourist (pid \(holder.pid) on \(holder.host)) is fetching this pin; waiting for it to finish")
        }
        bar?.finish()
        if session.options.json {
            try session.printJSON(AlbumJSON(outcome, store: store))
        } else if outcome.report.kind != .alreadyComplete {
            // One line: the album is `album`'s to show; nothing at all when there was nothing to do.
            session.say(AlbumPrinter.summary(outcome.album))
        }
        return report(outcome, session: session)
    }

    /// Says how the fetch ended on stderr, once, and picks the exit code. Photos found unusable
    /// and replaced by others are said too.
    static func report(_ outcome: FetchOutcome, session: Session) -> Int32 {
        let report = outcome.report
        let rejected = outcome.album.photos.filter { $0.state == .rejected }
        if let first = rejected.first, report.kind != .unusable, report.kind != .alreadyComplete {
            session.note("\(Plural.count(rejected.count, "photo was", "photos were")) unusable and replaced by others (\(first.key): \(first.error ?? "rejected")); `tourist album \(outcome.album.pin.id)` lists them")
        }
        for line in TerminalReport.lines(report) { session.note(line) }
        return ExitStatus.of(report)
    }
}
