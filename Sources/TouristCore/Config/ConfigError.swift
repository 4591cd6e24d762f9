/// A problem in a config file: which file, where in it, what is wrong, and what would fix it.
public struct ConfigError: ClassifiedError, Sendable, Equatable {
    /// The config file's path, or "built-in config".
    public let file: String
    /// Where in the file: a key path such as `providers[1].path`, or `line 3, column 14`.
    public let location: String
    public let problem: String
    /// What to change in the file, in words.
    public let fix: String
    /// What to do besides, when a front end can help (write a starter config).
    public let remedy: Remedy?

    public init(file: String, location: String, problem: String, fix: String, remedy: Remedy? = nil) {
        self.file = file
        self.location = location
        self.problem = problem
        self.fix = fix
        self.remedy = remedy
    }

    public var failureClass: FailureClass { .config }

    public var facts: String {
        let fix = fix.isEmpty ? "" : ". \(self.fix)"
        return location.isEmpty ? "\(file): \(problem)\(fix)" : "\(file): \(location): \(problem)\(fix)"
    }

    public var description: String { factsAndRemedy }
}
