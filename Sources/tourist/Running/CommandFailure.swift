import TouristCore

/// An error a command reports as it is, with its class (and so its exit code).
struct CommandFailure: ClassifiedError {
    let failureClass: FailureClass
    let message: String

    init(_ failureClass: FailureClass, _ message: String) {
        self.failureClass = failureClass
        self.message = message
    }

    var description: String { message }

    static func usage(_ message: String) -> CommandFailure { CommandFailure(.usage, message) }
}
