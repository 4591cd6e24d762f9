import ArgumentParser
import TouristCore

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search photos near a place once, without saving anything.",
        discussion: """
            Examples: tourist search 40.6892 -74.0445 --radius 2 --count 5; tourist search Kyoto --radius 10. \
            A place is found as pin add finds it: coordinates, a city's name, or, with the config's "geocoder" on, \
            a landmark or address looked up online by OpenStreetMap's Nominatim.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Search radius in kilometres.", valueName: "km"))
    var radius: Double = Defaults.radiusKm
    @Option(name: .long, parsing: .unconditional, help: "How many photos.")
    var count: Int = Defaults.albumPhotos
    @Option(name: .long, help: ArgumentHelp("Use this provider instead of the config's routing; repeat for several, in order.", valueName: "name"), completion: Completions.providers)
    var provider: [String] = []
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The place: a city's name, its coordinates, or (with the geocoder on) a landmark or address.", valueName: "place"))
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
            let router = try session.router(only: provider)
            let result = await router.search(center: center, radiusKm: radius, count: count, exclude: [])
            let photos = result.candidates.map { PhotoJSON(candidate: $0, distanceKm: $0.location.map { $0.distanceKm(to: center) }) }
            let failures = result.failures.filter { !$0.isNoPhotos }
            let unanswered = photos.isEmpty ? FetchReport.unanswered(result.failures) : nil
            if session.options.json {
                try session.printJSON(["photos": photos])
            } else if photos.isEmpty, unanswered == nil {
                session.say("No photos within \(Kilometres.text(radius)) of \(center).")
            } else if !photos.isEmpty {
                var table = Table("PHOTO", "DISTANCE", "TITLE", "OWNER", "LICENSE")
                for photo in photos {
                    table.add([photo.id, photo.distanceKm.map(Kilometres.text) ?? "-", photo.title, photo.owner ?? "-", photo.license ?? "-"])
                }
                session.say(table.rendered())
            }
            if let unanswered {
                // Each provider once, then why nothing was found.
                for line in TerminalReport.lines(unanswered) { session.note(line) }
                return ExitStatus.of(unanswered)
            }
            session.noteProviderFailures(result.failures, othersAnswered: true)
            if photos.isEmpty, let visit = FetchAdvice.visit(ProviderFailure.placesWithPhotos(answering: result.failures), by: .search) {
                session.note(visit.remedy.map(RemedyCommands.clause) ?? visit.page)
            }
            // Fewer photos than asked for while a provider failed: asking again may find the rest.
            return photos.count < count && !failures.isEmpty ? ExitStatus.temporaryFailure : ExitStatus.ok
        }
    }
}
