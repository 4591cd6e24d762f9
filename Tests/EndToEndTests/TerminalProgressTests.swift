import Foundation
import Glibc
import Testing
import TestSupport

/// The progress line on a terminal (issue 27, "a terminal that fits"): it fits the window and
/// follows a resize, leaves no debris, says "Searching" before the first photo, shows no ETA in its
/// first frame, and Ctrl-C ends a fetch with a line on what was kept and how to resume. Each runs
/// the built binary on a pseudo-terminal and waits for output, never for time: a fetch the test
/// resizes or interrupts has its downloads held at a gate (`heldFlickr`), so it is surely still
/// running then, however busy the machine.
@Suite struct TerminalProgressTests {
    let harness: Harness

    init() throws {
        harness = try Harness()
    }

    /// A fake Flickr (`HeldFlickr`) whose downloads after the first `free` wait until the test
    /// releases them, and a config that fetches from it one download at a time.
    func heldFlickr(free: Int) throws -> (HeldFlickr, String) {
        let flickr = try HeldFlickr(harness)
        flickr.holdDownloads(after: free)
        let config = try harness.folder.write(
            "held.json",
            #"""
            {"providers": [{"name": "flickr", "type": "flickr", "apiKey": "k", "endpoint": "\#(flickr.fake.endpoint)"}], "downloads": {"concurrency": 1, "timeoutSeconds": 3600}}
            """#)
        return (flickr, config)
    }

    /// A config whose fixture provider answers every search and download after `latencyMs`, one
    /// download at a time, so a fetch shows several frames.
    func slowConfig(latencyMs: Int) throws -> String {
        try harness.folder.write(
            "slow.json",
            #"""
            {"providers": [{"name": "demo", "type": "fixture", "latencyMs": \#(latencyMs)}], "downloads": {"concurrency": 1}}
            """#)
    }

    func terminal(_ arguments: [String], columns: Int) throws -> PseudoTerminal {
        try PseudoTerminal(
            harness.tourist.path, arguments, environment: harness.tourist.environment, directory: harness.folder.path, columns: columns)
    }

    func addPin(_ config: String, name: String = "Paris") async throws -> String {
        try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", name, "--config", config)["id"] as? String)
    }

    /// The progress frames of `output`: the pieces a redraw wrote that show the bar or the wait.
    static func frames(_ output: String) -> [String] {
        TerminalScreen.segments(output).filter { $0.hasPrefix("[") || $0.hasPrefix("Searching") }
    }

    static func expectNoDebris(_ output: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let screen = TerminalScreen(width: width, showing: output)
        let rate = #"[0-9] [KMGT]?B/s"#
        let debris = screen.lines.filter {
            $0.contains("Searching") || $0.contains("[#") || $0.contains("[-") || $0.range(of: rate, options: .regularExpression) != nil
        }
        #expect(debris.isEmpty, "debris on the screen: \(debris)\n\(screen.lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }

    @Test func atFiftyColumnsEveryFrameFitsAndNothingIsLeftBehind() async throws {
        let config = try slowConfig(latencyMs: 50)
        let pin = try await addPin(config)
        let terminal = try terminal(["fetch", pin, "--count", "8", "--config", config], columns: 50)
        let ended = try await terminal.finish()
        #expect(ended.status == 0 && !ended.bySignal, "\(ended.output)")
        let frames = Self.frames(ended.output)
        #expect(frames.first?.hasPrefix("Searching") == true, "\(frames)")
        #expect(frames.contains { $0.hasPrefix("[") }, "\(frames)")
        // Every frame fits (the album printed on stdout afterwards is a table as wide as it needs).
        #expect(frames.allSatisfy { $0.count <= 49 }, "\(frames)")
        Self.expectNoDebris(ended.output, width: 50)
    }

    @Test func aResizeToThirtyColumnsIsFollowed() async throws {
        let (flickr, config) = try heldFlickr(free: 3)
        defer { flickr.stop() }
        let pin = try await addPin(config)
        let terminal = try terminal(["fetch", pin, "--count", "12", "--config", config], columns: 80)
        try await terminal.waitFor("a frame with photos") { $0.contains("/12 photos") }
        try terminal.resize(columns: 30)
        // The line on screen is drawn again at once, cut to fit 30 columns (the frames before were
        // drawn for 80: a real terminal reflows those, tourist cannot).
        try await terminal.waitFor("a frame cut to 30 columns") { Self.frames($0).contains(where: Self.fitsThirty) }
        flickr.releaseDownloads()
        let ended = try await terminal.finish()
        #expect(ended.status == 0, "\(ended.output)")
        // Every frame since, the last (12 of 12) among them, fits too.
        let last = try #require(Self.frames(ended.output).last)
        #expect(Self.fitsThirty(last), "\(last)")
        let firstCut = try #require(Self.frames(ended.output).first(where: Self.fitsThirty))
        let since = try #require(ended.output.range(of: "\r\u{1B}[K" + firstCut))
        Self.expectNoDebris(String(ended.output[since.lowerBound...]), width: 30)
    }

    /// A bar's frame cut to fit 30 columns (one left free), as after the resize ("Searching …" is
    /// not one: it is short and ends in "…" anyway).
    static func fitsThirty(_ frame: String) -> Bool { frame.hasPrefix("[") && frame.count <= 29 && frame.hasSuffix("…") }

    @Test func fetchAllStartsSearchingWithoutAnETA() async throws {
        let config = try slowConfig(latencyMs: 50)
        _ = try await addPin(config, name: "Paris")
        _ = try await addPin(config, name: "Louvre")
        let terminal = try terminal(["fetch", "--all", "--count", "4", "--config", config], columns: 80)
        let ended = try await terminal.finish()
        #expect(ended.status == 0, "\(ended.output)")
        let first = try #require(Self.frames(ended.output).first)
        #expect(first.hasPrefix("Searching") && !first.contains("ETA"), "\(first)")
        Self.expectNoDebris(ended.output, width: 80)
    }

    @Test func ctrlCSaysWhatWasKeptAndHowToResume() async throws {
        let (flickr, config) = try heldFlickr(free: 3)
        defer { flickr.stop() }
        let pin = try await addPin(config)
        let terminal = try terminal(["fetch", pin, "--count", "20", "--config", config], columns: 80)
        try await terminal.waitFor("a photo kept") { $0.range(of: #"[1-9][0-9]*/20 photos"#, options: .regularExpression) != nil }
        terminal.interrupt()
        let ended = try await terminal.finish()
        flickr.releaseDownloads()
        // Ended by SIGINT, as before (a shell reports 130).
        #expect(ended.bySignal ? ended.status == SIGINT : ended.status == 128 + SIGINT, "\(ended.status) \(ended.output)")
        // At most the 3 photos before the held download were kept.
        let said = try #require(
            ended.output.range(
                of: #"Interrupted: [1-3] of 20 photos kept; `tourist fetch [0-9a-f]+` resumes"#, options: .regularExpression),
            "\(ended.output)")
        #expect(ended.output[said].hasSuffix("`tourist fetch \(pin)` resumes"))
        // The progress line was cleared first, and nothing of it is left.
        #expect(ended.output[..<said.lowerBound].hasSuffix("\r\u{1B}[Ktourist: "), "\(ended.output.debugDescription)")
        Self.expectNoDebris(ended.output, width: 80)
        let resumed = try await harness.json("fetch", pin, "--config", config)
        #expect(resumed.photos.count == 20, "\(resumed)")
    }

    /// A pin is `fetching` only while a fetch runs (its process holds the pin's lease); after
    /// Ctrl-C it is `interrupted`, in `pin show`, `pin list` and `album`, until a fetch resumes it.
    @Test func afterCtrlCThePinIsInterruptedNotFetching() async throws {
        let (flickr, config) = try heldFlickr(free: 2)
        defer { flickr.stop() }
        let pin = try await addPin(config)
        let terminal = try terminal(["fetch", pin, "--count", "10", "--config", config], columns: 80)
        try await terminal.waitFor("a photo kept") { $0.range(of: #"[1-9][0-9]*/10 photos"#, options: .regularExpression) != nil }
        let running = try await harness.json("pin", "show", pin, "--config", config)
        #expect(running["state"] as? String == "fetching", "\(running)")
        terminal.interrupt()
        _ = try await terminal.finish()
        flickr.releaseDownloads()
        let shown = try await harness.run("pin", "show", pin, "--config", config)
        #expect(
            shown.stdout.contains("state:     interrupted (the last fetch stopped before it ended; `tourist fetch \(pin)` resumes it)"),
            "\(shown.stdout)")
        #expect(try await harness.json("pin", "show", pin, "--config", config)["state"] as? String == "interrupted")
        let listed = try #require(try await harness.json("pin", "list", "--config", config)["pins"] as? [[String: Any]])
        #expect(listed.first?["state"] as? String == "interrupted", "\(listed)")
        #expect(try await harness.run("album", pin, "--config", config).stdout.contains(": interrupted, "))
        let resumed = try await harness.json("fetch", pin, "--config", config)
        #expect(resumed.photos.count == 10 && (resumed["pin"] as? [String: Any])?["state"] as? String == "ready", "\(resumed)")
    }

    @Test func ctrlCDuringFetchAllSaysHowManyPinsAreDone() async throws {
        let (flickr, config) = try heldFlickr(free: 3)
        defer { flickr.stop() }
        _ = try await addPin(config, name: "Paris")
        _ = try await addPin(config, name: "Louvre")
        let terminal = try terminal(["fetch", "--all", "--count", "10", "--config", config], columns: 80)
        try await terminal.waitFor("a photo kept") { $0.range(of: #"[1-9][0-9]*/20 photos"#, options: .regularExpression) != nil }
        terminal.interrupt()
        let ended = try await terminal.finish()
        flickr.releaseDownloads()
        #expect(ended.bySignal ? ended.status == SIGINT : ended.status == 128 + SIGINT, "\(ended.status) \(ended.output)")
        // Neither pin could be completed: the downloads after the third were held.
        let pattern = #"\r\x1B\[Ktourist: Interrupted: 0 of 2 pins done, [1-9] of 20 photos kept; `tourist fetch --all` resumes"#
        #expect(ended.output.range(of: pattern, options: .regularExpression) != nil, "\(ended.output.debugDescription)")
        Self.expectNoDebris(ended.output, width: 80)
        let resumed = try await harness.json("fetch", "--all", "--config", config)
        #expect(resumed["photos"] as? Int == 20, "\(resumed)")
    }
}
