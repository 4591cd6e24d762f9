import Foundation
import LoopbackHTTP
import Synchronization

/// A fake Wikimedia Commons on 127.0.0.1: the Action API at `/w/api.php` (geosearch, coordinates,
/// image info, continuation, errors as HTTP 200) and the image servers (`/thumb/…` at standard widths
/// only, `/images/…` for originals), with the real API's shapes and quirks and faults a test switches
/// on. Stops when released, or at `stop()`.
public final class FakeCommons: Sendable {
    struct State {
        var files: [FakeCommonsFile]
        var articles: [FakeCommonsFile]
        var modes = FakeCommonsModes()
        var apiFaults: [CommonsAPIFault] = []
        var imageFaults: [Int: [CommonsImageFault]] = [:]
        var apiRequests: [LoopbackRequest] = []
        var imageRequests: [LoopbackRequest] = []
        var maxlagAnswers = 0
    }

    /// Thumbnails are made only at these widths; the API rounds `iiurlwidth` up to one of them.
    public static let standardWidths = [20, 40, 60, 120, 250, 330, 500, 960, 1280, 1920, 3840]

    /// The loopback server underneath.
    public let server: LoopbackServer
    let state: Mutex<State>

    /// Starts the fake with `files` (namespace 6) and `articles` (namespace 0, what a geosearch
    /// without `ggsnamespace=6` finds); `delay` is added to every request, API and images alike.
    /// `before` is called with each request on its connection's thread, after the delay and before
    /// the answer; it may block, as a test's `Rendezvous` does to hold requests until it sees enough
    /// of them in flight at once.
    public init(
        files: [FakeCommonsFile], articles: [FakeCommonsFile] = [], delay: Duration = .zero,
        before: @escaping @Sendable (LoopbackRequest) -> Void = { _ in }
    ) throws {
        state = Mutex(State(files: files, articles: articles))
        let box = HandlerBox()
        server = try LoopbackServer(delay: delay) { request in
            before(request)
            return box.handle(request)
        }
        box.set(self)
    }

    /// Lets the server's handler reach the fake once both exist, without keeping it alive.
    private final class HandlerBox: Sendable {
        private struct Weak { weak var fake: FakeCommons? }
        private let target = Mutex(Weak())
        func set(_ fake: FakeCommons) { target.withLock { $0.fake = fake } }
        func handle(_ request: LoopbackRequest) -> LoopbackReply {
            target.withLock { $0.fake }?.answer(request) ?? .resetConnection
        }
    }

    /// The API endpoint, "http://127.0.0.1:PORT/w/api.php".
    public var endpoint: String { server.url("/w/api.php") }

    public func stop() { server.stop() }

    /// Every request to the API, in order.
    public var apiRequests: [LoopbackRequest] { state.withLock { $0.apiRequests } }
    /// Every request to the image servers, in order.
    public var imageRequests: [LoopbackRequest] { state.withLock { $0.imageRequests } }
    /// How many API requests were answered with a `maxlag` error (told to wait).
    public var maxlagAnswers: Int { state.withLock { $0.maxlagAnswers } }

    /// Queues faults for the next API requests that would otherwise be answered.
    public func failNextAPICalls(_ faults: [CommonsAPIFault]) { state.withLock { $0.apiFaults = faults } }
    /// Queues faults for the next requests of `pageID`'s images.
    public func failNextImageRequests(pageID: Int, _ faults: [CommonsImageFault]) { state.withLock { $0.imageFaults[pageID] = faults } }
    /// Changes the lasting behaviours: `fake.setModes { $0.sha1Mismatch = [1000] }`.
    public func setModes(_ change: (inout FakeCommonsModes) -> Void) { state.withLock { change(&$0.modes) } }

    /// The thumbnail URL the API gives for `iiurlwidth=width` (rounded up to a standard width; the
    /// original's URL when that is not smaller than the original).
    public func thumbnailURL(_ file: FakeCommonsFile, width: Int) -> String {
        let standard = Self.standardWidths.first { $0 >= width } ?? Self.standardWidths[Self.standardWidths.count - 1]
        guard standard < file.width else { return originalURL(file) }
        let name = Self.encoded(file.urlName)
        let frame = file.mime.hasPrefix("image/") && file.mime != "image/svg+xml" ? name : name + ".jpg"
        return server.url("/thumb/\(Self.shard(file))/\(name)/\(standard)px-\(frame)")
    }

    /// The original's URL.
    public func originalURL(_ file: FakeCommonsFile) -> String {
        server.url("/images/\(Self.shard(file))/\(Self.encoded(file.urlName))")
    }

    /// Commons shards files by the MD5 of their name ("a/ab"); the fake uses the page id's last hex
    /// digits instead, which is as stable.
    static func shard(_ file: FakeCommonsFile) -> String {
        let hex = String(file.pageID, radix: 16)
        let last = String(hex.suffix(2)).count == 2 ? String(hex.suffix(2)) : "0" + hex
        return "\(last.prefix(1))/\(last)"
    }

    static func encoded(_ name: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%/")
        return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
    }

    func answer(_ request: LoopbackRequest) -> LoopbackReply {
        let requireContact = state.withLock { $0.modes.requireUserAgentContact }
        if requireContact, !Self.followsUserAgentPolicy(request.headers["user-agent"] ?? "") {
            return .response(
                status: 403, headers: [("Content-Type", "text/plain")],
                body: Array(
                    "Please set a user-agent and respect our robot policy https://w.wiki/4wJS. See also https://phabricator.wikimedia.org/T400119.\n"
                        .utf8)
            )
        }
        if request.path == "/w/api.php" {
            state.withLock { $0.apiRequests.append(request) }
            return answerAPI(request)
        }
        if request.path.hasPrefix("/thumb/") || request.path.hasPrefix("/images/") {
            state.withLock { $0.imageRequests.append(request) }
            return answerImage(request)
        }
        return .response(status: 404, headers: [("Content-Type", "text/html")], body: Array("<html><body>Not Found</body></html>".utf8))
    }

    /// Wikimedia's User-Agent policy: `name/version`, with a contact when one is given (`(…)`
    /// holding an e-mail address or URL), and no generic library agent (which Wikimedia blocks).
    static func followsUserAgentPolicy(_ agent: String) -> Bool {
        let generic = ["curl/", "python-requests/", "libcurl", "wget/", "go-http-client", "java/", "okhttp"]
        guard !generic.contains(where: { agent.lowercased().hasPrefix($0) }) else { return false }
        guard let open = agent.firstIndex(of: "(") else { return agent.contains("/") && !agent.contains(" ") }
        guard let close = agent.lastIndex(of: ")"), open < close else { return false }
        let product = agent[..<open].trimmingCharacters(in: .whitespaces)
        let contact = agent[agent.index(after: open)..<close]
        return product.contains("/") && (contact.contains("@") || contact.contains("http"))
    }
}
