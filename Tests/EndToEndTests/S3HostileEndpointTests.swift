import Foundation
import LoopbackHTTP
import Synchronization
import Testing
import TestSupport

/// The built binary against a hostile S3 on 127.0.0.1 (`HostileS3`): listings that go round in
/// circles, a trickling endpoint, an index object far larger than tourist writes, a redirect
/// elsewhere and garbage. Each ends soon, with the README's exit code and a message that names
/// the real limit. Without the fixes, the first two would hold the command (the time limits fail
/// those tests).
struct S3HostileEndpointTests {
    /// A harness pointed at `fake`.
    static func harness(_ fake: HostileS3, extra: [String: String] = [:]) throws -> Harness {
        try Harness(extraEnvironment: fake.environment.merging(extra) { $1 })
    }

    /// The number of listing requests `fake` has answered.
    static func listings(_ fake: HostileS3) -> Int {
        fake.requests.filter(HostileS3.isListing).count
    }

    /// A fake whose `n`th listing (1 for the first) is answered with `page(n)`.
    static func listingFake(_ page: @escaping @Sendable (Int) -> LoopbackReply) throws -> HostileS3 {
        let pages = Mutex(0)
        return try HostileS3 { request in
            guard HostileS3.isListing(request) else { return nil }
            return page(
                pages.withLock { count in
                    count += 1
                    return count
                })
        }
    }

    @Test(.timeLimit(.minutes(2))) func aRepeatedContinuationTokenEndsWith69() async throws {
        // A new key on each page, but always the same token: 5,558 requests in 250 s before.
        let fake = try Self.listingFake { page in
            HostileS3.listPage(["index/pins.journal/\(String(format: "%015d", page))-1-1"], continuingAt: "again")
        }
        let result = try await Self.harness(fake).run("pin", "list", expecting: 69)
        #expect(
            result.stderr.contains("continuation token it had given before") && result.stderr.contains(HostileS3.store), "\(result.stderr)")
        #expect(Self.listings(fake) == 2, "stopped at the first repeat")
    }

    @Test(.timeLimit(.minutes(2))) func pagesThatAddNothingEndWith69() async throws {
        let fake = try Self.listingFake { page in HostileS3.listPage([], continuingAt: "token-\(page)") }
        let result = try await Self.harness(fake).run("pin", "list", expecting: 69)
        #expect(result.stderr.contains("a page that added no key"), "\(result.stderr)")
        #expect(Self.listings(fake) == 1)
    }

    /// The store's VERSION trickles in, a byte every 0.2 s (under the stall time-out, which any byte
    /// resets): with a 2 s limit for such requests, each attempt ends at it, and the command with 69.
    @Test(.timeLimit(.minutes(2))) func aTricklingEndpointCannotHoldACommand() async throws {
        let fake = try HostileS3 { request in
            HostileS3.reads(request, "VERSION")
                ? .paced(status: 200, headers: [("ETag", "\"v\"")], length: 100_000, chunk: 1, every: 0.2) : nil
        }
        let result = try await Self.harness(fake, extra: ["TOURIST_S3_TIMEOUT_SECONDS": "2"]).run("pin", "list", expecting: 69)
        #expect(
            result.stderr.contains("cannot reach the store \(HostileS3.store)") && result.stderr.contains("VERSION"), "\(result.stderr)")
    }

    /// A 213 MB album object: refused by its Content-Length before any body is read, and, sent
    /// without one, cut off at the 64 MiB an index object may hold (never read whole into memory).
    @Test(arguments: [true, false]) func anIndexObjectOverItsLimitIsRefused(declaringLength: Bool) async throws {
        let pin = "3f2a1b4c"
        let fake = try HostileS3 { request in
            guard request.path.hasSuffix("/index/albums/\(pin).json") else { return nil }
            return .paced(
                status: 200, headers: [("ETag", "\"big\"")], length: 213_000_000, chunk: 1 << 20, every: 0, declaringLength: declaringLength
            )
        }
        let result = try await Self.harness(fake).run("album", pin, expecting: 65)
        #expect(result.stderr.contains("64 MiB") && result.stderr.contains("index/albums/\(pin).json"), "\(result.stderr)")
        #expect(!result.stderr.contains("maxPhotoBytes"), "\(result.stderr)")
    }

    @Test func aRedirectToAnotherHostIs69() async throws {
        let fake = try HostileS3 { request in
            HostileS3.reads(request, "VERSION")
                ? .redirect(to: "http://s3.elsewhere.example/tourist-hostile/library/VERSION", status: 307) : nil
        }
        let result = try await Self.harness(fake).run("pin", "list", expecting: 69)
        #expect(
            result.stderr.contains("HTTP 307") && result.stderr.contains("s3.elsewhere.example")
                && result.stderr.contains("AWS_ENDPOINT_URL"), "\(result.stderr)")
    }

    @Test func aListingPageOverItsLimitNamesThatLimit() async throws {
        let fake = try HostileS3 { request in
            HostileS3.isListing(request) ? .paced(status: 200, headers: [], length: 17 << 20, chunk: 1 << 20, every: 0) : nil
        }
        let result = try await Self.harness(fake).run("pin", "list", expecting: 69)
        #expect(
            result.stderr.contains("16 MiB, the limit of a listing page") && !result.stderr.contains("maxPhotoBytes"), "\(result.stderr)")
    }

    @Test func garbageInsteadOfAListingIs69() async throws {
        let fake = try HostileS3 { request in
            HostileS3.isListing(request) ? .html() : nil
        }
        let result = try await Self.harness(fake).run("pin", "list", expecting: 69)
        #expect(result.stderr.contains("not a ListObjectsV2 result"), "\(result.stderr)")
    }
}
