/// Global options may come before the command, as in git and kubectl: `tourist --json pin list`,
/// `tourist --store /x album Paris`. ArgumentParser reads a subcommand's options after its name,
/// so the global options written before the command are moved to the end of the arguments, where
/// every command reads them, before parsing.
enum GlobalOptionPlacement {
    /// The global options that take a value (`--config PATH`, or `--config=PATH`).
    static let valued: Set<String> = ["--config", "--store"]
    /// The global flags.
    static let flags: Set<String> = ["--json", "--quiet", "-q", "--verbose", "-v"]

    /// `arguments` (without the program name) with the global options found before the command
    /// moved after it. Anything else before the command (`--help`, `--version`, an unknown option)
    /// stays where it is, for ArgumentParser to answer.
    static func reorder(_ arguments: [String]) -> [String] {
        var moved: [String] = []
        var kept: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            guard argument.hasPrefix("-"), argument != "--" else { break }
            let name = String(argument.prefix { $0 != "=" })
            if flags.contains(argument) || valued.contains(name) && argument.contains("=") {
                moved.append(argument)
            } else if valued.contains(argument), index + 1 < arguments.endIndex {
                moved += [argument, arguments[index + 1]]
                index += 1
            } else {
                kept.append(argument)
            }
            index += 1
        }
        let rest = Array(arguments[index...])
        // With no command left to carry them, the options stay where they were written.
        guard !rest.isEmpty, !moved.isEmpty else { return arguments }
        return kept + rest + moved
    }

    /// The command word of `arguments`: the first word that is not an option or an option's value.
    static func command(of arguments: [String]) -> String? {
        reorder(arguments).first { !$0.hasPrefix("-") }
    }
}
