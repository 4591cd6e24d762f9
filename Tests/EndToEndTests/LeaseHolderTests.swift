import Foundation
import Glibc
import Testing
import TestSupport

/// "Its holder is dead" through the built binary on a store in a folder: a lease whose pid is gone
/// here is taken over at once only when its holder ran in this very process space (kernel boot and
/// pid namespace); one of a container or a cloned VM that merely shares the host name is left to
/// its holder, which may be alive there.
struct LeaseHolderTests {
    /// A harness whose fetches wait 1 s at most for a held pin, with a pin near a fixture set.
    static func harnessWithPin() async throws -> (Harness, String) {
        let harness = try Harness(extraEnvironment: ["TOURIST_LEASE_WAIT_SECONDS": "1"])
        let set = harness.folder.child("set")
        try FixtureSetWriter.write(in: set, latitude: 10, longitude: 10, count: 20, bytesPerPhoto: 1024)
        try harness.folder.write(
            "home/.config/tourist/config.json",
            """
            {"album": {"photos": 5}, "providers": [{"name": "own", "type": "fixture", "path": "\(set)"}]}
            """)
        let pin = try #require(try await harness.json("pin", "add", "10.01", "10", "--radius", "2", "--name", "Here")["id"] as? String)
        return (harness, pin)
    }

    /// A pid no process of this namespace has now: a child that has exited (and been reaped).
    static func deadPid() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// This process's space as /proc gives it, read here on its own: `BOOT-ID/pid:[INODE]`.
    static func thisProcessSpace() throws -> String {
        let boot = try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let namespace = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid")
        return boot + "/" + namespace
    }

    /// Writes a lease on `pin` held for an hour by `pid` on this host's name, in `space`.
    static func writeLease(_ harness: Harness, pin: String, pid: Int32, space: String) throws {
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count)
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let expires = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600))
        let record = #"{"holder":"\#(host):\#(pid):9","host":"\#(host)","pid":\#(pid),"expires":"\#(expires)","pidSpace":"\#(space)"}"#
        try harness.folder.write("store/leases/\(pin).json", record)
    }

    @Test func aHolderOfTheSameHostNameInAnotherProcessSpaceKeepsItsLease() async throws {
        let (harness, pin) = try await Self.harnessWithPin()
        let pid = try Self.deadPid()
        // A live process of a clone (another boot) whose pid is free here: its lease holds.
        try Self.writeLease(harness, pin: pin, pid: pid, space: "00000000-0000-4000-8000-000000000000/pid:[4026531836]")
        let waited = try await harness.run("fetch", pin, expecting: 75)
        #expect(waited.stderr.contains("pid \(pid)") && waited.stderr.contains("leases/\(pin).json"), "\(waited.stderr)")
        #expect(try await harness.json("album", pin).photos.isEmpty, "nothing was fetched under another's lease")
        // The same dead pid in this very space is a holder that died: taken over at once.
        try Self.writeLease(harness, pin: pin, pid: pid, space: try Self.thisProcessSpace())
        let fetched = try await harness.json("fetch", pin)
        #expect(fetched.photos.count == 5, "\(fetched)")
        #expect(!FileManager.default.fileExists(atPath: harness.store + "/leases/\(pin).json"), "the lease was given up")
    }
}
