import ArgumentParser
import TouristCore

/// The PIN of a command that takes one pin and nothing after it (`fetch`, `new-collection`,
/// `album`, `pin show`, `pin edit`): every word typed there, as one name, so `tourist fetch Eiffel
/// Tower` is `tourist fetch "Eiffel Tower"`, as `pin add New York` takes a place of two words.
/// Options may stand before, between or after the words.
struct PinWords: ParsableArguments {
    @Argument(
        help: ArgumentHelp("The pin's id or name (a name of several words needs no quotes).", valueName: "pin"),
        completion: Completions.pins)
    var words: [String] = []

    /// The words as one pin reference (joined by single spaces), or nil when none were typed.
    var reference: String? {
        words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// In `validate()` of a command that needs a pin: `missing` is the usage error without one.
    func require(_ missing: String) throws {
        guard reference != nil else { throw ValidationError(missing) }
    }

    /// The pin named, once `require` made sure there is one.
    func named() throws -> String {
        guard let reference else { throw CommandFailure.usage("name the pin: its id or name (`tourist pin list` shows them)") }
        return reference
    }

    /// The id of the pin named, in `library` (`Library.resolvePin`). When the words name no pin
    /// because an option took only the first word of its value (`tourist pin edit Paris --name New
    /// York` reads the pin as "Paris York"), the error shows the value quoted instead.
    /// `arguments`: the command line as typed, without the program.
    func resolve(in library: Library, arguments: [String] = Array(CommandLine.arguments.dropFirst())) throws -> String {
        let reference = try named()
        do {
            return try library.resolvePin(reference)
        } catch {
            throw splitValue(in: arguments, library: library) ?? error
        }
    }

    /// The usage error for an option's value of two words typed unquoted, whose second word was
    /// taken into the pin's name: the pin's words without it name a pin.
    private func splitValue(in arguments: [String], library: Library) -> CommandFailure? {
        guard words.count > 1, arguments.count > 2 else { return nil }
        for index in arguments.indices.dropLast(2) where arguments[index].hasPrefix("--") && !arguments[index].contains("=") {
            let (value, stray) = (arguments[index + 1], arguments[index + 2])
            guard !value.hasPrefix("-"), let position = words.lastIndex(of: stray) else { continue }
            var rest = words
            rest.remove(at: position)
            guard (try? library.resolvePin(rest.joined(separator: " "))) != nil else { continue }
            var corrected = arguments
            corrected.replaceSubrange(index + 1...index + 2, with: [value + " " + stray])
            return CommandFailure.usage(
                "no pin \"\(words.joined(separator: " "))\": \"\(stray)\" was read as part of the pin's name, not of \(arguments[index]) \(value); "
                    + "a value of several words is one argument: quote it, as in tourist \(corrected.filter { $0 != "--json" }.map(Shell.quoted).joined(separator: " "))"
            )
        }
        return nil
    }
}
