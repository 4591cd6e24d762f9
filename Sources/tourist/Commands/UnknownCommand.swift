import ArgumentParser
import TouristCore

/// A word where a command belongs that names none: `tourist fecth Paris`, `tourist pin lsit`.
/// ArgumentParser says "2 unexpected arguments"; tourist names the word and the command it is
/// probably meant to be (`NearMatches`), or lists the commands there are.
struct UnknownCommand {
    /// The commands written before the word (`["pin"]` in `tourist pin lsit`).
    let parents: [String]
    let word: String
    /// The commands that could stand there, in `--help`'s order.
    let commands: [String]

    /// The first unknown command word of `arguments` (global options already moved after the
    /// command, see `GlobalOptionPlacement`); nil when each command word is known or an option
    /// comes first, so ArgumentParser's own message says what is wrong.
    static func find(in arguments: [String], root: any ParsableCommand.Type = Tourist.self) -> UnknownCommand? {
        walk(arguments, root: root).unknown
    }

    /// The command words of `arguments` that name known commands (`["pin", "add"]`).
    static func path(of arguments: [String], root: any ParsableCommand.Type = Tourist.self) -> [String] {
        walk(arguments, root: root).path
    }

    /// Follows `arguments` down the command tree: the known command words, and the first unknown
    /// one where a command belongs.
    private static func walk(_ arguments: [String], root: any ParsableCommand.Type) -> (path: [String], unknown: UnknownCommand?) {
        var command = root
        var parents: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            let name = String(argument.prefix { $0 != "=" })
            if GlobalOptionPlacement.valued.contains(argument) {
                index += 2
                continue
            }
            if GlobalOptionPlacement.flags.contains(argument) || GlobalOptionPlacement.valued.contains(name) {
                index += 1
                continue
            }
            // Another option, or ArgumentParser's own `help` command: the parser says more.
            guard !argument.hasPrefix("-"), argument != "help" else { return (parents, nil) }
            let subcommands = command.configuration.subcommands.filter { $0.configuration.shouldDisplay }
            guard !subcommands.isEmpty else { return (parents, nil) }
            guard let next = subcommands.first(where: { $0._commandName == argument || $0.configuration.aliases.contains(argument) }) else {
                return (parents, UnknownCommand(parents: parents, word: argument, commands: subcommands.map { $0._commandName }))
            }
            parents.append(argument)
            command = next
            index += 1
        }
        return (parents, nil)
    }

    /// `unknown command "pin lsit". Did you mean "pin list"?`, or the commands there are.
    var message: String {
        let prefix = parents.map { $0 + " " }.joined()
        let said = "unknown command \"\(prefix)\(word)\""
        let nearest = NearMatches(commands).nearest(to: word).map { "\"\(prefix)\($0)\"" }
        if let last = nearest.last {
            let choices = nearest.count == 1 ? last : nearest.dropLast().joined(separator: ", ") + " or " + last
            return "\(said). Did you mean \(choices)?"
        }
        let whose = parents.isEmpty ? "The commands" : "The \(parents.joined(separator: " ")) commands"
        return "\(said). \(whose) are: \(commands.joined(separator: ", ")); see tourist \(prefix)--help"
    }
}
