import ArgumentParser
import TouristCore

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search photos near a place once, without saving anything.",
        discussion: """
            Examples: tourist search 40.6892 -74.0445 --radius 2 --count 5; tourist search Kyoto --radius 10 --months 4. \
            A place is found as pin add finds it: coordinates, a city's name, or, with the config's "geocoder" on, \
            a landmark or address looked up online by OpenStreetMap's Nominatim.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Search radius in kilometres.", valueName: "km"))
    var radius: Double = Defaults.radiusKm
    @Option(name: .long, parsing: .unconditional, help: "How many photos.")
    var count: Int = Defaults.albumPhotos
    @Option(
        name: .long,
        help: ArgumentHelp("Use this provider instead of the config's routing; repeat for several, in order.", valueName: "name"),
        completion: Completions.providers)
    var provider: [String] = []
    @OptionGroup var window: WindowOptions
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The place: a city's name, its coordinates, or (with the geocoder on) a landmark or address.", valueName: "place"))
    var coordinates: [String] = []

    func validate() throws {
        try CoordinateArguments.validate(coordinates, radius: radius, placeNames: true)
        if let problem = Defaults.photoCountProblem(count, option: "--count") { throw ValidationError(problem) }
    }

    func run() async throws {
        try await Session.run(global) { session in
            let place = try await session.placeFinder().resolve(coordinates)
            if let note = place.note { session.note(note) }
            let center = place.location
            let outcome = try await session.library().search(
                around: center, radiusKm: radius, count: count, window: try window.window, providerNames: provider)
            let photos = outcome.photos
            if session.options.json {
                try session.printJSON(["photos": photos])
            } else if photos.isEmpty, outcome.unanswered == nil {
                let taken = try window.window.map { " \($0.takenPhrase)" } ?? ""
                session.say("No photos\(taken) within \(Kilometres.text(radius)) of \(center).")
            } else if !photos.isEmpty {
                var table = Table("PHOTO", "DISTANCE", "TITLE", "OWNER", "LICENSE")
                for photo in photos {
                    table.add([
                        photo.id, photo.distanceKm.map(Kilometres.text) ?? "-", photo.title, photo.owner ?? "-", photo.license ?? "-",
                    ])
                }
                session.say(table.rendered())
            }
            if let unanswered = outcome.unanswered {
                // Each provider once, then why nothing was found.
                for line in TerminalReport.lines(unanswered) { session.note(line) }
            } else {
                session.noteProviderFailures(outcome.failures, othersAnswered: true)
                if let visit = outcome.visit { session.note(visit.remedy.map(RemedyCommands.clause) ?? visit.page) }
            }
            return outcome.failureClass.map(ExitStatus.code(for:)) ?? ExitStatus.ok
        }
    }
}
