import ArgumentParser
import TouristCore

/// Options shared by `fetch` and `new-collection`.
struct FetchOptions: ParsableArguments {
    @Argument(help: "The pin's id or name.", completion: Completions.pins) var pin: String?
    @Option(name: .long, help: "How many photos the album should hold (default: the config's album.photos, \(Defaults.albumPhotos)).")
    var count: Int?
    @Option(name: .long, help: ArgumentHelp("Use this provider instead of the config's routing; repeat for several, in order.", valueName: "name"), completion: Completions.providers)
    var provider: [String] = []

    func validate() throws {
        if let count, let problem = Defaults.photoCountProblem(count, option: "--count") { throw ValidationError(problem) }
    }

    /// The pin named, for a command that works on one (`validate` made sure there is one).
    func namedPin() throws -> String {
        guard let pin else { throw CommandFailure.usage("name the pin: its id or name (`tourist pin list` shows them)") }
        return pin
    }
}

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fill a pin's album, or with --all every album not complete. Resumes an interrupted fetch; does nothing when the album is complete.",
        discussion: """
            With --all, several pins are fetched at once within each provider's limits, under one \
            progress display; a summary says which pins failed and why. The exit code is 0 when \
            every pin ended well, else the most serious of the pins' codes (78, 77, 65, 74, 69, \
            then 75: run it again to resume).
            """
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var fetch: FetchOptions
    @Option(name: .long, help: ArgumentHelp("Photo size to keep: \(PhotoSize.allLetters) (default: the config's album.size).", valueName: "size"))
    var size: String?
    @Flag(name: .long, help: "Fetch every pin whose album is not complete (with --count: every pin), several at once.")
    var all = false

    func validate() throws {
        if let size, PhotoSize(rawValue: size) == nil { throw ValidationError("--size \(size) is not a size; use one of: \(PhotoSize.allLetters)") }
        switch (fetch.pin, all) {
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
            return try await AlbumRun.run(session, fetch) { library, id, progress in
                try await library.fetch(pin: id, count: fetch.count, size: size.flatMap(PhotoSize.init), providerNames: fetch.provider, progress: progress)
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
        guard fetch.pin != nil else { throw ValidationError("name the pin whose album to replace: its id or name") }
    }

    func run() async throws {
        try await Session.run(global) { session in
            try await AlbumRun.run(session, fetch) { library, id, progress in
                try await library.newCollection(pin: id, count: fetch.count, providerNames: fetch.provider, progress: progress)
            }
        }
    }
}

/// The part `fetch` and `new-collection` share: set up, run with a progress bar, report, exit code.
enum AlbumRun {
    static func run(
        _ session: Session, _ options: FetchOptions,
        _ body: (Library, String, (@Sendable (FetchProgress) -> Void)?) async throws -> FetchOutcome
    ) async throws -> Int32 {
        let library = try session.library()
        let store = library.store
        let id = try library.resolvePin(try options.namedPin())
        let bar = ProgressBar.make(for: session)
        var progress: (@Sendable (FetchProgress) -> Void)?
        if let bar { progress = { bar.update($0) } }
        let outcome = try await body(library, id, progress)
        bar?.finish()
        if session.options.json {
            try session.printJSON(AlbumJSON(outcome.album, store: store))
        } else {
            session.say(AlbumPrinter.render(outcome.album, store: store))
        }
        return report(outcome, session: session)
    }

    /// Explains the outcome on stderr and picks the exit code.
    static func report(_ outcome: FetchOutcome, session: Session) -> Int32 {
        let pin = outcome.album.pin
        // An empty album's last line names every provider asked, and an exhausted new collection's
        // says what is left; otherwise each provider says why it gave nothing.
        if ![.empty, .noNewPhotos].contains(outcome.status) {
            session.noteProviderFailures(outcome.providerFailures, othersAnswered: !outcome.album.photos.isEmpty)
        }
        let failures = outcome.providerFailures.filter { !$0.isNoPhotos }
        let rejected = outcome.album.photos.filter { $0.state == .rejected }
        if let first = rejected.first, [.complete, .incomplete, .partlyFilled].contains(outcome.status) {
            session.note("\(Plural.count(rejected.count, "photo was", "photos were")) unusable and replaced by others (\(first.key): \(first.error ?? "rejected")); `tourist album \(pin.id)` lists them")
        }
        switch outcome.status {
        case .alreadyComplete:
            session.note("the album of \"\(pin.name)\" is complete; nothing to fetch (use new-collection for other photos)")
        case .complete, .noNewPhotos:
            // A new collection smaller than the album, or none (no unseen photos left), is said, not an error.
            if let shortfall = outcome.shortfall { session.note(shortfall.message) }
        case .unusable:
            session.note(pin.error ?? "none of the photos found could be used")
        case .incomplete:
            session.note(pin.error ?? "some photos could not be downloaded; run the command again to retry them")
        case .partlyFilled:
            session.note(pin.error ?? "the album is partly filled; run the command again to fill the rest")
        case .empty:
            // Every failure here is a provider with no photos: asked and empty, or outside its coverage.
            let asked = outcome.providerFailures.filter { !$0.isOutsideCoverage }.map(\.provider).joined(separator: ", ")
            let outside = outcome.providerFailures.filter(\.isOutsideCoverage).map(\.provider).joined(separator: ", ")
            let skipped = outside.isEmpty ? "" : "; not asked, outside their coverage: \(outside)"
            session.note("no photos within \(Kilometres.text(pin.radiusKm)) of \"\(pin.name)\" (asked: \(asked.isEmpty ? "no provider" : asked)\(skipped)). To find some, \(CollectionShortfall.advice(for: pin))")
        case .failed:
            explainNoAnswer(failures, session: session, unchanged: "the album is unchanged")
        }
        return ExitStatus.of(outcome)
    }

    /// The last stderr line when no provider could answer, and the exit code: 77 when every failure
    /// was bad credentials (their own lines said what to set), 75 when every provider asked to slow
    /// down, else 69. `unchanged` says what was left as it was.
    @discardableResult
    static func explainNoAnswer(_ failures: [ProviderFailure], session: Session, unchanged: String) -> Int32 {
        let code = ExitStatus.noAnswer(failures)
        switch code {
        case ExitStatus.notAuthorized: break
        case ExitStatus.temporaryFailure: session.note("every provider asked to slow down; \(unchanged). Run the command again later")
        default: session.note("no provider could answer; check the network and `tourist providers --check`, then run the command again")
        }
        return code
    }
}
