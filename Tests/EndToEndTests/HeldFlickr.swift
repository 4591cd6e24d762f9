import FlickrStub
import Foundation
import Synchronization
import TestSupport

/// A fake Flickr on 127.0.0.1 for pages looked at while an album fills or a new collection
/// searches: from `holdSearches()` on, its searches wait until `releaseSearches()`; from
/// `holdDownloads(after:)` on, its photo downloads (after the first few it lets through) wait
/// until `releaseDownloads()`, their bodies trickling a byte a second meanwhile (so the client's stall
/// time-out never ends them). Each is held and released once, whatever the machine's speed.
final class HeldFlickr: Sendable {
    let fake: FakeFlickr
    /// A config whose providers are this Flickr (`slow`) and a Flickr nobody answers (`flickr`,
    /// off unless a command names it with `--provider`, for a failed album).
    let config: String
    private let searches: Hold
    private let downloads: Hold

    /// 60 photos within 2 km of the Eiffel Tower (48.8584, 2.2945).
    init(_ harness: Harness) throws {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 60, radiusKm: 2, bytes: 3000)
        let (searches, downloads) = (Hold(), Hold())
        (self.searches, self.downloads) = (searches, downloads)
        fake = try FakeFlickr(
            apiKey: "k", photos: photos, before: { request in if request.query["method"] == "flickr.photos.search" { searches.wait() } },
            reply: { request, reply in
                guard request.path.hasSuffix(".jpg"), case .response(let status, let headers, let body) = reply, downloads.holds() else {
                    return reply
                }
                return .held(status: status, headers: headers, body: body, released: { downloads.isReleased })
            })
        config = harness.folder.child("flickr-config.json")
        try Data(
            #"""
            {"downloads": {"retries": 0, "concurrency": 2, "timeoutSeconds": 3600},
             "providers": [{"name": "slow", "type": "flickr", "apiKey": "k", "endpoint": "\#(fake.endpoint)"},
                           {"name": "flickr", "type": "flickr", "apiKey": "k", "endpoint": "http://127.0.0.1:9/services/rest/", "enabled": false}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: config))
    }

    func holdSearches() { searches.start() }
    func releaseSearches() { searches.release() }
    /// Holds the downloads that come after the next `count`.
    func holdDownloads(after count: Int = 0) { downloads.start(after: count) }
    func releaseDownloads() { downloads.release() }

    /// Lets everything held go and stops the server.
    func stop() {
        searches.release()
        downloads.release()
        fake.stop()
    }

    /// Requests pass until `start(after:)`, then `count` more, then wait until `release()`.
    private final class Hold: Sendable {
        /// How many more requests pass: any number until `start`.
        private let passes = Atomic<Int>(.max)
        private let gate = Gate()

        private let released = Atomic<Bool>(false)

        func start(after count: Int = 0) { passes.store(count, ordering: .sequentiallyConsistent) }
        func release() {
            released.store(true, ordering: .sequentiallyConsistent)
            gate.open()
        }
        /// Waits until `release()` when this request is held.
        func wait() { if holds() { gate.pass() } }
        /// Whether this request is held (counting it).
        func holds() -> Bool { passes.subtract(1, ordering: .sequentiallyConsistent).newValue < 0 }
        var isReleased: Bool { released.load(ordering: .sequentiallyConsistent) }
    }
}
