import Foundation
import Testing

@testable import TouristCore

/// When a lease's holder on this machine is gone: its pid names no process, or a process that
/// started at another time (the pid was used again).
@Suite struct LeaseRecordTests {
    func record(pid: Int32 = getpid(), start: UInt64?) -> LeaseRecord {
        LeaseRecord(
            holder: "test", host: LeaseRecord.thisHost, pid: pid, expires: Date().addingTimeInterval(300),
            pidSpace: ProcessSpace.current, pidStart: start)
    }

    @Test func aLiveHolderHoldsAndAPidUsedAgainDoesNot() throws {
        let start = try #require(ProcessSpace.currentStart, "/proc tells this process's start")
        #expect(ProcessSpace.startTime(of: getpid()) == start)
        #expect(!record(start: start).isVacant(now: Date()), "this process holds its own lease")
        #expect(record(start: start + 1).isVacant(now: Date()), "a process with the holder's pid that started later is not it")
        #expect(!record(start: nil).isVacant(now: Date()), "an older lease, without its holder's start, is held while the pid lives")
    }

    @Test func aHolderThatEndedHoldsNothing() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        let pid = child.processIdentifier
        child.waitUntilExit()
        #expect(ProcessSpace.startTime(of: pid) == nil, "an ended process has no start")
        #expect(record(pid: pid, start: 1).isVacant(now: Date()))
    }
}
