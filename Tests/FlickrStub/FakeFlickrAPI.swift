import Foundation
import LoopbackHTTP

/// The REST side of the fake: `flickr.photos.search` and `flickr.photos.getSizes`.
extension FakeFlickr {
    /// Flickr's geo searches go no further than the first 4,000 results.
    static let reachableResults = 4000
    /// The most results per page of a geo search.
    static let maxPerPage = 250
    /// Parameters that limit a search by date; without one, Flickr answers with the last 12 hours only.
    static let dateLimits = ["min_upload_date", "max_upload_date", "min_taken_date", "max_taken_date"]

    func answerAPI(_ request: LoopbackRequest) -> LoopbackReply {
        let method = request.query["method"] ?? ""
        let (fault, modes) = state.withLock { state in
            state.rawQueries.append(request.rawQuery)
            state.apiCalls[method, default: 0] += 1
            return (state.apiFaults.isEmpty ? state.everyAPIFault : state.apiFaults.removeFirst(), state.modes)
        }
        // Without nojsoncallback=1, Flickr wraps its JSON in a call to jsonFlickrApi.
        let jsonp = modes.jsonp || request.query["nojsoncallback"] != "1"
        func wrap(_ body: String) -> LoopbackReply { .json(jsonp ? "jsonFlickrApi(\(body))" : body) }
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
        let json = FlickrJSON(numbersAsStrings: modes.numbersAsStrings)
        switch method {
        case "flickr.photos.search": return wrap(search(request.query, modes: modes, json: json))
        case "flickr.photos.getSizes": return wrap(sizes(request.query, json: json))
        default: return wrap(FlickrJSON.fail(code: 112, message: "Method \"\(method)\" not found"))
        }
    }

    private func search(_ query: [String: String], modes: FakeFlickrModes, json: FlickrJSON) -> String {
        let lat = Double(query["lat"] ?? "") ?? 0, lon = Double(query["lon"] ?? "") ?? 0
        let radius = Double(query["radius"] ?? "") ?? 5
        let radiusKm = query["radius_units"] == "mi" ? radius * 1.609344 : radius
        let page = min(1_000_000, max(1, Int(query["page"] ?? "") ?? 1))
        let perPage = min(Self.maxPerPage, max(1, Int(query["per_page"] ?? "") ?? 100))
        let limited = Self.dateLimits.contains { query[$0] != nil }
        let photos = state.withLock { state in
            state.pages.append(page)
            state.radii.append(radius)
            state.maxRadiusKm = max(state.maxRadiusKm ?? radiusKm, radiusKm)
            if query["min_upload_date"] == nil { state.withoutMinUploadDate += 1 }
            return state.photos
        }
        // Without a limiting agent, real Flickr returns only the last 12 hours' uploads: none here.
        // Flickr does not sort geo results by distance: id order here.
        // A `bbox` (minLon,minLat,maxLon,maxLat) replaces the circle, as Flickr has it.
        let box = (query["bbox"] ?? "").split(separator: ",").compactMap { Double($0) }
        let inside: (FakePhoto) -> Bool =
            box.count == 4
            ? { (box[1]...box[3]).contains($0.latitude) && (box[0]...box[2]).contains($0.longitude) }
            : { Self.distanceKm(lat, lon, $0.latitude, $0.longitude) <= radiusKm }
        let matching = limited ? photos.filter { inside($0) && Self.takenWithin(query, $0.dateTaken) }.sorted { $0.id < $1.id } : []
        let reachable = matching.prefix(Self.reachableResults)
        let total = limited ? (modes.claimedTotal ?? matching.count) : 0
        let pages = (total + perPage - 1) / perPage
        var items: [FakePhoto] = []
        if !reachable.isEmpty {
            let lastStart = ((reachable.count - 1) / perPage) * perPage
            let start = min((page - 1) * perPage, lastStart)  // past the end: the last page again
            items = Array(reachable[start..<min(start + perPage, reachable.count)])
            if modes.duplicateAcrossPages, page > 1, let first = reachable.first, items.count > 0 {
                items = [first] + items.dropLast()
            }
        }
        let extras = Set((query["extras"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let rendered = items.enumerated().map { index, photo in
            render(photo, extras: extras, modes: modes, json: json, alternate: index % 2 == 0)
        }
        return
            "{\"photos\":{\"page\":\(json.number(page, alternate: false)),\"pages\":\(json.number(pages, alternate: true)),\"perpage\":\(json.number(perPage, alternate: false)),\"total\":\(json.number(total, alternate: true)),\"photo\":[\(rendered.joined(separator: ","))]},\"stat\":\"ok\"}"
    }

    /// One search result; `alternate` flips which numbers are strings (in numbers-as-strings mode).
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
                "\"latitude\":\(json.number(photo.latitude, alternate: alternate))",
                "\"longitude\":\(json.number(photo.longitude, alternate: !alternate))",
                "\"accuracy\":\(json.number(16, alternate: alternate))", "\"context\":0",
            ]
        }
        let missing = modes.missingSizes[photo.id] ?? []
        for extra in extras.sorted() where extra.hasPrefix("url_") {
            guard let size = FlickrSizeTable.size(forExtra: extra), photo.sizes[size.letter] != nil, !missing.contains(size.letter) else {
                continue
            }
            let url =
                size.letter == "m" && modes.fileURLPhotos.contains(photo.id) ? "file:///etc/passwd" : imageURL(photo, size: size.letter)
            let suffix = extra.dropFirst(4)
            fields += [
                "\"\(extra)\":\(FlickrJSON.string(url))", "\"height_\(suffix)\":\(json.number(size.height, alternate: alternate))",
                "\"width_\(suffix)\":\(json.number(size.width, alternate: !alternate))",
            ]
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private func sizes(_ query: [String: String], json: FlickrJSON) -> String {
        guard let id = query["photo_id"], let photo = state.withLock({ $0.photo(id) }) else {
            return FlickrJSON.fail(code: 1, message: "Photo not found")
        }
        // `missingSizes` applies to search results only: getSizes lists every size the photo has.
        let entries = FlickrSizeTable.all.enumerated().compactMap { index, size -> String? in
            guard photo.sizes[size.letter] != nil else { return nil }
            let page = "https://www.flickr.com/photos/\(photo.owner)/\(photo.id)/sizes/\(size.pageCode)/"
            return
                "{\"label\":\(FlickrJSON.string(size.label)),\"width\":\(json.number(size.width, alternate: index % 2 == 0)),\"height\":\(json.number(size.height, alternate: index % 2 == 1)),\"source\":\(FlickrJSON.string(imageURL(photo, size: size.letter))),\"url\":\(FlickrJSON.string(page)),\"media\":\"photo\"}"
        }
        return "{\"sizes\":{\"canblog\":0,\"canprint\":0,\"candownload\":1,\"size\":[\(entries.joined(separator: ","))]},\"stat\":\"ok\"}"
    }

    /// Great-circle distance in km (haversine, mean Earth radius).
    /// Whether a photo taken at `dateTaken` ("2023-05-01 12:34:56") is within the search's
    /// `min_taken_date` and `max_taken_date` (both included, as Flickr has them), each a MySQL
    /// datetime or a date ("2023-05-01"), compared as Flickr compares the camera's clock.
    static func takenWithin(_ query: [String: String], _ dateTaken: String) -> Bool {
        if let min = query["min_taken_date"], dateTaken < min { return false }
        if let max = query["max_taken_date"] {
            let bound = max.count == 10 ? max + " 23:59:59" : max
            if dateTaken > bound { return false }
        }
        return true
    }

    static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let rad = Double.pi / 180
        let dLat = (lat2 - lat1) * rad, dLon = (lon2 - lon1) * rad
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * rad) * cos(lat2 * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 6371.0088 * 2 * atan2(sqrt(a), sqrt(max(0, 1 - a)))
    }
}
