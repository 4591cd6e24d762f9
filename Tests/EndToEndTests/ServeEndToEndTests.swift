import BrowserSupport
import Foundation
import Glibc
import Testing
import TestSupport

/// `tourist serve` through HTTP, against the built binary on a temp store: every route, the
/// security rules, and the CLI working on the same store beside it.
@Suite struct ServeEndToEndTests {
    /// A pin at the Eiffel Tower (the demo set has photos there), added through the CLI.
    private func parisPin(_ harness: Harness) async throws -> String {
        try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Paris")["id"] as? String)
    }

    @Test func pagesAndTheirFilesAreServedWithTheSecurityHeaders() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        #expect(server.printedURL == server.base + "/")
        for path in ["/", "/pins/0badc0de", "/pins/0badc0de/photos/demo%3Aparis-01"] {
            let page = try await server.get(path)
            #expect(page.status == 200, "\(path)")
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Cache-Control") == "no-store")
            #expect(!page.text.contains("__TOURIST_CSRF__"))
        }
        let token = try await server.csrfToken()
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit), "\(token)")
        let page = try await server.get("/")
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("script-src 'self';") && !policy.contains("unsafe"), "\(policy)")
        #expect(page.header("X-Content-Type-Options") == "nosniff")
        #expect(page.header("X-Frame-Options") == "DENY")

        let script = try await server.get("/app.js")
        #expect(script.status == 200)
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        let etag = try #require(script.header("ETag"))
        #expect(try await server.get("/app.js", headers: [("If-None-Match", etag)]).status == 304)
        #expect(try await server.get("/vendor/leaflet/leaflet.min.js").status == 200)
        #expect(try await server.get("/land.geojson").header("Content-Type") == "application/json")
        // No path from a request reaches the file system.
        for path in ["/../Package.swift", "/%2e%2e/%2e%2e/etc/passwd", "/vendor/../../../etc/passwd", "/index.html", "/api/nothing"] {
            let answer = try await server.get(path)
            #expect(answer.status == 404, "\(path) answered \(answer.status)")
            #expect(!answer.text.contains("root:"), "\(path)")
        }
    }

    @Test func thePageDoesWhatTheCLIDoesOnTheSameStore() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()

        // Drop a pin: the CLI sees it.
        let added = try await server.send(
            "POST", "/api/pins", json: ["name": "Paris", "latitude": 48.8584, "longitude": 2.2945, "radiusKm": 5], csrf: csrf)
        #expect(added.status == 201, "\(added.text)")
        let pin = try #require(try added.json() as? [String: Any])
        let id = try #require(pin["id"] as? String)
        #expect(pin["state"] as? String == "new")
        let listed = try await harness.json("pin", "list")
        #expect((listed["pins"] as? [[String: Any]])?.map { $0["id"] as? String } == [id])
        #expect(
            try await server.send(
                "POST", "/api/pins", json: ["name": "Paris", "latitude": 48.8584, "longitude": 2.2945, "radiusKm": 5], csrf: csrf
            ).status == 200)
        let taken = try await server.send("POST", "/api/pins", json: ["name": "Paris", "latitude": 10, "longitude": 10], csrf: csrf)
        #expect(taken.status == 409)
        let offMap = try await server.send("POST", "/api/pins", json: ["latitude": 91, "longitude": 0], csrf: csrf)
        #expect(offMap.status == 400 && offMap.text.contains("latitude"), "\(offMap.text)")
        let notJSON = try await RawHTTP.request(
            method: "POST", url: server.base + "/api/pins", headers: [("X-Tourist-CSRF", csrf)], body: Array("latitude=1".utf8))
        #expect(notJSON.status == 400 && notJSON.text.contains("not the JSON"), "\(notJSON.text)")

        // Fetch: the album fills, and the CLI shows it.
        let started = try await server.send("POST", "/api/pins/\(id)/fetch", csrf: csrf)
        #expect(started.status == 202)
        var album = try await server.waitForAlbum(id) { $0.pinState == "ready" }
        var photos = try #require(album["photos"] as? [[String: Any]])
        #expect(photos.count == 21)
        #expect(photos.allSatisfy { $0["state"] as? String == "stored" && $0["path"] is NSNull })
        #expect(album["target"] as? Int == 21)
        let cli = try await harness.json("album", id)
        #expect(cli.photos.map { $0["id"] as? String } == photos.map { $0["id"] as? String })

        // Delete two photos: `tourist album` sees 19, and they never come back.
        let doomed = photos.prefix(2).compactMap { $0["id"] as? String }
        let removed = try await server.send("POST", "/api/pins/\(id)/photos/delete", json: ["photos": doomed], csrf: csrf)
        #expect(removed.status == 200, "\(removed.text)")
        #expect(try await harness.json("album", id).photos.count == 19)
        let unknown = try await server.send("POST", "/api/pins/\(id)/photos/delete", json: ["photos": ["demo:nope"]], csrf: csrf)
        #expect(unknown.status == 404)

        // New collection: other photos, never the deleted ones.
        #expect(try await server.send("POST", "/api/pins/\(id)/new-collection", csrf: csrf).status == 202)
        album = try await server.waitForAlbum(id) { album in
            album.pinState == "ready" && (album["fetching"] as? Bool) == false
        }
        photos = try #require(album["photos"] as? [[String: Any]])
        #expect(!photos.isEmpty)
        #expect(Set(photos.compactMap { $0["id"] as? String }).isDisjoint(with: doomed))

        // One photo's page, then the pin goes: the CLI no longer lists it.
        let first = try #require(photos.first?["id"] as? String)
        let photoPage = try await server.get("/api/pins/\(id)/photos/\(first.replacingOccurrences(of: ":", with: "%3A"))")
        #expect(photoPage.status == 200, "\(photoPage.text)")
        #expect(((try photoPage.json() as? [String: Any])?["photo"] as? [String: Any])?["id"] as? String == first)
        #expect(try await server.send("DELETE", "/api/pins/\(id)", csrf: csrf).status == 200)
        #expect((try await harness.json("pin", "list")["pins"] as? [Any])?.isEmpty == true)
        #expect(try await server.get("/api/pins/\(id)/album").status == 404)
        #expect(harness.blobFiles().isEmpty)
    }

    @Test func photosAreServedByHashWithETagsAndRanges() async throws {
        let harness = try Harness()
        let id = try await parisPin(harness)
        let album = try await harness.json("fetch", id)
        let photo = try #require(album.photos.first)
        let sha256 = try #require(photo["sha256"] as? String)
        let file = try #require(photo["path"] as? String)
        let bytes = try #require(FileManager.default.contents(atPath: file))
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }

        let blob = try await server.get("/blobs/\(sha256)")
        #expect(blob.status == 200)
        #expect(Data(blob.body) == bytes)
        #expect(blob.header("Content-Type") == "image/jpeg")
        #expect(blob.header("ETag") == "\"\(sha256)\"")
        #expect(blob.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(blob.header("Accept-Ranges") == "bytes")
        #expect(try await server.get("/blobs/\(sha256)", headers: [("If-None-Match", "\"\(sha256)\"")]).status == 304)

        let head = try await server.get("/blobs/\(sha256)", headers: [("Range", "bytes=0-99")])
        #expect(head.status == 206)
        #expect(Data(head.body) == bytes.prefix(100))
        #expect(head.header("Content-Range") == "bytes 0-99/\(bytes.count)")
        let tail = try await server.get("/blobs/\(sha256)", headers: [("Range", "bytes=-10")])
        #expect(Data(tail.body) == bytes.suffix(10))
        #expect(try await server.get("/blobs/\(sha256)", headers: [("Range", "bytes=\(bytes.count)-")]).status == 416)
        let headOnly = try await RawHTTP.request(method: "HEAD", url: server.base + "/blobs/\(sha256)")
        #expect(headOnly.status == 200 && headOnly.body.isEmpty && headOnly.header("Content-Length") == String(bytes.count))

        for bad in [String(repeating: "0", count: 64), sha256.uppercased(), "..%2F..%2Fetc%2Fpasswd", String(sha256.dropLast())] {
            #expect(try await server.get("/blobs/\(bad)").status == 404, "\(bad)")
        }
    }

    @Test func theLargerSizeIsFetchedOnceAndKeptInTheStore() async throws {
        let harness = try Harness()
        let id = try await parisPin(harness)
        let album = try await harness.json("fetch", id)
        let photo = try #require(album.photos.first?["id"] as? String)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()
        let path = "/api/pins/\(id)/photos/\(photo.replacingOccurrences(of: ":", with: "%3A"))/large"

        let large = try #require(try await server.send("POST", path, csrf: csrf).json() as? [String: Any])
        #expect(large["size"] as? String == "z")  // the demo set's largest size, nearest to b
        let url = try #require(large["url"] as? String)
        let served = try await server.get(url)
        #expect(served.status == 200 && served.body.count == large["bytes"] as? Int)
        #expect(harness.photoFiles().count == 22)
        // Asked again: the same copy, nothing new downloaded.
        #expect((try await server.send("POST", path, csrf: csrf).json() as? [String: Any])?["url"] as? String == url)
        #expect(harness.photoFiles().count == 22)
        // The copy is part of the album: the store verifies, and it goes with the photo.
        let verify = try await harness.json("store", "verify")
        #expect(verify["ok"] as? Bool == true, "\(verify)")
        try await harness.run("photo", "rm", id, photo)
        #expect(harness.photoFiles().count == 20)
    }

    @Test func requestsFromElsewhereAreRefusedAndChangeNothing() async throws {
        let harness = try Harness()
        let id = try await parisPin(harness)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let csrf = try await server.csrfToken()
        let before = try await harness.run("pin", "list", "--json").stdout

        // DNS rebinding: another name pointed at 127.0.0.1.
        let rebound = try await server.get("/api/pins", headers: [("Host", "attacker.example:\(server.port)")])
        #expect(rebound.status == 421, "\(rebound.text)")
        #expect(try await server.get("/", headers: [("Host", "localhost:1")]).status == 421)
        #expect(
            try await server.get(
                "/api/pins", headers: [("Host", server.base.replacingOccurrences(of: "http://127.0.0.1", with: "localhost"))]
            ).status == 200)

        let refusals: [(String, String?, [(String, String)])] = [
            ("no token", nil, []),
            ("a wrong token", String(repeating: "a", count: 64), []),
            ("another origin", csrf, [("Origin", "http://attacker.example")]),
            ("a cross-site fetch", csrf, [("Sec-Fetch-Site", "cross-site")]),
        ]
        for (what, token, headers) in refusals {
            for (method, path) in [("DELETE", "/api/pins/\(id)"), ("POST", "/api/pins/\(id)/fetch"), ("PUT", "/api/view")] {
                var sent = headers
                if headers.contains(where: { $0.0 == "Origin" }) == false { sent.append(("Origin", server.base)) }
                let body = Array(#"{"latitude": 1, "longitude": 2, "zoom": 3}"#.utf8)
                var all = [("Content-Type", "application/json")] + sent
                if let token { all.append(("X-Tourist-CSRF", token)) }
                let answer = try await RawHTTP.request(method: method, url: server.base + path, headers: all, body: body)
                #expect(answer.status == 403, "\(method) \(path) with \(what) answered \(answer.status)")
            }
        }
        #expect(try await harness.run("pin", "list", "--json").stdout == before)
        #expect(try await server.get("/api/settings").text.contains(#""view":null"#))
    }

    @Test func listeningBeyondLoopbackNeedsThePrintedToken() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness, arguments: ["--host", "0.0.0.0"])
        defer { Task { _ = await server.stop() } }
        let token = try #require(URLComponents(string: server.printedURL)?.queryItems?.first { $0.name == "token" }?.value)
        #expect(token.count == 64)

        #expect(try await server.get("/").status == 401)
        #expect(try await server.get("/api/pins").status == 401)
        #expect(try await server.get("/?token=\(String(repeating: "0", count: 64))").status == 401)
        let entry = try await server.get("/?token=\(token)")
        #expect(entry.status == 303 && entry.header("Location") == "/")
        let cookie = try #require(entry.header("Set-Cookie"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
        let pair = String(cookie.prefix { $0 != ";" })
        #expect(try await server.get("/api/pins", headers: [("Cookie", pair)]).status == 200)
        #expect(try await server.get("/api/pins", headers: [("Authorization", "Bearer \(token)")]).status == 200)
    }

    @Test func aFetchInATerminalShowsUpOnTheOpenPage() async throws {
        let harness = try Harness()
        let id = try await parisPin(harness)
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let events = try await Blocking.run { try RawHTTP.EventStream(url: server.base + "/api/events") }
        defer { events.close() }
        #expect(events.status == 200 && events.header("Content-Type") == "text/event-stream")

        try await harness.run("fetch", id)
        var states: [String] = []
        var photos = 0
        while states.last != "ready" {
            guard let event = try await events.next() else { break }
            guard event.event == "pin", let pin = try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any],
                pin["id"] as? String == id
            else { continue }
            states.append(pin["state"] as? String ?? "?")
            photos = pin["photos"] as? Int ?? 0
        }
        // Changes closer together than the watcher looks (a fetch from the local demo set) arrive as one.
        #expect(states.last == "ready" && states.allSatisfy { $0 == "fetching" || $0 == "ready" }, "\(states)")
        #expect(photos == 21)

        try await harness.run("pin", "rm", id)
        var removed = false
        while !removed, let event = try await events.next() {
            removed = event.event == "pin-removed" && event.data.contains(id)
        }
        #expect(removed)
    }

    @Test func theMapViewIsRememberedBetweenVisits() async throws {
        let harness = try Harness()
        let first = try await ServedStore(harness)
        let csrf = try await first.csrfToken()
        #expect(
            try await first.send("PUT", "/api/view", json: ["latitude": 48.85, "longitude": 2.29, "zoom": 12], csrf: csrf).status == 204)
        #expect(try await first.send("PUT", "/api/view", json: ["latitude": 100, "longitude": 2.29, "zoom": 12], csrf: csrf).status == 400)
        _ = await first.stop()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let settings = try #require(try await server.get("/api/settings").json() as? [String: Any])
        let view = try #require(settings["view"] as? [String: Any])
        #expect(view["latitude"] as? Double == 48.85 && view["zoom"] as? Double == 12)
        #expect(settings["tiles"] is NSNull)
    }

    @Test func anOnlineTileLayerIsOfferedAndAllowedOnlyWhenConfigured() async throws {
        let harness = try Harness()
        let config = harness.folder.child("config.json")
        try Data(
            #"{"serve": {"tiles": {"url": "https://{s}.tiles.example.org/{z}/{x}/{y}.png", "attribution": "© Example", "maxZoom": 18}}}"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: config))
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let settings = try await server.get("/api/settings")
        let tiles = try #require((try settings.json() as? [String: Any])?["tiles"] as? [String: Any])
        #expect(tiles["url"] as? String == "https://{s}.tiles.example.org/{z}/{x}/{y}.png" && tiles["maxZoom"] as? Int == 18)
        let policy = try #require(settings.header("Content-Security-Policy"))
        #expect(policy.contains("img-src 'self' data: blob: https://*.tiles.example.org;"), "\(policy)")
    }

    @Test func aTakenPortIsNamedWithTheFix() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        defer { Task { _ = await server.stop() } }
        let port = server.port
        let second = try await harness.run("serve", "--port", String(port), expecting: 69)
        #expect(
            second.stderr
                == "tourist: port \(port) on 127.0.0.1 is in use (another tourist serve?); choose another with --port N, or --port 0 for a free one\n",
            "\(second.stderr)")
        #expect(second.stdout.isEmpty)
        try await harness.run("serve", "--port", "70000", expecting: 64)
        let noTimeOut = try await harness.run("serve", "--port", "0", "--idle-timeout", "0", expecting: 64)
        #expect(noTimeOut.stderr.contains("--idle-timeout 0 is out of range; use 1 to 3600 seconds"), "\(noTimeOut.stderr)")
    }

    @Test func ctrlCStopsTheServerCleanlyWithAPageOpen() async throws {
        let harness = try Harness()
        let server = try await ServedStore(harness)
        let events = try await Blocking.run { try RawHTTP.EventStream(url: server.base + "/api/events") }
        defer { events.close() }
        kill(server.process.processIdentifier, SIGINT)
        // Ended while the page's event stream is still open: had stopping waited on the stream, it
        // would never end.
        try await Waiting.until("the server to end with a page's event stream open") { !server.process.isRunning }
        let (status, stderr) = await server.ended()
        #expect(status == 0, "\(stderr)")
        #expect(!stderr.contains("error"), "\(stderr)")
    }
}
