import TouristCore

/// A pin's name of several words typed without quotes where a command takes several pins
/// (`tourist pin rm Eiffel Tower`): the words name no pin one by one (or only by a prefix, which
/// `pin rm` refuses), but some of them together name one. The error then says so and shows the
/// command with the name quoted.
enum SplitName {
    /// `error` (met resolving `words`, the command's arguments after `command`), or, when a run
    /// of `words` joined is a pin's whole name or id, the usage error that shows them quoted.
    static func refine(_ error: any Error, words: [String], library: Library, command: String) -> any Error {
        guard words.count > 1 else { return error }
        for length in (2...words.count).reversed() {
            for start in 0...(words.count - length) {
                let joined = words[start..<start + length].joined(separator: " ")
                guard let id = try? library.resolvePin(joined, forRemoval: true) else { continue }
                let rewritten = Array(words[..<start]) + [joined] + Array(words[(start + length)...])
                return CommandFailure.usage(
                    "\"\(joined)\" is a pin (\(id)), typed here as \(length) separate words; "
                        + "a name of several words is one argument: quote it, as in tourist \(command) \(rewritten.map(Shell.quoted).joined(separator: " "))"
                )
            }
        }
        return error
    }

    /// Refuses `tourist export Eiffel Tower` (pin, then a folder): "Eiffel" names the pin "Eiffel
    /// Tower" only by a prefix, while "Eiffel Tower" is its whole name, so "Tower" was meant as part
    /// of the name, not as the folder. A pin's whole name or id typed alone is taken as it is.
    static func refuseNameRead(asFolder folder: String, after pin: String, library: Library, command: String) throws {
        guard (try? library.resolvePin(pin, forRemoval: true)) == nil else { return }
        let joined = pin + " " + folder
        guard let id = try? library.resolvePin(joined, forRemoval: true) else { return }
        throw CommandFailure.usage(
            "\"\(joined)\" is a pin (\(id)), typed here as separate words, so \"\(folder)\" would be the folder; "
                + "a name of several words is one argument: quote it and name the folder, as in tourist \(command) \(Shell.quoted(joined)) FOLDER"
        )
    }
}
