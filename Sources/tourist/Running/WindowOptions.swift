import ArgumentParser
import TouristCore

/// `--taken` and `--months` of `pin add` and `pin edit`: when the pin's photos must have been taken.
struct WindowOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Only photos taken in these years or days: 2010..2015, ..1950, 2020.., 2019-03-01..2019-04-15 (ends included; `any` for any time).",
            valueName: "range"))
    var taken: String?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Only photos taken in these months of any year: 4, 3-5, 12-2 (December to February), 4,10 or apr (`any` for every month).",
            valueName: "months"))
    var months: String?

    /// Whether either was given.
    var given: Bool { taken != nil || months != nil }

    func validate() throws {
        _ = try edit
    }

    /// The change they ask for (`pin edit`), checked by the rules every front end keeps.
    var edit: PinWindowEdit {
        get throws {
            PinWindowEdit(
                taken: try Self.checked("--taken") { () throws(LibraryError) in try PinWindowEdit.takenPart(taken) },
                months: try Self.checked("--months") { () throws(LibraryError) in try PinWindowEdit.monthsPart(months) })
        }
    }

    /// `parse`'s value, or its error as a usage error naming `flag`.
    private static func checked<Value>(_ flag: String, _ parse: () throws(LibraryError) -> Value) throws -> Value {
        do {
            return try parse()
        } catch {
            throw ValidationError("\(flag): \(error.message)")
        }
    }

    /// The window they name (`pin add`); nil when neither was given or both are `any`.
    var window: TimeWindow? {
        get throws { try edit.applied(to: nil) }
    }
}
