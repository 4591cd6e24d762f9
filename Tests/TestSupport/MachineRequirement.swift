import Foundation

/// Something a suite needs from the machine that a fresh clone cannot bring: a browser, the right
/// to mount file systems, Ceph. Where it is missing, the suite is skipped, saying what is missing
/// and how to install it; on CI (`CI=true`, which `.ci/run` sets) every suite must run, so there
/// each of its tests fails with those words instead of passing unseen (as restic forbids skips in
/// CI). A suite states it as `.enabled(if: try X.requirement.runs(), Comment(rawValue: X.requirement.missing))`.
public struct MachineRequirement: Sendable {
    /// Whether the machine has it (asked when the suite is about to run).
    public let isMet: @Sendable () -> Bool
    /// What is missing and how to install it, in a sentence.
    public let missing: String

    public init(isMet: @escaping @Sendable () -> Bool, missing: String) {
        self.isMet = isMet
        self.missing = missing
    }

    /// Whether CI requires every suite to run: `CI=true` in the environment.
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// True when met; false (the suite is skipped) when not, except on CI, where it throws.
    public func runs() throws -> Bool {
        if isMet() { return true }
        if Self.isCI { throw Unmet(description: "CI=true requires this suite to run, but \(missing)") }
        return false
    }

    /// A requirement not met on CI: the test fails with this.
    public struct Unmet: Error, CustomStringConvertible {
        public let description: String
    }
}
