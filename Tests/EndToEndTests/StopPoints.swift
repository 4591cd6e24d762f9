import Foundation
import TestSupport

/// Kills a tourist process at one of the store's named stop points (`TOURIST_TEST_STOP_AT`, see
/// `StopPoint` in TouristCore): the process stops itself there, the test sees it stopped and sends
/// SIGKILL, so the kill lands exactly at that point however busy the machine is.
enum StopPoints {
    /// Runs `tourist arguments…` until it reaches stop point `point`, then kills it. Fails when the
    /// process ends without reaching the point.
    static func kill(_ harness: Harness, _ arguments: [String], at point: String) async throws {
        var binary = harness.tourist
        binary.environment["TOURIST_TEST_STOP_AT"] = point
        let process = try binary.start(arguments, in: harness.folder.path)
        try await Waiting.until("tourist \(arguments.joined(separator: " ")) to stop at \(point)") {
            guard process.isRunning else { throw NotReached(point: point) }
            return isStopped(process.processIdentifier)
        }
        Foundation.kill(process.processIdentifier, SIGKILL)
        _ = try await TouristBinary.waitForExit(process)
    }

    /// Whether process `pid` is stopped by a signal (state `T` in /proc/PID/stat).
    static func isStopped(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        // After "pid (command) " comes the state letter.
        return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).first == "T"
    }

    struct NotReached: Error, CustomStringConvertible {
        let point: String
        var description: String { "the process ended without reaching stop point \(point)" }
    }
}
