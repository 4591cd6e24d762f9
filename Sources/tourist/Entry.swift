import NIOCore
import NIOPosix

/// Where `tourist` starts. For `tourist serve`, Swift concurrency first runs its tasks on the
/// server's network threads (SwiftNIO's event loops) instead of a pool of its own, so a request is
/// not handed from one thread to another and back (measured in the README's serve benchmark); the
/// other commands keep the default pool.
@main
enum Entry {
    static func main() async {
        let arguments = GlobalOptionPlacement.reorder(Array(CommandLine.arguments.dropFirst()))
        if GlobalOptionPlacement.command(of: arguments) == ServeCommand.configuration.commandName {
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        }
        await Tourist.main(arguments)
    }
}
