import ArgumentParser
import Foundation
import TouristCore

struct PinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Add, list, show, edit, remove, import and export pins.",
        subcommands: [Add.self, List.self, Show.self, Edit.self, Remove.self, Import.self, Export.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Save a pin at a place by its name (a city; a landmark or an address with the geocoder on), or at LAT LON, LAT,LON or geo:LAT,LON (southern and western values are plain negative numbers).",
            discussion: """
                Examples: tourist pin add Kyoto; tourist pin add "Paris, TX"; \
                tourist pin add -33.8568 151.2153 --name "Sydney Opera House". \
                Names are the cities of 15,000 people or more (GeoNames, CC BY 4.0); a name several \
                places share lists them to choose from. Landmarks and addresses ("Eiffel Tower") are \
                looked up online by OpenStreetMap's Nominatim when the config's "geocoder" is on (off \
                by default; docs/places.md, "Landmarks and addresses"); its answers are kept in the store.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(
            name: .long, parsing: .unconditional,
            help: "A name to refer to the pin by (default: the place's name as found, \"Paris, TX\"; for coordinates, the coordinates).")
        var name: String?
        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp(
                "Search radius in kilometres (default: \(Kilometres.argument(Defaults.radiusKm)); a pin already there keeps its own).",
                valueName: "km"))
        var radius: Double?
        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp(
                "A route file (GPX track or route, GeoJSON LineString or MultiLineString): the pin searches within --radius of its line.",
                valueName: "file"))
        var route: String?
        @OptionGroup var window: WindowOptions
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp(
                "The place: a city's name, its coordinates, or (with the geocoder on) a landmark or address.", valueName: "place"))
        var coordinates: [String] = []

        func validate() throws {
            if route != nil {
                guard coordinates.isEmpty else { throw ValidationError("give a place or --route FILE, not both") }
                try CoordinateArguments.validateRadius(radius ?? Defaults.radiusKm)
            } else {
                try CoordinateArguments.validate(coordinates, radius: radius ?? Defaults.radiusKm, placeNames: true)
            }
            if let name { try PinNameArgument.validate(name) }
        }

        func run() async throws {
            try await Session.run(global) { session in
                if let route {
                    let (pin, created) = try session.library().addRoute(
                        file: route, name: name, radiusKm: radius, window: try window.window)
                    if session.options.json {
                        try session.printJSON(pin)
                    } else if created {
                        let taken = pin.window.map { ", photos \($0.words)" } ?? ""
                        session.say(
                            "Added pin \(pin.id) \"\(pin.name)\": a \(pin.whereText ?? "route"), radius \(Kilometres.text(pin.radiusKm)) from its line\(taken).\nNext: tourist fetch \(pin.id)"
                        )
                    } else {
                        session.say("Pin \(pin.id) \"\(pin.name)\" already follows this route; nothing changed.")
                    }
                    return 0
                }
                let place = try await session.placeFinder().resolve(coordinates)
                if let note = place.note { session.note(note) }
                let location = place.location
                let (pin, created) = try session.library().addPin(place: place, name: name, radiusKm: radius, window: try window.window)
                if session.options.json {
                    try session.printJSON(pin)
                } else if created {
                    let taken = pin.window.map { ", photos \($0.words)" } ?? ""
                    session.say(
                        "Added pin \(pin.id) \"\(pin.name)\" at \(location), radius \(Kilometres.text(pin.radiusKm))\(taken).\nNext: tourist fetch \(pin.id)"
                    )
                } else {
                    session.say("Pin \(pin.id) \"\(pin.name)\" already exists at \(location); nothing changed.")
                }
                return 0
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the pins with their state and photo count, oldest first.")

        @OptionGroup var global: GlobalOptions
        @Option(name: .long, help: ArgumentHelp("The order of the list: by creation (as added), name or state.", valueName: "order"))
        var sort: PinOrder = .created

        /// The widest a name is shown in the table.
        static let nameColumns = 40
        /// The narrowest a place is cut to on a narrow terminal.
        static let placeColumns = 16

        func run() async throws {
            try await Session.run(global) { session in
                let pins = sort.sorted(try session.library().pins())
                if session.options.json {
                    Terminal.write(bytes: PinRecordCodec.listDocument(pins))
                } else if pins.isEmpty {
                    session.say("No pins yet. Add one: tourist pin add 48.8584 2.2945 --name \"Eiffel Tower\"")
                } else {
                    // The TAKEN column only when a pin has a time window.
                    let windows = pins.contains { $0.window != nil }
                    var table = Table(
                        headers: ["ID", "NAME", "PLACE", "LATITUDE", "LONGITUDE", "RADIUS"] + (windows ? ["TAKEN"] : []) + [
                            "STATE", "PHOTOS",
                        ])
                    // A narrow terminal loses the coordinates (PLACE says where), then the radius,
                    // before a row would wrap; a place keeps its start ("near New York C…").
                    table.droppable = ["LATITUDE", "LONGITUDE", "RADIUS"]
                    table.keepingStart = ["PLACE": Self.placeColumns]
                    table.reserve(rows: pins.count)
                    for pin in pins {
                        // Long names are cut in the table (never in --json).
                        table.add(
                            [
                                pin.id, DisplayWidth.cut(pin.name, to: Self.nameColumns), pin.whereText ?? "-",
                                GeoPoint.format(pin.latitude),
                                GeoPoint.format(pin.longitude), Kilometres.text(pin.radiusKm),
                            ] + (windows ? [pin.window?.text ?? "-"] : []) + [pin.state.rawValue, String(pin.photos)])
                    }
                    // On a terminal the table fits its width; into a pipe or file, rows are whole.
                    if let width = TerminalWidth.of(STDOUT_FILENO, environment: session.environment) {
                        session.say(table.rendered(fitting: width))
                    } else {
                        Terminal.write(bytes: table.renderedBytes())
                    }
                }
                return 0
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one pin.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var pin: PinWords

        func validate() throws {
            try pin.require("name the pin to show: its id or name")
        }

        func run() async throws {
            try await Session.run(global) { session in
                let library = try session.library()
                let album = try library.album(try pin.resolve(in: library))
                let shown = album.pin
                if session.options.json {
                    try session.printJSON(shown)
                } else {
                    var text = """
                        id:        \(shown.id)
                        name:      \(shown.name)
                        location:  \(GeoPoint.format(shown.latitude)),\(GeoPoint.format(shown.longitude))
                        place:     \(shown.placeText ?? "-")
                        radius:    \(Kilometres.text(shown.radiusKm))
                        taken:     \(shown.window.map { "\($0.words) (\($0.text))" } ?? "any time")
                        state:     \(shown.state.rawValue)\(shown.state == .interrupted ? " (the last fetch stopped before it ended; `tourist fetch \(shown.id)` resumes it)" : "")
                        photos:    \(shown.photos) of \(album.target)
                        created:   \(shown.createdAt.formatted(.iso8601))
                        """
                    if let routeKm = shown.routeKm {
                        text +=
                            "\nroute:     \(Kilometres.text(routeKm.rounded())), \(album.route?.points.count ?? 0) points (the location is its start)"
                    }
                    if let error = shown.error { text += "\nerror:     \(error)" }
                    session.say(text)
                }
                return 0
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Rename a pin or change its search radius or time window; its album, and what it has shown and removed, stay.",
            discussion: """
                Later fetches and new collections search within the new radius and time window; the pin is found by its new name only. \
                `--taken any` and `--months any` lift the window's parts.
                Examples: tourist pin edit Louvre --radius 12; tourist pin edit Kyoto --months 4 --taken any
                """
        )

        @OptionGroup var global: GlobalOptions
        @OptionGroup var pin: PinWords
        @Option(name: .long, parsing: .unconditional, help: "The pin's new name.")
        var name: String?
        @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The new search radius in kilometres.", valueName: "km"))
        var radius: Double?
        @OptionGroup var window: WindowOptions

        func validate() throws {
            try pin.require("name the pin to edit: its id or name")
            guard name != nil || radius != nil || window.given else {
                throw ValidationError("say what to change: --name NAME, --radius KM, --taken RANGE, --months MONTHS, or several")
            }
            if let radius { try CoordinateArguments.validateRadius(radius) }
            if let name { try PinNameArgument.validate(name) }
        }

        func run() async throws {
            try await Session.run(global) { session in
                let library = try session.library()
                let change = try library.editPin(try pin.resolve(in: library), name: name, radiusKm: radius, window: try window.edit)
                if session.options.json {
                    try session.printJSON(change.after)
                } else {
                    session.say(Self.describe(change))
                }
                return 0
            }
        }

        /// `Pin 3f2a1b4c "Louvre": radius 5 km → 12 km.`, and what to run next for the new radius.
        static func describe(_ change: PinChange) -> String {
            let (before, after) = (change.before, change.after)
            var changes: [String] = []
            if change.renamed { changes.append("name \"\(before.name)\" → \"\(after.name)\"") }
            if change.radiusChanged { changes.append("radius \(Kilometres.text(before.radiusKm)) → \(Kilometres.text(after.radiusKm))") }
            if change.windowChanged {
                changes.append("photos \(before.window?.words ?? "taken at any time") → \(after.window?.words ?? "taken at any time")")
            }
            guard !changes.isEmpty else {
                return "Pin \(after.id) \"\(after.name)\" (radius \(Kilometres.text(after.radiusKm))): nothing changed."
            }
            let label = change.renamed ? "Pin \(after.id)" : "Pin \(after.id) \"\(after.name)\""
            var text = "\(label): \(changes.joined(separator: ", "))."
            switch change.next {
            case .newCollection:
                let taken = after.window.map { " \($0.takenPhrase)" } ?? ""
                text +=
                    "\nNext: tourist new-collection \(after.id) (photos\(taken) within \(Kilometres.text(after.radiusKm)) it has not shown)"
            case .fetch: text += "\nNext: tourist fetch \(after.id)"
            case nil: break
            }
            return text
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Remove pins with their albums and the photos no other album uses.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Pin ids or names.", completion: Completions.pins) var pins: [String]

        func validate() throws {
            guard !pins.isEmpty else { throw ValidationError("name at least one pin to remove") }
        }

        func run() async throws {
            try await Session.run(global) { session in
                let library = try session.library()
                var removal = Removal(removed: [], deletedFiles: 0)
                let ids: [String]
                do {
                    ids = try library.pinsToRemove(pins)
                } catch {
                    throw SplitName.refine(error, words: pins, library: library, command: "pin rm")
                }
                for id in ids {
                    let name = try library.album(id).pin.name
                    let blobs = try library.removePin(id).deletedFiles
                    removal.removed.append(id)
                    removal.deletedFiles += blobs
                    session.say("Removed pin \(id) \"\(name)\" (\(library.store.filesGone(deleted: blobs))).")
                }
                if session.options.json { try session.printJSON(removal) }
                return 0
            }
        }
    }
}

/// Checks the coordinate words and radius of `pin add` and `search` (and the radius of `pin edit`)
/// before anything runs.
enum CoordinateArguments {
    /// `placeNames`: a place name (`PlaceInput`) is welcome too; it is looked up when the command runs.
    static func validate(_ words: [String], radius: Double, placeNames: Bool = false) throws {
        try validateRadius(radius)
        if let stray = words.first(where: { $0.hasPrefix("--") || ($0.hasPrefix("-") && Double($0) == nil && !$0.contains(",")) }) {
            throw ValidationError("unknown option \(stray)")
        }
        if placeNames, PlaceInput.isName(words) { return }
        do {
            _ = try GeoPoint.parse(words)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// `--radius`, by the rule every front end keeps (`PinRadius`).
    static func validateRadius(_ radius: Double) throws {
        do {
            _ = try PinRadius.checked(radius)
        } catch {
            throw ValidationError("--radius \(error.message)")
        }
    }
}

/// Checks `--name` of `pin add` and `pin edit` before anything runs.
enum PinNameArgument {
    /// By the rules every front end keeps (`PinName`); whether another pin has the name is checked
    /// under the store lock.
    static func validate(_ name: String) throws {
        do {
            _ = try PinName.checked(name)
        } catch {
            throw ValidationError("--name: \(error.message)")
        }
    }
}

extension PinOrder: ExpressibleByArgument {}
