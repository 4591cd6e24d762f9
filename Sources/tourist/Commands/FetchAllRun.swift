import Foundation
import TouristCore

/// `fetch --all`: every album not complete, several pins at once, one progress display, then a
/// table of the pins, a summary line, and on stderr each failure with its reason.
enum FetchAllRun {
    static func run(_ session: Session, _ options: FetchOptions, size: PhotoSize?) async throws -> Int32 {
        let library = try session.library()
        let pins = try library.pinsToFetch(count: options.count)
        guard !pins.isEmpty else {
            if session.options.json {
                try session.printJSON(FetchAllJSON(pins: [], photos: 0, bytes: 0, seconds: 0))
            } else {
                session.say(
                    try library.pins().isEmpty
                        ? "No pins yet. Add some: tourist pin add LAT LON --name NAME, or tourist pin import FILE"
                        : "Every album is complete; nothing to fetch (new-collection replaces an album with other photos).")
            }
            return ExitStatus.ok
        }
        let bar = ProgressBar.make(for: session, waiting: ProgressBar.searching(options.provider))
        let interruption = Interruption<BatchProgress>(bar: bar, stderr: session.stderr) { last in
            let done = last.map {
                "\($0.pinsDone) of \(Plural.count($0.pinsTotal, "pin")) done, \($0.photosDone) of \($0.photosTotal) photos kept"
            }
            return "Interrupted: \(done ?? "no pin done"); `tourist fetch --all` resumes"
        }
        let progress = interruption.reporter { bar?.update($0) }
        let started = ContinuousClock.now
        let run = try await library.fetchAll(pins, count: options.count, size: size, providerNames: options.provider, progress: progress)
        let seconds = (ContinuousClock.now - started) / .seconds(1)
        bar?.finish()
        let ended = run.pins.map(PinEnding.init)
        if session.options.json {
            try session.printJSON(FetchAllJSON(pins: ended, photos: run.progress.photosDone, bytes: run.progress.bytes, seconds: seconds))
        } else {
            session.say(table(ended) + summary(ended, run.progress, seconds: seconds))
        }
        for pin in ended where pin.exitCode != ExitStatus.ok {
            session.note("pin \(pin.id) \"\(pin.name)\": \(pin.message ?? "failed")")
        }
        // A reason many pins share is said once, with how many.
        for (line, count) in sharedNotes(ended) {
            session.note(count > 1 ? "\(line) (\(count) pins)" : line)
        }
        let code = ExitStatus.mostSerious(ended.map(\.exitCode))
        let failed = run.progress.pinsFailed
        if failed > 0 {
            let resume = code == ExitStatus.temporaryFailure ? "; run `tourist fetch --all` again to resume them" : ""
            session.note("\(failed) of \(Plural.count(ended.count, "pin")) did not end well\(resume)")
        }
        return code
    }

    /// Each distinct note of the pins' reports, in the order first met, with how many pins it is
    /// about.
    private static func sharedNotes(_ ended: [PinEnding]) -> [(line: String, pins: Int)] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for pin in ended {
            for line in Set(pin.report?.notes.map(TerminalReport.line) ?? []) {
                if counts[line] == nil { order.append(line) }
                counts[line, default: 0] += 1
            }
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }

    private static func table(_ ended: [PinEnding]) -> String {
        var table = Table("ID", "NAME", "PHOTOS", "RESULT")
        table.reserve(rows: ended.count)
        for pin in ended {
            table.add([
                pin.id, DisplayWidth.cut(pin.name, to: PinCommand.List.nameColumns),
                pin.target.map { "\(pin.photos)/\($0)" } ?? String(pin.photos), pin.status,
            ])
        }
        return table.rendered()
    }

    /// How many pins ended well, failed, and (when any) were left with no photo because a provider
    /// that covers them could not be asked (`notAsked`: neither ended well nor simply failed).
    private static func summary(_ ended: [PinEnding], _ progress: BatchProgress, seconds: Double) -> String {
        let notAsked = ended.count { $0.report?.kind == .notAsked }
        let unfilled = notAsked > 0 ? ", \(notAsked) not filled (a provider could not be asked)" : ""
        let pins = "\(Plural.count(ended.count, "pin")) in \(String(format: "%.1f", seconds)) s"
        return "\(pins): \(ended.count - progress.pinsFailed) ended well, \(progress.pinsFailed - notAsked) failed\(unfilled); "
            + "\(progress.photosDone) photos in their albums, \(Format.bytes(progress.bytes)) downloaded."
    }
}

/// How one pin of `fetch --all` ended, as printed and in JSON.
struct PinEnding: Encodable {
    var id: String
    var name: String
    /// How the fetch ended (`FetchReport.Kind`), or `error` when an error stopped it.
    var status: String
    /// Photos stored in the album, of its `target` (unknown when an error stopped the fetch).
    var photos: Int
    var target: Int?
    /// The code `tourist fetch PIN` would have exited with.
    var exitCode: Int32
    /// Why the pin did not end well: its report's headline, or the error.
    var message: String?
    /// How the fetch ended, in full (absent when an error stopped it).
    var report: FetchReport?

    init(_ fetched: PinFetch) {
        id = fetched.pin.id
        name = fetched.pin.name
        switch fetched.result {
        case .success(let outcome):
            let album = outcome.album
            status = outcome.report.kind.rawValue
            photos = album.storedCount
            target = album.target
            exitCode = ExitStatus.of(outcome.report)
            message = exitCode == ExitStatus.ok ? nil : outcome.report.headline
            report = outcome.report
        case .failure(let error):
            let (code, text) = ExitStatus.describe(error)
            status = "error"
            photos = fetched.pin.photos
            target = nil
            exitCode = code
            message = text
        }
    }
}

/// What `fetch --all --json` prints.
struct FetchAllJSON: Encodable {
    var pins: [PinEnding]
    /// Photos in the albums of these pins, and bytes downloaded in this run.
    var photos: Int
    var bytes: Int
    var seconds: Double
}
