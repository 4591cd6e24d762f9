import ArgumentParser
import Fixture
import Foundation
import TouristCore

struct FixtureCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixture",
        abstract: "Record a provider's real answers as a fixture set the fixture provider serves offline.",
        subcommands: [Record.self]
    )

    struct Record: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Ask a configured provider for photos near a place and write them as a fixture set (manifest.json + images).",
            discussion: """
                Usage: tourist fixture record NAME LAT LON [--radius KM] [--count N] [--size S]... OUT_DIR
                Then serve them offline: { "name": "recorded", "type": "fixture", "path": "OUT_DIR" }.
                Exit codes: 0 recorded; 69 the provider gave nothing; 73 OUT_DIR already holds a set (use --force); \
                75 some photos could not be fetched (run it again).
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Search radius in kilometres.", valueName: "km"))
        var radius: Double = Defaults.radiusKm
        @Option(name: .long, parsing: .unconditional, help: "How many photos.")
        var count: Int = Defaults.albumPhotos
        @Option(
            name: .long,
            help: ArgumentHelp(
                "A size to record (\(PhotoSize.explained)); repeat for several (default: the config's album.size). Each photo's nearest size is kept.",
                valueName: "size"))
        var size: [String] = []
        @Flag(name: .long, help: "Replace a fixture set already in OUT_DIR.")
        var force = false
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp(
                "The provider's name, the place (LAT LON or LAT,LON) and the folder to write.", valueName: "name lat lon out-dir"))
        var words: [String] = []

        /// NAME, the coordinate words and OUT_DIR.
        private var parts: (name: String, coordinates: [String], folder: String)? {
            guard words.count >= 3, let name = words.first, let folder = words.last else { return nil }
            return (name, Array(words.dropFirst().dropLast()), folder)
        }

        func validate() throws {
            guard let parts else {
                throw ValidationError("expected NAME LAT LON OUT_DIR, for example: tourist fixture record flickr 48.8584 2.2945 ./eiffel")
            }
            try CoordinateArguments.validate(parts.coordinates, radius: radius)
            if let problem = Defaults.photoCountProblem(count, option: "--count") { throw ValidationError(problem) }
            if let bad = size.first(where: { PhotoSize(rawValue: $0) == nil }) {
                throw ValidationError("--size \(bad) is not a size; use one of: \(PhotoSize.allLetters)")
            }
        }

        func run() async throws {
            try await Session.run(global) { session in
                guard let parts else { return ExitStatus.usage }
                let center = try GeoPoint.parse(parts.coordinates)
                let router = try session.router(only: [parts.name])
                guard let provider = router.providers.first else { return ExitStatus.usage }
                let config = try session.config()
                let folder = PathResolution.resolve(parts.folder, environment: session.environment, relativeTo: session.workingDirectory)
                let sizes = size.isEmpty ? [config.album.size] : size.compactMap(PhotoSize.init)
                let recorder = FixtureRecorder(provider: provider, retryPolicy: try session.retryPolicy(), downloads: config.downloads)
                let recording = try await recorder.record(
                    center: center, radiusKm: radius, count: count, sizes: sizes, into: folder, replace: force)
                if session.options.json {
                    try session.printJSON(recording)
                } else if recording.photos > 0 {
                    session.say(
                        """
                        Recorded \(Plural.count(recording.photos, "photo")) of \(provider.name) within \(Kilometres.text(radius)) of \(center) into \(folder) (manifest.json and \(Plural.count(recording.files, "file")), \(Format.bytes(recording.bytes))).
                        Serve them offline with this provider in a config: { "name": "recorded", "type": "fixture", "path": "\(folder)" }
                        """)
                }
                let unanswered = recording.photos == 0 ? FetchReport.unanswered(recording.failures) : nil
                if unanswered == nil { session.noteProviderFailures(recording.failures, othersAnswered: recording.photos > 0) }
                if recording.withoutLocation > 0 {
                    session.note(
                        "\(Plural.count(recording.withoutLocation, "photo has", "photos have")) no location and \(Plural.word(recording.withoutLocation, "was", "were")) left out (a fixture photo needs one)"
                    )
                }
                for failed in recording.failed { session.note("left out \(failed)") }
                if recording.photos == 0 {
                    if let unanswered {
                        // Each provider once, then why nothing was recorded.
                        for line in unanswered.notes.map(TerminalReport.line) { session.note(line) }
                        session.note("\(unanswered.headline); nothing was written")
                        return ExitStatus.of(unanswered)
                    }
                    session.note("no photos to record within \(Kilometres.text(radius)) of \(center); nothing was written")
                    return ExitStatus.unavailable
                }
                return recording.failed.isEmpty ? ExitStatus.ok : ExitStatus.temporaryFailure
            }
        }
    }
}
