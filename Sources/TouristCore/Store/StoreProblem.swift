/// One kind of damage `store verify` finds, what it is, and the command that repairs it.
public struct StoreProblem: Sendable, Codable, Equatable {
    /// What kind of damage (`pin-list`, `album`, `album-without-pin`, `name`,
    /// `references`, `missing-blob`, `corrupt-blob`, `tmp`).
    public var kind: String
    /// What is wrong, naming the file or pin.
    public var what: String
    /// The one command that repairs it.
    public var repair: String

    public init(kind: String, what: String, repair: String = StoreProblem.repairCommand) {
        self.kind = kind
        self.what = what
        self.repair = repair
    }

    /// `tourist store repair`, the answer to every problem but orphans.
    public static let repairCommand = "tourist store repair"
}
