import FlickrStub
import Foundation
import Testing
import TestSupport

/// The router's per-provider limits through the built binary against a fake Flickr on 127.0.0.1
/// that counts every request: `concurrency` holds within a run, `requestsPerHour` across runs.
@Suite struct ProviderLimitsEndToEndTests {
    static let key = "limits-key-91c2"

    @Test func concurrencyAndTheHourlyBudgetHoldAcrossTwoRuns() async throws {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 30, radiusKm: 2, bytes: 3000)
        // The first two downloads are held until both are in flight: the limit is seen reached.
        let twoDownloads = Rendezvous(count: 2)
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos, delay: .milliseconds(150)) { request in
            if request.path.hasSuffix(".jpg") { twoDownloads.arrive() }
        }
        defer { fake.stop() }
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        let config = try harness.folder.write(
            "limits.json",
            """
            {"downloads": {"concurrency": 8, "retries": 0},
             "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\(fake.endpoint)", "concurrency": 2, "requestsPerHour": 2}]}
            """)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)

        // Run 1: one search, then 6 downloads of 150 ms each, at most 2 at once though 8 are allowed.
        let (fetched, firstRun) = try await ClockReading.around { try await harness.json("fetch", pin, "--count", "6", "--config", config) }
        #expect(fetched.photos.count == 6 && fetched.photos.allSatisfy { $0["state"] as? String == "stored" })
        #expect(fake.peakConcurrentImageRequests == 2, "the provider's concurrency 2 is held, and reached")
        #expect(fake.peakConcurrentRequests == 2)
        #expect(fake.apiCalls("flickr.photos.search") == 1)

        // Run 2: the second request of the hour.
        let found = try await harness.json("search", "48.8584", "2.2945", "--count", "3", "--config", config)
        #expect(found.photos.count == 3)
        #expect(fake.apiCalls("flickr.photos.search") == 2)

        // Run 3: the budget is spent; nothing is sent, and the message says when it refills.
        let second = try #require(try await harness.json("pin", "add", "48.86", "2.29", "--config", config)["id"] as? String)
        let (refused, thirdRun) = try await ClockReading.around {
            try await harness.run("fetch", second, "--config", config, expecting: 75)
        }
        #expect(fake.apiCalls("flickr.photos.search") == 2, "no request past the budget reached the server")
        let lines = refused.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(refused.stderr)")
        let refill = try #require(
            lines.first.flatMap { Self.match(#"at (\d\d:\d\d:\d\d), in \d+ min \d+ s\."#, in: $0) }, "\(refused.stderr)")
        let wait = try #require(Self.match(#"in (\d+ min \d+ s)\."#, in: lines[0]))
        #expect(
            lines.first
                == "tourist: flickr asked to slow down: flickr has used its budget of 2 requests per hour (requestsPerHour); the next request is allowed at \(refill), in \(wait). Run the command again then, or raise requestsPerHour if the service allows more"
        )
        // The wait is until run 1's search leaves the hour, counted from run 3 (rounded up): whatever
        // the time the runs took, it lies between these two.
        let parts = wait.split(separator: " ")
        let waited = try #require(Int(parts[0])) * 60 + (try #require(Int(parts[2])))
        let between = firstRun.seconds(until: thirdRun)
        let (shortest, longest) = (3600 - between.upperBound, 3600 - between.lowerBound + 1)
        #expect(
            Double(waited) >= shortest.rounded(.down) && Double(waited) <= longest.rounded(.up),
            "\(wait): between \(shortest) and \(longest) s")
        #expect(lines.last == "tourist: every provider asked to slow down; run the command again later")

        // `providers` reads the same log: 2 used, refilling when the message said.
        let listed = try await harness.run("providers", "--config", config)
        #expect(listed.stdout.contains("concurrency 2, timeout 30 s, 2 requests/h (2 used, refills at \(refill))"), "\(listed.stdout)")
        let rows = try #require(try await harness.json("providers", "--config", config)["providers"] as? [[String: Any]])
        #expect(rows.first?["requestsPerHour"] as? Int == 2 && rows.first?["requestsLastHour"] as? Int == 2)
        #expect(rows.first?["budgetRefillsAt"] as? String != nil)
        #expect(fake.apiCalls("flickr.photos.search") == 2, "listing providers sends nothing")
    }

    /// The first capture group of `pattern` in `text`.
    static func match(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let found = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(found.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }
}

/// `first` routing through the binary: whatever way the first provider fails, it is named on one
/// stderr line with why, and the next provider fills the album.
@Suite struct FallThroughEndToEndTests {
    static let key = "fall-key-3e7a"

    /// A fake Flickr failing one way, then a local fixture set of 8 photos at the pin.
    func setUp(flickr extra: String = "", delay: Duration = .zero, photosNear latitude: Double = 48.8584, key: String? = key) throws -> (
        Harness, FakeFlickr, String
    ) {
        let photos = FakePhoto.around(latitude: latitude, longitude: 2.2945, count: 10, radiusKm: 1, bytes: 2000)
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos, delay: delay)
        let harness = try Harness(extraEnvironment: key.map { ["FLICKR_API_KEY": $0] } ?? [:])
        try FixtureSetWriter.write(in: harness.folder.child("local"), prefix: "l", latitude: 48.8584, longitude: 2.2945, count: 8)
        let config = try harness.folder.write(
            "fall.json",
            """
            {"downloads": {"retries": 0},
             "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\(fake.endpoint)"\(extra)},
                           {"name": "local", "type": "fixture", "path": "local"}]}
            """)
        return (harness, fake, config)
    }

    /// A way to fail and the stderr line it gives (`ENDPOINT` stands for the fake's API URL).
    struct Case: Sendable, CustomStringConvertible {
        var kind: String
        var line: String
        var description: String { kind }
    }

    @Test(arguments: [
        // Without a key Flickr is not set up yet: passed by quietly while another provider answers.
        Case(kind: "no key", line: ""),
        Case(
            kind: "refused key",
            line:
                "tourist: flickr refused its credentials: Flickr refused the API key (Flickr error 100: Invalid API Key (Key has invalid format)). Set FLICKR_API_KEY or the provider's \"apiKey\" option to a valid key (get one at https://www.flickr.com/services/apps/create/)"
        ),
        Case(kind: "unavailable", line: "tourist: flickr could not answer (a server error): ENDPOINT?… answered HTTP 503"),
        Case(
            kind: "maintenance page",
            line:
                "tourist: flickr could not answer (a server error): Flickr answered with something that is not JSON (flickr.photos.search; an error or maintenance page?). Flickr may be down for a while; try again later"
        ),
        Case(kind: "rate-limited", line: "tourist: flickr asked to slow down: ENDPOINT?… answered HTTP 429 (too many requests)"),
        Case(
            kind: "invalid response",
            line: "tourist: flickr answered with something it should not: Flickr error 112: Method \"flickr.photos.search\" not found"),
        Case(kind: "timed out", line: "tourist: flickr did not answer in time: provider flickr took longer than 0.3 s"),
        Case(kind: "empty", line: "tourist: flickr has no photos within the radius"),
    ])
    func eachFailureFallsThroughToTheNextProvider(_ failure: Case) async throws {
        let (harness, fake, config): (Harness, FakeFlickr, String)
        switch failure.kind {
        case "no key": (harness, fake, config) = try setUp(key: nil)
        case "refused key": (harness, fake, config) = try setUp(key: "not-the-key")
        case "timed out": (harness, fake, config) = try setUp(flickr: #", "timeoutSeconds": 0.3"#, delay: .seconds(60))
        case "empty": (harness, fake, config) = try setUp(photosNear: -33.8568)
        default: (harness, fake, config) = try setUp()
        }
        defer { fake.stop() }
        switch failure.kind {
        case "unavailable": fake.failEveryAPICall(.status(503))
        case "rate-limited": fake.failEveryAPICall(.status(429, retryAfter: 3600))
        case "maintenance page": fake.failEveryAPICall(.html)
        case "invalid response": fake.failEveryAPICall(.statFail(code: 112, message: "Method \"flickr.photos.search\" not found"))
        default: break
        }
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--count", "5", "--config", config)
        #expect(
            fetched.stderr == (failure.line.isEmpty ? "" : failure.line.replacingOccurrences(of: "ENDPOINT", with: fake.endpoint) + "\n"))
        let album = try await harness.json("album", pin, "--config", config)
        #expect(album.photos.map { $0["id"] as? String } == (1...5).map { String(format: "local:l-%03d", $0) })
    }
}

/// Exit codes when providers fail: 0 filled, 75 partly filled (a rerun fills the rest), 69 nothing
/// answered, 77 every failure was bad credentials.
@Suite struct ProviderExitCodeTests {
    static let key = "exit-key-55d0"

    @Test func aPartlyFilledAlbumExits75AndTheRerunFillsTheRest() async throws {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 10, radiusKm: 1, bytes: 2000)
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos)
        defer { fake.stop() }
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        try FixtureSetWriter.write(in: harness.folder.child("few"), prefix: "f", latitude: 48.8584, longitude: 2.2945, count: 3)
        let config = try harness.folder.write(
            "partly.json",
            """
            {"downloads": {"retries": 0}, "routing": {"strategy": "merge"},
             "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\(fake.endpoint)"}, {"name": "few", "type": "fixture", "path": "few"}]}
            """)
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        fake.failEveryAPICall(.status(502))
        let partly = try await harness.run("fetch", pin, "--count", "6", "--config", config, expecting: 75)
        #expect(
            partly.stderr == """
                tourist: flickr could not answer (a server error): \(fake.endpoint)?… answered HTTP 502
                tourist: the album has 3 of 6 photos; run it again later to fill the rest

                """)
        let shown = try await harness.json("pin", "show", pin, "--config", config)
        #expect(shown["state"] as? String == "failed" && shown["photos"] as? Int == 3)

        fake.failEveryAPICall(nil)
        let filled = try await harness.json("fetch", pin, "--config", config)
        #expect(filled.photos.count == 6)
        #expect(Set(filled.photos.compactMap { $0["provider"] as? String }) == ["flickr", "few"])
        #expect(try await harness.json("pin", "show", pin, "--config", config)["state"] as? String == "ready")
    }

    /// Flickr refuses its key while the only other provider has nothing near the pin: whether the
    /// place has photos is not known, so the album is not empty; the fix is the key (77), never a
    /// wider radius.
    @Test func nothingFoundWhileFlickrRefusedItsKeyIsNotEmptyAndExits77() async throws {
        let fake = try FakeFlickr(apiKey: Self.key, photos: FakePhoto.around(latitude: -33.8568, longitude: 151.2153, count: 5))
        defer { fake.stop() }
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": "not-the-key"])
        try FixtureSetWriter.write(in: harness.folder.child("few"), prefix: "f", latitude: 48.8584, longitude: 2.2945, count: 3)
        let config = try harness.folder.write(
            "refused.json",
            """
            {"downloads": {"retries": 0},
             "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\(fake.endpoint)"}, {"name": "few", "type": "fixture", "path": "few"}]}
            """)
        let pin = try #require(
            try await harness.json("pin", "add", "-33.8568", "151.2153", "--name", "Opera House", "--config", config)["id"] as? String)
        let fetched = try await harness.run("fetch", pin, "--config", config, expecting: 77)
        let lines = fetched.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("tourist: flickr refused its credentials: Flickr refused the API key") == true, "\(fetched.stderr)")
        #expect(
            lines.last
                == "tourist: flickr refused its credentials; few found no photos within 5 km of \"Opera House\"; set the credentials flickr asks for (its line above says how), or use another provider",
            "\(fetched.stderr)")
        #expect(!fetched.stderr.contains("radius"), "\(fetched.stderr)")
        let shown = try await harness.json("pin", "show", pin, "--config", config)
        #expect(shown["state"] as? String == "failed" && shown["failure"] as? String == "not-asked", "\(shown)")
    }

    @Test func nothingAnsweringExits69AndOnlyBadCredentialsExit77() async throws {
        let fake = try FakeFlickr(apiKey: Self.key, photos: FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 5))
        defer { fake.stop() }
        let harness = try Harness()
        let config = try harness.folder.write(
            "two.json",
            """
            {"downloads": {"retries": 0},
             "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\(fake.endpoint)", "apiKey": "wrong"},
                           {"name": "mirror", "type": "flickr", "endpoint": "\(fake.endpoint)"}]}
            """)
        let keyless = try await harness.run("search", "48.8584", "2.2945", "--config", config, expecting: 77)
        #expect(
            keyless.stderr.components(separatedBy: "\n").filter {
                $0.contains("refused its credentials: ") || $0.contains("is not set up: it has no credentials: ")
            }.count == 2, "\(keyless.stderr)")
        fake.failNextAPICalls([.status(500)])
        let mixed = try await harness.run("search", "48.8584", "2.2945", "--config", config, expecting: 69)
        #expect(
            mixed.stderr.hasPrefix(
                "tourist: flickr could not answer (a server error): \(fake.endpoint)?… answered HTTP 500\ntourist: mirror is not set up: it has no credentials: no Flickr API key"
            ), "\(mixed.stderr)")
        #expect(
            mixed.stderr.hasSuffix(
                "tourist: no provider could answer; set the credentials mirror asks for (its line above says how), or use another provider\n"
            ), "\(mixed.stderr)")
    }
}

/// `providers --check`: every enabled provider probed at once, at a point inside its coverage, with
/// latency and outcome; exit 69 when none is healthy.
@Suite struct HealthCheckEndToEndTests {
    static let key = "check-key-0a9f"

    @Test func probesEveryEnabledProviderAtOnceInsideItsCoverage() async throws {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 5, radiusKm: 1)
        // The three probes are held until all three are in flight: seen running at once.
        let threeProbes = Rendezvous(count: 3)
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos, delay: .milliseconds(800)) { _ in threeProbes.arrive() }
        defer { fake.stop() }
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        // Three providers on one counting server; "pacific" covers a box across the antimeridian,
        // so its probe goes to the box's middle (180°), where the fake has nothing.
        let config = try harness.folder.write(
            "check.json",
            """
            {"providers": [
              {"name": "paris", "type": "flickr", "endpoint": "\(fake.endpoint)", "coverage": [2, 48, 3, 49]},
              {"name": "anywhere", "type": "flickr", "endpoint": "\(fake.endpoint)"},
              {"name": "pacific", "type": "flickr", "endpoint": "\(fake.endpoint)", "coverage": [170, -10, -170, 10]},
              {"name": "off", "type": "flickr", "endpoint": "\(fake.endpoint)", "enabled": false}
            ]}
            """)
        let checked = try #require(try await harness.json("providers", "--check", "--config", config)["providers"] as? [[String: Any]])
        #expect(fake.apiCalls("flickr.photos.search") == 3, "the disabled provider is not probed")
        #expect(fake.peakConcurrentRequests == 3, "the three probes ran at once")
        let health = checked.map { $0["health"] as? [String: Any] }
        #expect(health.map { $0?["ok"] as? Bool } == [true, true, false, nil])
        #expect((health[0]?["latencyMs"] as? Int ?? 0) >= 800, "latency includes the server's 800 ms")
        #expect((health[0]?["outcome"] as? String)?.hasPrefix("found paris:") == true)
        #expect(health[2]?["outcome"] as? String == "empty: no photos within the radius")
        let queries = fake.rawQueries.filter { $0.contains("method=flickr.photos.search") }
        #expect(queries.contains { $0.contains("lat=0&lon=180&") }, "pacific is probed at its middle: \(queries)")
        #expect(
            queries.filter { $0.contains("lat=48.8584&lon=2.2945&") }.count == 2, "the others at Flickr's probe point, inside paris' box")
    }

    @Test func exits69WhenNoProviderIsHealthy() async throws {
        let fake = try FakeFlickr(apiKey: Self.key, photos: [])
        defer { fake.stop() }
        let harness = try Harness()
        let config = try harness.folder.write(
            "none.json", #"{"providers": [{"name": "flickr", "type": "flickr", "endpoint": "\#(fake.endpoint)"}]}"#)
        let checked = try await harness.run("providers", "--check", "--config", config, expecting: 69)
        #expect(checked.stdout.contains("FAILED in "), "\(checked.stdout)")
        #expect(checked.stdout.contains("unauthorized: no Flickr API key"))
        #expect(checked.stderr == "tourist: no provider is healthy\n")
        // Without a key nothing could be sent, so nothing was spent of the hour's budget.
        try await harness.run("search", "48.8584", "2.2945", "--config", config, expecting: 77)
        let rows = try #require(try await harness.json("providers", "--config", config)["providers"] as? [[String: Any]])
        #expect(rows.first?["requestsLastHour"] as? Int == 0)
        #expect(fake.apiCalls("flickr.photos.search") == 0)
    }
}
