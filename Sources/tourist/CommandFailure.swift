/// An error a command reports as it is, with its exit code.
struct CommandFailure: Error, CustomStringConvertible {
    let message: String
    let exitCode: Int32

    var description: String { message }

    static func usage(_ message: String) -> CommandFailure { CommandFailure(message: message, exitCode: ExitStatus.usage) }
}
