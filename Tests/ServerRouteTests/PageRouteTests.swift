import Foundation
import HTTPTypes
import Testing
@testable import TouristServer

/// The pages: one app shell at every address the app draws (the single-page app's own routes),
/// with this server's CSRF token in it; the files it loads, revalidated by ETag; nothing else.
@Suite struct PageRouteTests {
    @Test func headIsAnsweredAsGetIsWithoutTheBody() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            for path in ["/", "/pins/0badc0de", "/app.js", "/api/settings", "/api/pins"] {
                let get = try await client.get(path)
                let head = try await client.get(path, method: .head)
                #expect(head.status == .ok && head.body.readableBytes == 0, "\(path): \(head.status)")
                #expect(head.headers[.contentType] == get.headers[.contentType], "\(path)")
                #expect(head.headers[.contentLength] == String(get.body.readableBytes), "\(path)")
            }
            #expect(try await client.get("/nothing/here", method: .head).status == .notFound)
        }
    }

    @Test func theAppShellIsServedAtTheAppsAddressesWithTheCSRFToken() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            for path in ["/", "/pins/0badc0de", "/pins/Eiffel%20Tower", "/pins/0badc0de/photos/demo%3Ap-001", "/?view=map"] {
                let page = try await client.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.headers[.contentType] == "text/html; charset=utf-8" && page.headers[.cacheControl] == "no-store", "\(path)")
                #expect(page.text.contains(#"name="tourist-csrf" content="\#(client.csrf)""#), "\(path)")
                #expect(!page.text.contains(WebAssets.csrfPlaceholder))
            }
        }
    }

    @Test func theFilesThePageLoadsAreRevalidatedByETag() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            let script = try await client.get("/app.js")
            #expect(script.status == .ok && script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.headers[.cacheControl] == "no-cache")
            let etag = try #require(script.headers[.eTag])
            #expect(etag.count == 66 && etag.hasPrefix("\"") && etag.hasSuffix("\""), "the SHA-256 of the file: \(etag)")
            let unchanged = try await client.get("/app.js", headers: [.ifNoneMatch: etag])
            #expect(unchanged.status == .notModified && unchanged.body.readableBytes == 0 && unchanged.headers[.eTag] == etag)
            #expect(try await client.get("/app.js", headers: [.ifNoneMatch: "\"stale\""]).status == .ok)

            #expect(try await client.get("/vendor/leaflet/leaflet.min.js").status == .ok)
            #expect(try await client.get("/land.geojson").headers[.contentType] == "application/json")
        }
    }

    @Test func noOtherAddressReachesAFile() async throws {
        let harness = try RouteHarness()
        try await harness.test { client in
            for path in [
                "/index.html", "/nothing.js", "/pins", "/pins/a/b", "/api/nothing", "/../Package.swift", "/%2e%2e/%2e%2e/etc/passwd",
                "/vendor/../../../etc/passwd",
            ] {
                let answer = try await client.get(path)
                #expect(answer.status == .notFound, "\(path) answered \(answer.status)")
                #expect(answer.headers[.contentType] == "application/json", "\(path)")
                #expect(answer.error?.hasPrefix("nothing here") == true, "\(path): \(answer.text)")
            }
        }
    }
}
