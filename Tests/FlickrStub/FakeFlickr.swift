import Foundation
import LoopbackHTTP
import Synchronization

/// A fake Flickr on 127.0.0.1: `flickr.photos.search` and `flickr.photos.getSizes` at `endpoint`,
/// and the photos' images at `/SERVER/ID_SECRET_SIZE.jpg`, with the real API's quirks (errors as
/// HTTP 200 + stat=fail, no results without a limiting agent, 250 per page, only the first 4,000
/// results reachable, pages past the end repeating, numbers that may be strings, JSONP) and faults
/// a test switches on at any time. Stops when released, or at `stop()`.
public final class FakeFlickr: Sendable {
    struct State {
        var photos: [FakePhoto]
        var index: [String: Int]
        var modes = FakeFlickrModes()
        var apiFaults: [APIFault] = []
        var everyAPIFault: APIFault?
        /// Keyed by photo id (every size) or "ID_SIZE" (one size).
        var imageFaults: [String: [ImageFault]] = [:]
        var everyImageFault: ImageFault?
        var apiCalls: [String: Int] = [:]
        var pages: [Int] = []
        var radii: [Double] = []
        var maxRadiusKm: Double?
        var withoutMinUploadDate = 0
        var rawQueries: [String] = []
        var imageRequests: [String: Int] = [:]
        var imagePaths: [String: Int] = [:]

        init(photos: [FakePhoto]) {
            self.photos = photos
            var index: [String: Int] = [:]
            for (position, photo) in photos.enumerated() where index[photo.id] == nil { index[photo.id] = position }
            self.index = index
        }

        func photo(_ id: String) -> FakePhoto? { index[id].map { photos[$0] } }
    }

    /// The key requests must carry (`api_key`), else Flickr's error 100.
    public let apiKey: String
    /// The loopback server underneath: every request it received, connections, peaks.
    public let server: LoopbackServer
    let state: Mutex<State>

    /// Starts the fake with `photos` (answered in id order); `delay` is added to every request,
    /// API and images alike. `before` is called with each request on its connection's thread, after
    /// the delay and before the answer; it may block, as a test's `Rendezvous` does to hold requests
    /// until it sees enough of them in flight at once. `reply` may change each answer before it is
    /// sent (hold an image's body, `LoopbackReply.held`).
    public init(
        apiKey: String, photos: [FakePhoto], delay: Duration = .zero, before: @escaping @Sendable (LoopbackRequest) -> Void = { _ in },
        reply: @escaping @Sendable (LoopbackRequest, LoopbackReply) -> LoopbackReply = { $1 }
    ) throws {
        self.apiKey = apiKey
        state = Mutex(State(photos: photos))
        let box = HandlerBox()
        server = try LoopbackServer(delay: delay) { request in
            before(request)
            return reply(request, box.handle(request))
        }
        box.set(self)
    }

    /// Lets the server's handler reach the fake once both exist, without keeping it alive.
    private final class HandlerBox: Sendable {
        private struct Weak { weak var fake: FakeFlickr? }
        private let target = Mutex(Weak())
        func set(_ fake: FakeFlickr) { target.withLock { $0.fake = fake } }
        func handle(_ request: LoopbackRequest) -> LoopbackReply {
            target.withLock { $0.fake }?.answer(request) ?? .resetConnection
        }
    }

    /// The REST endpoint ("http://127.0.0.1:PORT/services/rest/"), for a provider's `endpoint` option.
    public var endpoint: String { server.url("/services/rest/") }

    /// Closes the server and its connections.
    public func stop() { server.stop() }

    /// The URL of one size of a photo on this fake, with the secret Flickr would use for it
    /// (`originalSecret` for h, k and o).
    public func imageURL(_ photo: FakePhoto, size: String) -> String {
        let secret = FlickrSizeTable.usesOriginalSecret(size) ? photo.originalSecret : photo.secret
        return server.url("/\(photo.server)/\(photo.id)_\(secret)_\(size).jpg")
    }

    // MARK: Switches

    /// Changes the lasting behaviours (`FakeFlickrModes`): `fake.setModes { $0.jsonp = true }`.
    public func setModes(_ change: (inout FakeFlickrModes) -> Void) { state.withLock { change(&$0.modes) } }
    /// The next API calls (any method) fail like this, one fault per call, in order; then they succeed.
    public func failNextAPICalls(_ faults: [APIFault]) { state.withLock { $0.apiFaults += faults } }
    /// Every API call fails like this (once the queued faults are used up) until set to nil.
    public func failEveryAPICall(_ fault: APIFault?) { state.withLock { $0.everyAPIFault = fault } }
    /// The next requests for photo `id`'s images (of `size` only, when given) fail like this, one
    /// fault per request, in order; then they succeed. A size's own queue is used before the photo's.
    public func failNextImageRequests(photo id: String, size: String? = nil, _ faults: [ImageFault]) {
        state.withLock { $0.imageFaults[size.map { "\(id)_\($0)" } ?? id, default: []] += faults }
    }
    /// Every image request fails like this (once queued faults are used up) until set to nil.
    public func failEveryImage(_ fault: ImageFault?) { state.withLock { $0.everyImageFault = fault } }

    // MARK: Counters

    /// API calls received, by method (`flickr.photos.search`…), faults and refused keys included.
    public func apiCalls(_ method: String) -> Int { state.withLock { $0.apiCalls[method] ?? 0 } }
    /// Every page number a search asked for, in order (past the end included).
    public var pagesRequested: [Int] { state.withLock { $0.pages } }
    /// Every `radius` a search asked for, as sent.
    public var radiiRequested: [Double] { state.withLock { $0.radii } }
    /// The largest radius a search asked for, in km (`radius_units=mi` converted); Flickr's cap is 32.
    public var maxRadiusSeen: Double? { state.withLock { $0.maxRadiusKm } }
    /// Searches sent without `min_upload_date` (with no other date limit either, Flickr answers
    /// those with the last 12 hours only: nothing, here).
    public var searchesWithoutMinUploadDate: Int { state.withLock { $0.withoutMinUploadDate } }
    /// Whether any search was sent without `min_upload_date`.
    public var sawSearchWithoutMinUploadDate: Bool { searchesWithoutMinUploadDate > 0 }
    /// Every API query string exactly as received (the API key travels there, and only there).
    public var rawQueries: [String] { state.withLock { $0.rawQueries } }
    /// Image requests for photo `id`, all sizes, failed ones included.
    public func imageRequests(photo id: String) -> Int { state.withLock { $0.imageRequests[id] ?? 0 } }
    /// Requests for one image path ("/65535/ID_SECRET_m.jpg"), failed ones included.
    public func imageRequests(path: String) -> Int { state.withLock { $0.imagePaths[path] ?? 0 } }
    /// Requests by path, for every path other than the API's.
    public var imageRequestsByPath: [String: Int] { state.withLock { $0.imagePaths } }
    /// Image requests in all.
    public var totalImageRequests: Int { state.withLock { $0.imagePaths.values.reduce(0, +) } }
    /// The most requests (API and images) being answered at once, the delay included.
    public var peakConcurrentRequests: Int { server.peakConcurrentRequests }
    /// The most image requests being answered at once, the delay included.
    public var peakConcurrentImageRequests: Int { server.peakConcurrentRequests { !Self.isAPIPath($0.path) } }

    // MARK: Answers

    static func isAPIPath(_ path: String) -> Bool { path == "/services/rest/" || path == "/services/rest" }

    private func answer(_ request: LoopbackRequest) -> LoopbackReply {
        Self.isAPIPath(request.path) ? answerAPI(request) : answerImage(request)
    }
}
