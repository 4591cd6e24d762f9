/// A problem in a config file: which file, where in it, what is wrong, and what would fix it.
public struct ConfigError: ClassifiedError, Sendable, Equatable {
    /// The config file's path, or "built-in config".
    public let file: String
    /// Where in the file: a key path such as `providers[1].path`, or `line 3, column 14`.
    public let location: String
    public let problem: String
    public let fix: String

    public init(file: String, location: String, problem: String, fix: String) {
        self.file = file
        self.location = location
        self.problem = problem
        self.fix = fix
    }

    public var failureClass: FailureClass { .config }

    public var description: String {
        location.isEmpty ? "\(file): \(problem). \(fix)" : "\(file): \(location): \(problem). \(fix)"
    }
}
