import ArgumentParser
import TouristCore

/// What tourist says about arguments ArgumentParser cannot parse (other than an unknown command,
/// `UnknownCommand`): its message in tourist's form, with what to do.
///
/// - When the words typed parse once some of them are taken as one argument, a name of several
///   words was probably meant (`tourist export Eiffel Tower ~/out`, `tourist pin edit Paris --name
///   New York`): the message shows the command with that name in quotes.
/// - Else ArgumentParser's own messages ("Unknown option '--bogus'", "Missing value for '--count
///   <count>'", "Unexpected argument 'x'": they start with a capital, tourist's own checks in
///   `validate()` do not, and say their fix already) point to the command's `--help`.
enum ParserMessage {
    static func text(for error: any Error, arguments: [String]) -> String {
        let said = Tourist.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        let path = UnknownCommand.path(of: arguments)
        if let quoted = quotingName(in: arguments, after: path.count) {
            // As the line without --json says it (the JSON error's message is that line).
            let shown = quoted.filter { $0 != "--json" }.map(Shell.quoted).joined(separator: " ")
            return "\(lowercased(said)); a name of several words is one argument: quote it, as in tourist \(shown)"
        }
        guard said.first?.isUppercase == true else { return said.isEmpty ? ExitStatus.meaning(of: ExitStatus.usage) : said }
        return "\(lowercased(said)); see \((["tourist"] + path + ["--help"]).joined(separator: " "))"
    }

    /// `arguments` with the first run of plain words (not options, after the `commandWords`
    /// command words) joined into one, shortest runs first, with which they parse; nil when no
    /// such joining helps.
    static func quotingName(in arguments: [String], after commandWords: Int) -> [String]? {
        let plain = Array(arguments.indices.filter { !arguments[$0].hasPrefix("-") }.dropFirst(commandWords))
        guard plain.count >= 2 else { return nil }
        for length in 2...plain.count {
            for start in plain where (1..<length).allSatisfy({ plain.contains(start + $0) }) {
                var joined = arguments
                joined.replaceSubrange(start..<start + length, with: [arguments[start..<start + length].joined(separator: " ")])
                if (try? Tourist.parseAsRoot(joined)) != nil { return joined }
            }
        }
        return nil
    }

    /// "Unknown option …" as "unknown option …", without a last full stop: tourist's messages
    /// start in lower case, and more follows.
    private static func lowercased(_ text: String) -> String {
        let text = text.hasSuffix(".") ? String(text.dropLast()) : text
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
