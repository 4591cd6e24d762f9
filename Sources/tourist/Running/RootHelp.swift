/// `tourist --help` (also `-h` and `help`, with global flags beside them): ArgumentParser's help
/// of the root command, whose commands come right after its options, then `Tourist.guide`.
/// Every other help is ArgumentParser's own.
enum RootHelp {
    /// Whether `arguments` ask for the root command's help.
    static func isAsked(_ arguments: [String]) -> Bool {
        let words = arguments.filter { !GlobalOptionPlacement.flags.contains($0) }
        return words.count == 1 && ["--help", "-h", "help"].contains(words[0])
    }

    /// The help text.
    static var text: String {
        let help = Tourist.helpMessage()
        return (help.hasSuffix("\n") ? help : help + "\n") + "\n" + Tourist.guide
    }
}
