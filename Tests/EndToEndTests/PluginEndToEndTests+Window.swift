import Foundation
import Testing
import TestSupport

/// A pin's time window and provider plugins: a plugin that declares the capability `window`
/// receives it in `search`; one that does not receives what protocol 1 had, and tourist filters its
/// answers by `takenAt`, leaving out and counting the photos without one.
extension PluginEndToEndTests {
    /// The faulty plugin with 40 dated photos (photo pN taken on the 15th of month N % 12 + 1,
    /// 2010 + N % 10; every seventh undated), declaring the window capability or not, logging each
    /// search's window to `windows.jsonl`; every photo's file differs only after its image's end, so
    /// lookalikes are not set aside.
    func windowConfig(keepsWindow: Bool) throws -> (config: String, log: String) {
        let log = harness.folder.child("windows.jsonl")
        let plugin =
            #"{"name": "faulty", "type": "exec", "command": ["\#(faultyLink)"], "latitude": 48.8584, "longitude": 2.2945, "image": "photo.jpg", "count": 40, "dated": true, "window": \#(keepsWindow), "windowLog": "\#(log)", "timeoutSeconds": 120}"#
        return (
            try harness.folder.write(
                "window-\(keepsWindow).json", #"{"album": {"lookalikes": {"enabled": false}}, "providers": [\#(plugin)]}"#), log
        )
    }

    /// The windows the plugin received, one JSON line a search.
    func windowsReceived(_ log: String) throws -> [String] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func aPluginWithoutTheCapabilityGetsNoWindowAndItsAnswersAreFilteredByTheHost() async throws {
        let (config, log) = try windowConfig(keepsWindow: false)
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--months", "4", "--config", config)
        let fetched = try await harness.run("fetch", "Eiffel", "--config", config)
        // April: p3, p15, p27 and p39; p27 has no date, nor have p6, p13, p20 and p34.
        #expect(
            try await harness.json("album", "Eiffel", "--config", config).photos.map { $0["id"] as? String } == [
                "faulty:p3", "faulty:p15", "faulty:p39",
            ])
        #expect(fetched.stderr.contains("faulty gave 5 photos without a taken date, left out of the time window"), "\(fetched.stderr)")
        #expect(
            fetched.stderr.contains(
                "the album of \"Eiffel\" has 3 of 21 photos: the providers have only 3 photos taken in April within 5 km"),
            "\(fetched.stderr)")
        #expect(try windowsReceived(log) == ["null"])
    }

    @Test func aPluginWithTheCapabilityReceivesTheWindowAndKeepsIt() async throws {
        let (config, log) = try windowConfig(keepsWindow: true)
        try await harness.run(
            "pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--taken", "2013..2014", "--months", "4", "--config", config)
        let fetched = try await harness.run("fetch", "Eiffel", "--config", config)
        #expect(try await harness.json("album", "Eiffel", "--config", config).photos.map { $0["id"] as? String } == ["faulty:p3"])
        #expect(!fetched.stderr.contains("without a taken date"), "the plugin left them out itself: \(fetched.stderr)")
        let received = try windowsReceived(log)
        #expect(received.count == 1)
        let window = try #require(try JSONSerialization.jsonObject(with: Data((received.first ?? "").utf8)) as? [String: Any])
        #expect(window["from"] as? String == "2013-01-01" && window["to"] as? String == "2014-12-31")
        #expect(window["months"] as? [Int] == [4])
    }
}
