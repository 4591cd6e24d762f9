/// One kind of damage `store verify` finds, as git's fsck names its message ids: each finding is
/// recorded once, by its kind (`VerifyReport.record`), which also says which of the report's older
/// lists names it. The raw value is its name in JSON.
public enum StoreFinding: String, Sendable, Codable, CaseIterable {
    /// `index/pins.json` cannot be read.
    case pinList = "pin-list"
    /// An album file cannot be read.
    case album
    /// An album the pin list does not name.
    case albumWithoutPin = "album-without-pin"
    /// A pin its name does not lead to.
    case name
    /// Blobs used by albums that `index/refs` does not list.
    case references
    /// A blob an album uses that is not in the store (or a stored photo that names none).
    case missingBlob = "missing-blob"
    /// A blob whose bytes no longer hash to its name, or cannot be read.
    case corruptBlob = "corrupt-blob"
    /// A file in `tmp/` left by a process that is gone.
    case tmp

    /// The list of `VerifyReport` that also names a finding of this kind, in its own words: the
    /// damaged blobs, the missing ones, or the index entries that lead nowhere; nil when none does.
    var list: WritableKeyPath<VerifyReport, [String]>? {
        switch self {
        case .corruptBlob: \.corrupt
        case .missingBlob: \.missing
        case .pinList, .album, .albumWithoutPin, .name: \.dangling
        case .references, .tmp: nil
        }
    }
}

/// One kind of damage `store verify` finds, what it is, and the command that repairs it.
public struct StoreProblem: Sendable, Codable, Equatable {
    /// What kind of damage.
    public var kind: StoreFinding
    /// What is wrong, naming the file or pin.
    public var what: String
    /// The one command that repairs it.
    public var repair: String

    public init(kind: StoreFinding, what: String, repair: String = StoreProblem.repairCommand) {
        self.kind = kind
        self.what = what
        self.repair = repair
    }

    /// `tourist store repair`, the answer to every problem but orphans.
    public static let repairCommand = "tourist store repair"
}

extension VerifyReport {
    /// Records a finding of `kind`: a problem saying `what`, and, when the kind has a list
    /// (`StoreFinding.list`), `listed` there.
    mutating func record(_ kind: StoreFinding, _ what: String, listed: String? = nil) {
        problems.append(StoreProblem(kind: kind, what: what))
        if let list = kind.list, let listed { self[keyPath: list].append(listed) }
    }
}
