import Foundation
import LoopbackHTTP
import Synchronization

/// A fake Flickr on 127.0.0.1: `flickr.photos.search` and `flickr.photos.getSizes` at `endpoint`,
/// and the photos' images, with the real API's quirks (errors as HTTP 200 + stat=fail, no results
/// without a limiting agent, 250 per page, only the first 4,000 results reachable, pages past the
/// end repeating, numbers that may be strings, JSONP) and faults a test switches on.
public final class FakeFlickr: Sendable {
    private struct State {
        var photos: [FakePhoto]
        var modes = FakeFlickrModes()
        var apiFaults: [APIFault] = []
        var imageFaults: [String: [ImageFault]] = [:]
        var everyImageFault: ImageFault?
        var apiCalls: [String: Int] = [:]
        var pages: [Int] = []
        var radii: [Double] = []
        var withoutMinUploadDate = 0
        var rawQueries: [String] = []
        var imageRequests: [String: Int] = [:]
    }

    public let apiKey: String
    public let server: LoopbackServer
    private let state: Mutex<State>

    /// Starts the fake with `photos`; `delay` is added to every request (API and images).
    public init(apiKey: String, photos: [FakePhoto], delay: Duration = .zero) throws {
        self.apiKey = apiKey
        let state = Mutex(State(photos: photos))
        self.state = state
        let box = HandlerBox()
        server = try LoopbackServer(delay: delay) { request in box.handle(request) }
        box.fake = self
    }

    /// Lets the server's handler reach the fake once both exist.
    private final class HandlerBox: @unchecked Sendable {
        weak var fake: FakeFlickr?
        func handle(_ request: LoopbackRequest) -> LoopbackReply { fake?.answer(request) ?? .resetConnection }
    }

    /// The REST endpoint, for a provider's `endpoint` option.
    public var endpoint: String { server.url("/services/rest/") }

    public func stop() { server.stop() }

    // MARK: Switches

    /// Changes the lasting behaviours.
    public func setModes(_ change: (inout FakeFlickrModes) -> Void) { state.withLock { change(&$0.modes) } }
    /// The next API calls fail like this, one fault per call, in order.
    public func failNextAPICalls(_ faults: [APIFault]) { state.withLock { $0.apiFaults += faults } }
    /// The next requests for photo `id`'s images fail like this, one fault per request, in order.
    public func failNextImageRequests(photo id: String, _ faults: [ImageFault]) { state.withLock { $0.imageFaults[id, default: []] += faults } }
    /// Every image request fails like this until set to nil.
    public func failEveryImage(_ fault: ImageFault?) { state.withLock { $0.everyImageFault = fault } }

    // MARK: Counters

    /// API calls received, by method (`flickr.photos.search`…).
    public func apiCalls(_ method: String) -> Int { state.withLock { $0.apiCalls[method] ?? 0 } }
    /// Every page number a search asked for, in order.
    public var pagesRequested: [Int] { state.withLock { $0.pages } }
    /// Every radius a search asked for.
    public var radiiRequested: [Double] { state.withLock { $0.radii } }
    /// Searches sent without `min_upload_date` (Flickr answers those with the last 12 hours only).
    public var searchesWithoutMinUploadDate: Int { state.withLock { $0.withoutMinUploadDate } }
    /// Every API query string as received (the API key travels there, and only there).
    public var rawQueries: [String] { state.withLock { $0.rawQueries } }
    /// Image requests for photo `id`, all sizes.
    public func imageRequests(photo id: String) -> Int { state.withLock { $0.imageRequests[id] ?? 0 } }
    /// Image requests in all.
    public var totalImageRequests: Int { state.withLock { $0.imageRequests.values.reduce(0, +) } }
    /// The most requests (API and images) being answered at once, the delay included.
    public var peakConcurrentRequests: Int { server.peakConcurrentRequests }

    /// The URL of one size of a photo on this fake, with the secret Flickr would use for it.
    public func imageURL(_ photo: FakePhoto, size: String) -> String {
        let secret = ["h", "k", "o"].contains(size) ? photo.originalSecret : photo.secret
        return server.url("/\(photo.server)/\(photo.id)_\(secret)_\(size).jpg")
    }

    // MARK: Answers

    private func answer(_ request: LoopbackRequest) -> LoopbackReply {
        request.path == "/services/rest/" ? answerAPI(request) : answerImage(request)
    }

    private func answerAPI(_ request: LoopbackRequest) -> LoopbackReply {
        let (fault, modes, photos) = state.withLock { state in
            state.rawQueries.append(request.rawQuery)
            state.apiCalls[request.query["method"] ?? "", default: 0] += 1
            return (state.apiFaults.isEmpty ? nil : state.apiFaults.removeFirst(), state.modes, state.photos)
        }
        let json = FlickrJSON(numbersAsStrings: modes.numbersAsStrings)
        func wrap(_ body: String) -> LoopbackReply { .json(modes.jsonp ? "jsonFlickrApi(\(body))" : body) }
        switch fault {
        case .status(let status, let retryAfter)?:
            return .response(status: status, headers: retryAfter.map { [("Retry-After", String($0))] } ?? [], body: Array("busy".utf8))
        case .statFail(let code, let message)?:
            return wrap(FlickrJSON.fail(code: code, message: message))
        case .html?:
            return .html()
        case nil:
            break
        }
        guard request.query["api_key"] == apiKey else {
            return wrap(FlickrJSON.fail(code: 100, message: "Invalid API Key (Key has invalid format)"))
        }
        switch request.query["method"] {
        case "flickr.photos.search": return wrap(search(request.query, photos: photos, modes: modes, json: json))
        case "flickr.photos.getSizes": return wrap(sizes(request.query, photos: photos, json: json))
        default: return wrap(FlickrJSON.fail(code: 112, message: "Method \"\(request.query["method"] ?? "")\" not found"))
        }
    }

    private func search(_ query: [String: String], photos all: [FakePhoto], modes: FakeFlickrModes, json: FlickrJSON) -> String {
        let lat = Double(query["lat"] ?? "") ?? 0, lon = Double(query["lon"] ?? "") ?? 0
        let radius = Double(query["radius"] ?? "") ?? 5
        let page = max(1, Int(query["page"] ?? "") ?? 1)
        let perPage = min(250, max(1, Int(query["per_page"] ?? "") ?? 100))
        let limited = query["min_upload_date"] != nil
        state.withLock { state in
            state.pages.append(page)
            state.radii.append(radius)
            if !limited { state.withoutMinUploadDate += 1 }
        }
        // Without a limiting agent, real Flickr returns only the last 12 hours' uploads: none here.
        let matching = limited ? all.filter { Self.distanceKm(lat, lon, $0.latitude, $0.longitude) <= radius }.sorted { $0.id < $1.id } : []
        let total = limited ? (modes.claimedTotal ?? matching.count) : 0
        let pages = (total + perPage - 1) / perPage
        var items: [FakePhoto] = []
        if !matching.isEmpty {
            let lastStart = ((matching.count - 1) / perPage) * perPage
            let start = min((page - 1) * perPage, lastStart) // past the end: the last page again
            items = Array(matching[start..<min(start + perPage, matching.count)])
            if modes.duplicateAcrossPages, page > 1, let first = matching.first {
                items = [first] + items.dropLast()
            }
        }
        let extras = Set((query["extras"] ?? "").split(separator: ",").map(String.init))
        let rendered = items.enumerated().map { index, photo in
            render(photo, extras: extras, modes: modes, json: json, alternate: index % 2 == 0)
        }
        return "{\"photos\":{\"page\":\(json.number(page, alternate: false)),\"pages\":\(json.number(pages, alternate: true)),\"perpage\":\(json.number(perPage, alternate: false)),\"total\":\(json.number(total, alternate: true)),\"photo\":[\(rendered.joined(separator: ","))]},\"stat\":\"ok\"}"
    }

    private func render(_ photo: FakePhoto, extras: Set<String>, modes: FakeFlickrModes, json: FlickrJSON, alternate: Bool) -> String {
        var fields = [
            "\"id\":\(FlickrJSON.string(photo.id))", "\"owner\":\(FlickrJSON.string(photo.owner))",
            "\"secret\":\(FlickrJSON.string(photo.secret))", "\"server\":\(FlickrJSON.string(photo.server))", "\"farm\":66",
            "\"title\":\(FlickrJSON.string(photo.title))", "\"ispublic\":1", "\"isfriend\":0", "\"isfamily\":0",
        ]
        if extras.contains("license") { fields.append("\"license\":\(json.number(photo.license, alternate: alternate))") }
        if extras.contains("date_taken") {
            fields += ["\"datetaken\":\(FlickrJSON.string(photo.dateTaken))", "\"datetakengranularity\":0", "\"datetakenunknown\":\"0\""]
        }
        if extras.contains("owner_name") { fields.append("\"ownername\":\(FlickrJSON.string(photo.ownerName))") }
        if extras.contains("geo") {
            fields += [
                "\"latitude\":\(json.number(photo.latitude, alternate: alternate))", "\"longitude\":\(json.number(photo.longitude, alternate: !alternate))",
                "\"accuracy\":\(json.number(16, alternate: alternate))", "\"context\":0",
            ]
        }
        let missing = modes.missingSizes[photo.id] ?? []
        for extra in extras.sorted() where extra.hasPrefix("url_") {
            // Flickr's extras are not named by the URL suffix: url_sq is s, url_s is m, url_l is b.
            let size = ["url_sq": "s", "url_s": "m", "url_l": "b", "url_m": "-"][extra] ?? String(extra.dropFirst(4))
            guard photo.sizes[size] != nil, !missing.contains(size) else { continue }
            let url = size == "m" && modes.fileURLPhotos.contains(photo.id) ? "file:///etc/passwd" : imageURL(photo, size: size)
            let edge = ["s": 75, "q": 150, "t": 100, "m": 240, "n": 320, "w": 400, "z": 640, "c": 800, "b": 1024][size] ?? 1600
            fields += [
                "\"\(extra)\":\(FlickrJSON.string(url))", "\"height_\(extra.dropFirst(4))\":\(json.number(edge * 3 / 4, alternate: alternate))",
                "\"width_\(extra.dropFirst(4))\":\(json.number(edge, alternate: !alternate))",
            ]
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func sizes(_ query: [String: String], photos: [FakePhoto], json: FlickrJSON) -> String {
        guard let photo = photos.first(where: { $0.id == query["photo_id"] }) else {
            return FlickrJSON.fail(code: 1, message: "Photo not found")
        }
        let labels = [
            ("s", "Square"), ("q", "Large Square"), ("t", "Thumbnail"), ("m", "Small"), ("n", "Small 320"), ("w", "Small 400"),
            ("z", "Medium 640"), ("c", "Medium 800"), ("b", "Large"), ("h", "Large 1600"), ("k", "Large 2048"), ("o", "Original"),
        ]
        let entries = labels.enumerated().compactMap { index, entry -> String? in
            let (size, label) = entry
            guard photo.sizes[size] != nil else { return nil }
            return "{\"label\":\(FlickrJSON.string(label)),\"width\":\(json.number(100 + index, alternate: index % 2 == 0)),\"height\":\(json.number(75 + index, alternate: index % 2 == 1)),\"source\":\(FlickrJSON.string(imageURL(photo, size: size))),\"url\":\"https://www.flickr.com/photos/\(photo.owner)/\(photo.id)/sizes/\(size)/\",\"media\":\"photo\"}"
        }
        return "{\"sizes\":{\"canblog\":0,\"canprint\":0,\"candownload\":1,\"size\":[\(entries.joined(separator: ","))]},\"stat\":\"ok\"}"
    }

    private func answerImage(_ request: LoopbackRequest) -> LoopbackReply {
        // /SERVER/ID_SECRET_SIZE.jpg
        let name = request.path.split(separator: "/").last.map(String.init) ?? ""
        let parts = name.replacingOccurrences(of: ".jpg", with: "").split(separator: "_").map(String.init)
        guard parts.count == 3 else { return .response(status: 404, body: []) }
        let (id, secret, size) = (parts[0], parts[1], parts[2])
        let (photo, fault) = state.withLock { state -> (FakePhoto?, ImageFault?) in
            state.imageRequests[id, default: 0] += 1
            var fault = state.everyImageFault
            if var queue = state.imageFaults[id], !queue.isEmpty {
                fault = queue.removeFirst()
                state.imageFaults[id] = queue
            }
            return (state.photos.first { $0.id == id }, fault)
        }
        guard let photo, let bytes = photo.sizes[size] else { return .response(status: 404, body: []) }
        let expected = ["h", "k", "o"].contains(size) ? photo.originalSecret : photo.secret
        guard secret == expected else { return .response(status: 404, body: []) }
        let headers = [("Content-Type", "image/jpeg")]
        switch fault {
        case .status(let status, let retryAfter)?:
            return .response(status: status, headers: retryAfter.map { [("Retry-After", String($0))] } ?? [], body: Array("error".utf8))
        case .reset?: return .resetConnection
        case .truncated?: return .truncated(status: 200, headers: headers, body: bytes, sendBytes: bytes.count / 4)
        case .stall(let seconds)?: return .stall(seconds: seconds, status: 200, headers: headers, body: bytes, sendBytes: min(100, bytes.count))
        case .html?: return .html()
        case .redirect(let location)?: return .redirect(to: location)
        case nil: return .response(status: 200, headers: headers, body: bytes)
        }
    }

    static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let rad = Double.pi / 180
        let dLat = (lat2 - lat1) * rad, dLon = (lon2 - lon1) * rad
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * rad) * cos(lat2 * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 6371.0088 * 2 * atan2(sqrt(a), sqrt(1 - a))
    }
}
