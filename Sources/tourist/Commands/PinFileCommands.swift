import ArgumentParser
import Foundation
import TouristCore

extension PinCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add the pins a CSV or GeoJSON file lists, all or none.",
            discussion: """
                CSV: name,latitude,longitude[,radius_km] per line, a header line optional (an empty \
                name names the pin by its coordinates); a `place` column may stand for the coordinates: \
                a city's name, looked up in the bundled gazetteer only, never online; `taken` and `months` \
                columns (a header names them) give a time window, as --taken and --months do. GeoJSON: a \
                FeatureCollection of Points, and of LineStrings or MultiLineStrings for route pins (joined and \
                simplified as `pin add --route` does), properties "name", "radiusKm", "taken" and "months" \
                optional, as `pin export --format geojson` writes. A pin already there with the same name, \
                place (or line) and radius is left as it is, so importing a file twice changes nothing. \
                FILE - reads stdin.
                Example: tourist pin import places.csv && tourist fetch --all
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(
            help: ArgumentHelp("The pin file (- for stdin).", valueName: "file"), completion: .file(extensions: ["csv", "geojson", "json"]))
        var file: String
        @Option(
            name: .long, help: ArgumentHelp("The file's format (default: by its extension, else by its content).", valueName: "csv|geojson")
        )
        var format: PinFileFormat?
        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("Search radius in kilometres for the places the file gives none.", valueName: "km"))
        var radius: Double = Defaults.radiusKm

        func validate() throws {
            try CoordinateArguments.validateRadius(radius)
        }

        func run() async throws {
            try await Session.run(global) { session in
                let (bytes, name) = try PinFileInput.read(file)
                let entries = try Library.readPinFile(bytes, file: name, format: format, gazetteer: session.gazetteer)
                let imported = try session.library().importPins(entries, defaultRadiusKm: radius, file: name)
                if session.options.json {
                    try session.printJSON(["added": imported.added, "unchanged": imported.unchanged])
                } else if entries.isEmpty {
                    session.say("\(name) lists no pins; nothing changed.")
                } else {
                    let added = imported.added.count
                    var line = "Imported \(Plural.count(added, "pin")) from \(name)"
                    if !imported.unchanged.isEmpty { line += " (\(imported.unchanged.count) already there, unchanged)" }
                    session.say(line + (added > 0 ? ".\nNext: tourist fetch --all" : "."))
                }
                return 0
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the pins (or those named) as CSV or GeoJSON, which `pin import` reads back.",
            discussion: """
                GeoJSON writes a route pin as a LineString of its line, and any pin's time window as "taken" \
                and "months". CSV writes a window in `taken` and `months` columns, but holds no line: a route \
                pin is refused (exit 64), never written without it; export it as GeoJSON.
                Example: tourist pin export --output places.geojson
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Pin ids or names (default: every pin).", completion: Completions.pins) var pins: [String] = []
        @Option(
            name: .long,
            help: ArgumentHelp("The format (default: by --output's extension, else CSV; GeoJSON with --json).", valueName: "csv|geojson"))
        var format: PinFileFormat?
        @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of stdout (replaced whole).", valueName: "file"))
        var output: String?

        func validate() throws {
            if global.json, output == nil, format == .csv {
                throw ValidationError(
                    "--json prints one JSON document, and --format csv is not JSON; leave out one of them, or write the CSV with --output FILE"
                )
            }
        }

        func run() async throws {
            try await Session.run(global) { session in
                let chosen =
                    format ?? output.flatMap(PinFileFormat.named(byExtensionOf:))
                    ?? (session.options.json && output == nil ? .geojson : .csv)
                let (text, count) = try session.library().exportPins(pins, format: chosen)
                guard let output else {
                    Terminal.write(text)
                    return 0
                }
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
                } catch {
                    throw CommandFailure(.io, "cannot write \(output): \(error.localizedDescription); choose a folder you can write to")
                }
                if session.options.json {
                    try session.printJSON(PinExportReport(path: output, format: chosen.rawValue, pins: count))
                } else {
                    session.say("Exported \(Plural.count(count, "pin")) to \(output) (\(chosen.rawValue)).")
                }
                return 0
            }
        }
    }
}

/// What `pin export --output FILE --json` prints.
struct PinExportReport: Encodable {
    var path: String
    var format: String
    var pins: Int
}

/// Reads the file `pin import` names, or stdin for `-`, up to `PinFileFormat.maxFileBytes`.
enum PinFileInput {
    /// The bytes and the name to use in messages.
    static func read(_ path: String) throws -> (bytes: [UInt8], name: String) {
        if path == "-" {
            return (try capped(FileHandle.standardInput, name: "stdin"), "stdin")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw CommandFailure(.missingInput, "\(path): no such file; give the path of a CSV or GeoJSON pin file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandFailure(.missingInput, "\(path) cannot be read; check its permissions")
        }
        defer { try? handle.close() }
        return (try capped(handle, name: path), path)
    }

    /// Everything `handle` holds, refused as soon as it passes the cap (a pipe may never end).
    private static func capped(_ handle: FileHandle, name: String) throws -> [UInt8] {
        let limit = PinFileFormat.maxFileBytes
        var bytes: [UInt8] = []
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            guard bytes.count + chunk.count <= limit else {
                throw CommandFailure(
                    .badData,
                    "\(name) is larger than \(limit >> 20) MiB, the most `pin import` reads; split it into smaller files and import each")
            }
            bytes += chunk
        }
        return bytes
    }
}

extension PinFileFormat: ExpressibleByArgument {}
