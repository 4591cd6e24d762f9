import Foundation
import Logging
import Testing
import TestSupport
import TouristCore
@testable import Exec

/// The plugin host in this process, with real plugin programs: no process and no descriptor
/// outlives a shutdown, whatever the plugin did; answers are matched by id in any order; a hang
/// is stopped at its time-out; a plugin that keeps breaking down is started at most 3 times.
@Suite struct PluginHostTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let faulty = repository + "/Tests/EndToEndTests/Plugins/faulty-provider"
    let folder = TemporaryDirectory("tourist-exec")
    let center = try! GeoPoint(latitude: 48.8584, longitude: 2.2945)

    /// The providers of a config holding `entry`, built as a command builds them. Its time-outs are
    /// far beyond what a busy machine needs: only the test of a hang makes one short.
    func provider(_ entry: String, timeoutSeconds: Double = 120) throws -> ExecProvider {
        let text = #"{"downloads": {"timeoutSeconds": \#(timeoutSeconds)}, "providers": [\#(entry)]}"#
        let loader = ConfigLoader(
            registry: ProviderRegistry([ExecProviderFactory()]), environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
            workingDirectory: folder.path)
        let config = try loader.parse(Array(text.utf8), path: folder.child("config.json"))
        var context = ProviderContext(
            configDirectory: folder.path, environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path], logger: Logger(label: "exec-tests"),
            http: HTTPClient(), downloadTimeout: timeoutSeconds
        )
        context.requestTimeout = timeoutSeconds
        let built = try loader.makeProviders(config, context: context)
        return try #require(built.first?.provider as? ExecProvider)
    }

    /// `provider(entry)` with a short time-out for its searches only: its start and `hello` keep the
    /// generous one, so a plugin slow to start on a busy machine is not taken for a hang.
    func provider(_ entry: String, searchTimeout: Double) async throws -> ExecProvider {
        let patient = try provider(entry)
        var settings = patient.settings
        settings.requestTimeout = searchTimeout
        return ExecProvider(name: patient.name, launch: await patient.host.launch, settings: settings, logger: await patient.host.logger)
    }

    func faultyEntry(_ fault: String, count: Int = 6) throws -> String {
        let image = folder.child("photo.jpg")
        if !FileManager.default.fileExists(atPath: image) {
            try FileManager.default.copyItem(atPath: Self.repository + "/Providers/Fixture/DemoSet/paris/paris-01-z.jpg", toPath: image)
        }
        return
            #"{"name": "faulty", "type": "exec", "command": ["\#(Self.faulty)"], "latitude": 48.8584, "longitude": 2.2945, "image": "photo.jpg", "count": \#(count), "fault": "\#(fault)", "timeoutSeconds": 120}"#
    }

    /// The pipe inodes of `descriptors` (`pipe:[123]`), as /proc names them.
    static func pipes(_ descriptors: [Int32]) -> Set<String> {
        Set(
            descriptors.filter { $0 >= 0 }.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
                .filter { $0.hasPrefix("pipe:") })
    }

    /// Every pipe this process has open.
    static func openPipes() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(
            names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }.filter {
                $0.hasPrefix("pipe:")
            })
    }

    /// Whether `pid` is still a process (running, or a zombie nobody reaped).
    static func exists(_ pid: Int32) -> Bool {
        FileManager.default.fileExists(atPath: "/proc/\(pid)")
    }

    @Test(arguments: ["none", "crash-search", "not-json", "long-line", "unknown-id", "hang-search", "ignore-shutdown"])
    func shutdownLeavesNoProcessAndNoDescriptor(fault: String) async throws {
        let provider = try await provider(try faultyEntry(fault), searchTimeout: 1)
        _ = try? await provider.host.connection()
        let (pid, descriptors) = try #require(await provider.host.running)
        let pipes = Self.pipes(descriptors)
        #expect(pipes.count == 3)
        _ = try? await provider.search(GeoQuery(center: center, radiusKm: 5, limit: 3))
        await provider.shutdown()
        #expect(!Self.exists(pid), "plugin \(pid) (\(fault)) is still there after shutdown")
        #expect(Self.openPipes().isDisjoint(with: pipes), "the pipes of plugin \(pid) (\(fault)) are still open")
    }

    @Test func answersAreMatchedByIDInAnyOrder() async throws {
        // Reads two requests, then answers the second first; a search's photo count is its limit.
        let script = try folder.write(
            "reverse.py",
            """
            import json, sys
            def photos(n): return [{"id": f"x{i}", "latitude": 48.8584, "longitude": 2.2945, "sizes": {"m": {}}} for i in range(n)]
            def answer(r):
                result = {"protocol": 1, "capabilities": ["search"]} if r["method"] == "hello" else {"photos": photos(r["params"].get("limit", 0)), "cursor": None}
                print(json.dumps({"id": r["id"], "result": result}), flush=True)
            answer(json.loads(sys.stdin.readline()))
            while True:
                first, second = sys.stdin.readline(), sys.stdin.readline()
                if not first: break
                if not second: answer(json.loads(first)); break
                for line in (second, first): answer(json.loads(line))
            """)
        let provider = try provider(#"{"name": "reverse", "type": "exec", "command": ["python3", "\#(script)"], "concurrency": 2}"#)
        defer { Task { await provider.shutdown() } }
        _ = try await provider.host.connection()
        let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for limit in [3, 7] {
                group.addTask { (limit, try await provider.search(GeoQuery(center: center, radiusKm: 5, limit: limit)).candidates.count) }
            }
            return try await group.reduce(into: [Int: Int]()) { $0[$1.0] = $1.1 }
        }
        #expect(counts == [3: 3, 7: 7])
        await provider.shutdown()
    }

    @Test func aHangIsStoppedAtItsTimeOut() async throws {
        let provider = try await provider(try faultyEntry("hang-search"), searchTimeout: 0.5)
        _ = try await provider.host.connection()
        let (pid, _) = try #require(await provider.host.running)
        // The plugin never answers (it sleeps until killed), so only the time-out can end the
        // search, and the message names the one that did: the 0.5 s of its search.
        do {
            _ = try await provider.search(GeoQuery(center: center, radiusKm: 5, limit: 3))
            Issue.record("a plugin that never answers gave a page")
        } catch let error as ProviderError {
            #expect(
                error.kind == "unavailable"
                    && error.message.hasPrefix("plugin faulty did not answer `search` within 0.5 s (during `search`) and was stopped"),
                "\(error)")
        }
        #expect(!Self.exists(pid), "the hung plugin was killed and reaped")
        await provider.shutdown()
    }

    @Test func aPluginThatKeepsCrashingIsStartedThreeTimesAtMost() async throws {
        let provider = try provider(try faultyEntry("crash-search"))
        var errors: [ProviderError] = []
        for _ in 0..<5 {
            do {
                _ = try await provider.search(GeoQuery(center: center, radiusKm: 5, limit: 3))
            } catch let error as ProviderError {
                errors.append(error)
            }
        }
        #expect(errors.count == 5)
        #expect(await provider.host.startCount == 3)
        #expect(
            errors.prefix(3).allSatisfy {
                $0.kind == "unavailable" && !$0.isOutOfService && $0.message.contains("exited with status 3 (during `search`)")
            })
        #expect(
            errors.suffix(2).allSatisfy {
                $0.isOutOfService && !$0.isRetryable && $0.message.hasPrefix("plugin faulty broke down 3 times in this command")
            })
        #expect(await provider.isOutOfService)
        await provider.shutdown()
    }

    // MARK: - How a plugin is ended

    @Test func aPluginThatTakesItsTimeToExitAfterShutdownIsNotSignalled() async throws {
        // Notes each step in a file; exits by itself once the test has seen it got `shutdown`.
        let record = folder.child("record"), go = folder.child("go")
        let script = try folder.write(
            "leisurely.py",
            """
            import json, os, signal, sys, time
            def note(text):
                with open(sys.argv[1], "a") as f: f.write(text + "\\n")
            signal.signal(signal.SIGTERM, lambda *_: (note("SIGTERM"), sys.exit(143)))
            for line in sys.stdin:
                request = json.loads(line)
                if request["method"] == "hello":
                    print(json.dumps({"id": request["id"], "result": {"protocol": 1, "capabilities": ["search"]}}), flush=True)
                elif request["method"] == "shutdown":
                    note("shutdown")
                    while not os.path.exists(sys.argv[2]): time.sleep(0.01)
                    note("exiting")
                    sys.exit(0)
            """)
        let provider = try provider(#"{"name": "leisurely", "type": "exec", "command": ["python3", "\#(script)", "\#(record)", "\#(go)"]}"#)
        let (connection, _) = try await provider.host.connection()
        let pid = connection.pid
        let notes = { (try? String(contentsOfFile: record, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? [] }
        // A grace far beyond any machine's delay: the plugin must still run when the test looks.
        async let ended: Void = connection.shutdown(grace: 120)
        try await Waiting.until("the plugin to get shutdown") { notes() == ["shutdown"] }
        #expect(Self.exists(pid), "the plugin is given its time after shutdown")
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        await ended
        #expect(notes() == ["shutdown", "exiting"], "it ended by itself, without a SIGTERM")
        #expect(!Self.exists(pid), "and was reaped")
        await provider.shutdown()
    }

    /// A plugin's process, started as the host starts one, with its output read up to the first
    /// line (the program says it is ready), and its pipes closed when the test is done with it.
    func startedProcess(_ shell: String) async throws -> PluginProcess {
        let process = try PluginProcess.start(executable: "/bin/sh", arguments: ["-c", shell], environment: [:], directory: folder.path)
        let output = process.output
        let line = try await Blocking.run {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while read(output, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(line == "ready")
        return process
    }

    @Test func stoppingSendsSIGTERMFirst() async throws {
        let process = try await startedProcess("echo ready; exec sleep 600")
        defer { for fd in [process.output, process.error] { close(fd) } }
        // With a grace far beyond any machine's delay, only a SIGTERM can have ended it.
        #expect(await process.stop(grace: 120) == .signalled(SIGTERM))
        #expect(!Self.exists(process.pid))
    }

    @Test func aProcessThatIgnoresSIGTERMIsKilled() async throws {
        // SIGTERM ignored (inherited by sleep); it says it is ready only once it ignores it.
        let process = try await startedProcess("trap '' TERM; echo ready; exec sleep 600")
        defer { for fd in [process.output, process.error] { close(fd) } }
        // No grace would make it exit: none is given.
        #expect(await process.stop(grace: 0) == .signalled(SIGKILL))
        #expect(!Self.exists(process.pid))
    }
}
