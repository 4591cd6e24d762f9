import TouristCore

/// The part `fetch` and `new-collection` share: set up, run with a progress bar, report, exit code.
enum AlbumRun {
    /// Runs the operation on pin `id`: `confirmed` when the user said yes to the question of a
    /// run before (replace the album with fewer photos).
    typealias Operation = (
        _ library: Library, _ id: String, _ confirmed: Bool, _ progress: (@Sendable (FetchProgress) -> Void)?,
        _ waiting: @escaping @Sendable (LeaseRecord) -> Void
    ) async throws -> FetchOutcome

    /// `replacing`: the album is replaced (`new-collection`), so one interrupted while searching is
    /// unchanged (there is nothing to resume); once photos download, `fetch` completes it. When the
    /// report asks a question (`FetchAdvice.question`) and someone at a terminal can answer, it is
    /// asked, and a yes runs the operation again, confirmed.
    static func run(_ session: Session, _ options: FetchOptions, replacing: Bool = false, _ body: Operation) async throws -> Int32 {
        let library = try session.library()
        let store = library.store
        let id = try options.pin.resolve(in: library)
        var outcome = try await attempt(session, options, pin: id, replacing: replacing) { try await body(library, id, false, $0, $1) }
        if let question = outcome.report.advice?.question, Prompt.yes(to: question, session: session) {
            outcome = try await attempt(session, options, pin: id, replacing: replacing) { try await body(library, id, true, $0, $1) }
        }
        if session.options.json {
            try session.printJSON(AlbumJSON(outcome, store: store))
        } else if ![.alreadyComplete, .fewUnseen].contains(outcome.report.kind) {
            // One line: the album is `album`'s to show; nothing at all when nothing changed.
            session.say(AlbumPrinter.summary(outcome.album))
        }
        // A route's search is many queries: said for a route pin, and for any pin with --verbose.
        if !session.options.json, outcome.album.pin.isRoute || session.options.verbose, let searched = outcome.searchSummary {
            session.note(searched)
        }
        return report(outcome, session: session)
    }

    /// One run of the operation under a progress bar, which is cleared when it ends.
    private static func attempt(
        _ session: Session, _ options: FetchOptions, pin id: String, replacing: Bool,
        _ operation: ((@Sendable (FetchProgress) -> Void)?, @escaping @Sendable (LeaseRecord) -> Void) async throws -> FetchOutcome
    ) async throws -> FetchOutcome {
        let bar = ProgressBar.make(for: session, waiting: ProgressBar.searching(options.provider))
        let stderr = session.stderr
        let interruption = Interruption<FetchProgress>(bar: bar, stderr: stderr) { last in
            let resume = "`tourist fetch \(id)` resumes"
            guard let last else { return "Interrupted while searching; " + (replacing ? "the album is unchanged" : resume) }
            return "Interrupted: \(last.done) of \(last.total) photos kept; \(resume)"
        }
        let progress = interruption.reporter { bar?.update($0) }
        let outcome = try await operation(progress) { holder in
            stderr.note("another tourist (pid \(holder.pid) on \(holder.host)) is fetching this pin; waiting for it to finish")
        }
        bar?.finish()
        return outcome
    }

    /// Says how the fetch ended on stderr, once, and picks the exit code. Photos set aside are said
    /// too (`FetchOutcome.setAside`).
    static func report(_ outcome: FetchOutcome, session: Session) -> Int32 {
        if let setAside = outcome.setAside { session.note(setAside) }
        for line in TerminalReport.lines(outcome.report) { session.note(line) }
        return ExitStatus.of(outcome.report)
    }
}
