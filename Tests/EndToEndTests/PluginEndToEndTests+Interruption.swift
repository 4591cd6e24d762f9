import Foundation
import Glibc
import Testing
import TestSupport

/// tourist interrupted (Ctrl-C's SIGINT, SIGTERM) while a plugin works: the plugin, the child it
/// started and that child's own child, which left the group for a session of its own (`setsid`),
/// all end with tourist; what is stored stays whole and the fetch can be run again.
///
/// The plugin (fault `family-search`) gets the search and never answers it; its child and
/// grandchild write their pids into a folder. Only then is tourist signalled. Left alone, each of
/// them would sleep until 30 s after its parent had gone and then leave a file `NAME.outlived`:
/// one that ended without leaving that file was killed, whatever the machine's speed.
extension PluginEndToEndTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedFetchEndsThePluginAndEveryDescendant(signal: Int32) async throws {
        let family = try familyFolder()
        let config = try faultyConfig("family-search", extra: #", "pidFolder": "\#(family)""#)
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)["id"] as? String)
        let process = try harness.tourist.start(["fetch", pin, "--config", config], in: harness.folder.path)
        let pids = try await familyPids(in: family)
        kill(process.processIdentifier, signal)
        let finished = try await TouristBinary.finish(process)
        // Ended by the signal, as without a handler (or with 128 + its number, as a shell reports it).
        #expect(finished.bySignal ? finished.status == signal : finished.status == 128 + signal, "\(finished.status) \(finished.stderr)")
        // Said on the way out, after the plugin was killed (its search was never answered).
        #expect(finished.stderr.hasSuffix("tourist: Interrupted while searching; `tourist fetch \(pin)` resumes\n"), "\(finished.stderr)")
        try await expectKilled(pids, in: family)
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)
        let demo = try harness.folder.write("demo.json", #"{"providers": [{"name": "demo", "type": "fixture"}]}"#)
        let resumed = try await harness.json("fetch", pin, "--config", demo)
        #expect(resumed.photos.count == 21, "\(resumed)")
    }

    /// `fetch --all` ends the same way.
    @Test func anInterruptedFetchOfAllPinsEndsThePluginAndEveryDescendant() async throws {
        let family = try familyFolder()
        let config = try faultyConfig("family-search", extra: #", "pidFolder": "\#(family)""#)
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)
        let process = try harness.tourist.start(["fetch", "--all", "--config", config], in: harness.folder.path)
        let pids = try await familyPids(in: family)
        kill(process.processIdentifier, SIGINT)
        let finished = try await TouristBinary.finish(process)
        #expect(finished.bySignal ? finished.status == SIGINT : finished.status == 128 + SIGINT, "\(finished.status) \(finished.stderr)")
        #expect(finished.stderr.hasSuffix("tourist: Interrupted: no pin done; `tourist fetch --all` resumes\n"), "\(finished.stderr)")
        try await expectKilled(pids, in: family)
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)
    }

    /// `tourist serve` stops on Ctrl-C or SIGTERM as it does without plugins (exit 0), and ends a
    /// plugin a page's fetch started, with its family.
    @Test(arguments: [SIGINT, SIGTERM])
    func aStoppedServerEndsThePluginAndEveryDescendant(signal: Int32) async throws {
        let family = try familyFolder()
        let config = try faultyConfig("family-search", extra: #", "pidFolder": "\#(family)""#)
        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)["id"] as? String)
        let server = try await ServedStore(harness, arguments: ["--config", config])
        let started = try await server.send("POST", "/api/pins/\(pin)/fetch", csrf: try await server.csrfToken())
        #expect(started.status == 202, "\(started.text)")
        let pids = try await familyPids(in: family)
        let (status, stderr) = await server.stop(signal: signal)
        #expect(status == 0, "\(stderr)")
        try await expectKilled(pids, in: family)
        #expect(try await harness.json("store", "verify", "--config", config)["ok"] as? Bool == true)
    }

    /// The folder the plugin's family writes its pids into.
    func familyFolder() throws -> String {
        let folder = harness.folder.child("family")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The pids of the plugin's child and grandchild, once both have written them (each file is
    /// written whole, by a rename).
    func familyPids(in folder: String) async throws -> [pid_t] {
        func pid(_ name: String) -> pid_t? {
            (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)).flatMap { pid_t($0) }
        }
        try await Waiting.until("the plugin's child and grandchild to write their pids") { pid("child") != nil && pid("grandchild") != nil }
        return ["child", "grandchild"].compactMap(pid)
    }

    /// Waits for each of `pids` to have ended, then checks none ended by itself (outliving its parent).
    func expectKilled(_ pids: [pid_t], in folder: String) async throws {
        #expect(pids.count == 2)
        try await Waiting.until("the plugin's child and grandchild to end") { pids.allSatisfy(Self.hasEnded) }
        for name in ["child", "grandchild"] {
            #expect(!FileManager.default.fileExists(atPath: folder + "/\(name).outlived"), "the \(name) was left to end by itself")
        }
    }

    /// Whether process `pid` no longer runs: gone (ESRCH), or a zombie that only its adopter's
    /// reaping keeps listed.
    static func hasEnded(_ pid: pid_t) -> Bool {
        if kill(pid, 0) != 0, errno == ESRCH { return true }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
}
