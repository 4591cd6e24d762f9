import NIOCore
import NIOPosix

/// Where `tourist` starts. For `tourist serve`, Swift concurrency first runs its tasks on the
/// server's network threads (SwiftNIO's event loops) instead of a pool of its own, so a request is
/// not handed from one thread to another and back (measured in the README's serve benchmark); the
/// other commands keep the default pool.
@main
enum Entry {
    static func main() async {
        if Self.subcommand(of: Array(CommandLine.arguments.dropFirst())) == ServeCommand.configuration.commandName {
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        await Tourist.main()
    }

    /// The first word that is not an option or an option's value.
    static func subcommand(of arguments: [String]) -> String? {
        var skipValue = false
        for argument in arguments {
            if skipValue {
                skipValue = false
            } else if ["--config", "--store"].contains(argument) {
                skipValue = true
            } else if !argument.hasPrefix("-") {
                return argument
            }
        }
        return nil
    }
}
