import ArgumentParser

/// The PIN of a command that takes one pin and nothing after it (`fetch`, `new-collection`,
/// `album`, `pin show`, `pin edit`): every word typed there, as one name, so `tourist fetch Eiffel
/// Tower` is `tourist fetch "Eiffel Tower"`, as `pin add New York` takes a place of two words.
/// Options may stand before, between or after the words.
struct PinWords: ParsableArguments {
    @Argument(help: ArgumentHelp("The pin's id or name (a name of several words needs no quotes).", valueName: "pin"), completion: Completions.pins)
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
}
