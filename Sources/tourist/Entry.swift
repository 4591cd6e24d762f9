import ArgumentParser
import NIOCore
import NIOPosix

/// Where `tourist` starts. For `tourist serve`, Swift concurrency first runs its tasks on the
/// server's network threads (SwiftNIO's event loops) instead of a pool of its own, so a request is
/// not handed from one thread to another and back (measured in docs/benchmarks.md's serve benchmark); the
/// other commands keep the default pool.
///
/// Parsing and running are ArgumentParser's `main`, but for arguments it cannot parse, which
/// `ParsingFailure` answers, for no arguments at all, which `GettingStarted` answers, for
/// `tourist --help`, which `RootHelp` answers, and for `tourist --version`, which `VersionText`
/// answers.
@main
enum Entry {
    static func main() async {
        guard CommandLine.arguments.count > 1 else {
            Terminal.write(GettingStarted.text)
            return
        }
        let arguments = GlobalOptionPlacement.reorder(Array(CommandLine.arguments.dropFirst()))
        if RootHelp.isAsked(arguments) {
            Terminal.write(RootHelp.text)
            return
        }
        if VersionText.isAsked(arguments) {
            do {
                Terminal.write(try VersionText.answer(arguments))
            } catch {
                Tourist.exit(withError: error)
            }
            return
        }
        if GlobalOptionPlacement.command(of: arguments) == ServeCommand.configuration.commandName {
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        var command: any ParsableCommand
        do {
            command = try await Tourist.asyncParseAsRoot(arguments)
        } catch {
            ParsingFailure.exit(error, arguments: arguments)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            Tourist.exit(withError: error)
        }
    }
}
