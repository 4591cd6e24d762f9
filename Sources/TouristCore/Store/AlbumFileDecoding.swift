import Foundation

/// Reads `index/albums/<pin>.json` without `JSONDecoder`: the strict `JSONParser`, then the fields
/// by hand. It accepts and refuses what the types' `Codable` conformances do (the album tests decode
/// the same documents both ways and compare), 2.6 to 4.5 times faster
/// (`tourist-bench decode-album`), so every command that reads an album gains, and `store verify`
/// and `store repair` read 10,000 of them in about a second. Albums are still written with
/// `JSONEncoder` (`IndexCoding`).
package enum AlbumFileDecoding {
    package static func album(_ value: JSONValue) throws(IndexDecodingError) -> Album {
        let object = try IndexObject(value)
        var album = Album(pin: try object.required("pin", pin), target: try object.required("target", IndexValue.int))
        album.photos = try object.required("photos") { (value) throws(IndexDecodingError) in try IndexValue.array(value, photo) }
        album.shown = try object.required("shown", keySet)
        album.removed = try object.required("removed", keySet)
        album.removedLooks = try object.optional("removedLooks") { (value) throws(IndexDecodingError) in
            try IndexValue.array(value, removedLook)
        }
        album.pageHistory = try object.optional("pageHistory", pageHistory)
        album.report = try object.optional("report", report)
        album.route = try object.optional("route", route)
        return album
    }

    /// A pin by the rows of `Pin.fields`. Like Codable, the position is read as stored, not checked again.
    static func pin(_ value: JSONValue) throws(IndexDecodingError) -> Pin {
        let object = try IndexObject(value)
        var pin = Pin.blank
        for field in Pin.fields {
            func read<T>(_ reader: (JSONValue) throws(IndexDecodingError) -> T) throws(IndexDecodingError) -> T? {
                field.isRequired ? try object.required(field.name, reader) : try object.optional(field.name, reader)
            }
            switch field.value {
            case .text(_, let set): if let text = try read(IndexValue.string) { set(&pin, text) }
            case .number(_, let set): if let number = try read(IndexValue.double) { set(&pin, number) }
            case .count(_, let set): if let count = try read(IndexValue.int) { set(&pin, count) }
            case .date(_, let set): if let date = try read(IndexValue.date) { set(&pin, date) }
            case .word(_, let set):
                if let raw = try read(IndexValue.string), !set(&pin, raw) { throw IndexDecodingError(.unexpected).inside(field.name) }
            }
        }
        return pin
    }

    static func photo(_ value: JSONValue) throws(IndexDecodingError) -> AlbumPhoto {
        let object = try IndexObject(value)
        var photo = AlbumPhoto(candidate: try object.required("candidate", candidate), size: try object.required("size", IndexValue.raw))
        photo.state = try object.required("state", IndexValue.raw)
        photo.sha256 = try object.optional("sha256", IndexValue.string)
        photo.bytes = try object.optional("bytes", IndexValue.int)
        photo.mimeType = try object.optional("mimeType", IndexValue.string)
        photo.sourceURL = try object.optional("sourceURL", IndexValue.string)
        photo.error = try object.optional("error", IndexValue.string)
        photo.views = try object.optional("views") { (value) throws(IndexDecodingError) in try IndexValue.array(value, view) }
        photo.width = try object.optional("width", IndexValue.int)
        photo.height = try object.optional("height", IndexValue.int)
        photo.derived = try object.optional("derived") { (value) throws(IndexDecodingError) in try IndexValue.array(value, derived) }
        photo.imageError = try object.optional("imageError", IndexValue.string)
        photo.perceptualHash = try object.optional("perceptualHash", perceptualHash)
        photo.lookalike = try object.optional("lookalike", lookalike)
        photo.identicalTo = try object.optional("identicalTo", key)
        return photo
    }

    static func derived(_ value: JSONValue) throws(IndexDecodingError) -> DerivedImage {
        let object = try IndexObject(value)
        return DerivedImage(
            kind: try object.required("kind", IndexValue.raw), recipe: try object.required("recipe", IndexValue.string),
            sha256: try object.required("sha256", IndexValue.string), bytes: try object.required("bytes", IndexValue.int),
            width: try object.required("width", IndexValue.int), height: try object.required("height", IndexValue.int),
            mimeType: try object.required("mimeType", IndexValue.string)
        )
    }

    static func perceptualHash(_ value: JSONValue) throws(IndexDecodingError) -> PerceptualHash {
        guard let hash = PerceptualHash(try IndexValue.string(value)) else { throw IndexDecodingError(.unexpected) }
        return hash
    }

    static func lookalike(_ value: JSONValue) throws(IndexDecodingError) -> Lookalike {
        let object = try IndexObject(value)
        return Lookalike(
            of: try object.required("of", key), removed: try object.required("removed", IndexValue.bool),
            distance: try object.required("distance", IndexValue.int))
    }

    static func removedLook(_ value: JSONValue) throws(IndexDecodingError) -> RemovedLook {
        let object = try IndexObject(value)
        return RemovedLook(key: try object.required("key", key), perceptualHash: try object.required("perceptualHash", perceptualHash))
    }

    static func view(_ value: JSONValue) throws(IndexDecodingError) -> PhotoView {
        let object = try IndexObject(value)
        return PhotoView(
            size: try object.required("size", IndexValue.raw), sha256: try object.required("sha256", IndexValue.string),
            bytes: try object.required("bytes", IndexValue.int), mimeType: try object.optional("mimeType", IndexValue.string)
        )
    }

    static func candidate(_ value: JSONValue) throws(IndexDecodingError) -> PhotoCandidate {
        let object = try IndexObject(value)
        return PhotoCandidate(
            key: try object.required("key", key),
            title: try object.required("title", IndexValue.string),
            owner: try object.optional("owner", IndexValue.string),
            license: try object.optional("license", IndexValue.string),
            licenseID: try object.optional("licenseID", IndexValue.string),
            takenAt: try object.optional("takenAt", IndexValue.date),
            location: try object.optional("location", location),
            sources: try object.required("sources") { (value) throws(IndexDecodingError) in
                try IndexValue.dictionary(value, key: PhotoSize.init(rawValue:), source)
            },
            pageURL: try object.optional("pageURL", IndexValue.url),
            licenseURL: try object.optional("licenseURL", IndexValue.url),
            providerData: try object.optional("providerData", IndexValue.string),
            attribution: try object.optional("attribution", IndexValue.string),
            camera: try object.optional("camera", IndexValue.string),
            takenAtKind: try object.optional("takenAtKind", IndexValue.string).flatMap(TakenAtKind.init(rawValue:))
        )
    }

    /// A position, checked as `GeoPoint` checks it (an out-of-range latitude or longitude is refused).
    static func location(_ value: JSONValue) throws(IndexDecodingError) -> GeoPoint {
        let object = try IndexObject(value)
        let latitude = try object.required("latitude", IndexValue.double)
        let longitude = try object.required("longitude", IndexValue.double)
        do {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw IndexDecodingError(.unexpected).inside("latitude")
        }
    }

    /// A route's line: `points` as `[latitude, longitude]` pairs, each checked as `GeoPoint`
    /// checks it, at least two distinct.
    static func route(_ value: JSONValue) throws(IndexDecodingError) -> RouteLine {
        let points = try IndexObject(value).required("points") { (value) throws(IndexDecodingError) in
            try IndexValue.array(value) { (pair) throws(IndexDecodingError) -> GeoPoint in
                let numbers = try IndexValue.array(pair, IndexValue.double)
                guard numbers.count == 2, let point = try? GeoPoint(latitude: numbers[0], longitude: numbers[1]) else {
                    throw IndexDecodingError(.unexpected)
                }
                return point
            }
        }
        guard let line = RouteLine(points: points) else { throw IndexDecodingError(.unexpected).inside("points") }
        return line
    }

    static func key(_ value: JSONValue) throws(IndexDecodingError) -> PhotoKey {
        guard let key = PhotoKey(try IndexValue.string(value)) else { throw IndexDecodingError(.unexpected) }
        return key
    }

    static func keySet(_ value: JSONValue) throws(IndexDecodingError) -> Set<PhotoKey> {
        Set(try IndexValue.array(value, key))
    }

    /// A size's source, in `PhotoSource`'s one-string form.
    static func source(_ value: JSONValue) throws(IndexDecodingError) -> PhotoSource {
        guard let source = PhotoSource(encoded: try IndexValue.string(value)) else { throw IndexDecodingError(.unexpected) }
        return source
    }

    static func report(_ value: JSONValue) throws(IndexDecodingError) -> FetchReport {
        let object = try IndexObject(value)
        return FetchReport(
            kind: try object.required("kind", IndexValue.raw), operation: try object.required("operation", IndexValue.raw),
            headline: try object.required("headline", IndexValue.string),
            notes: try object.required("notes") { (value) throws(IndexDecodingError) in try IndexValue.array(value, note) },
            advice: try object.optional("advice", advice), alternative: try object.optional("alternative", advice)
        )
    }

    static func note(_ value: JSONValue) throws(IndexDecodingError) -> FetchReport.Note {
        let object = try IndexObject(value)
        return FetchReport.Note(
            provider: try object.required("provider", IndexValue.string), reason: try object.optional("reason", IndexValue.raw),
            text: try object.required("text", IndexValue.string), detail: try object.optional("detail", IndexValue.string)
        )
    }

    static func advice(_ value: JSONValue) throws(IndexDecodingError) -> FetchAdvice {
        let object = try IndexObject(value)
        return FetchAdvice(
            try object.required("action", IndexValue.raw), remedy: try object.optional("remedy", remedy),
            page: try object.required("page", IndexValue.string), button: try object.optional("button", IndexValue.string),
            question: try object.optional("question", IndexValue.string)
        )
    }

    /// A remedy, rare in an album (one in a report at most), read by its `Codable` conformance.
    static func remedy(_ value: JSONValue) throws(IndexDecodingError) -> Remedy {
        do {
            return try IndexCoding.decoder().decode(Remedy.self, from: Data(value.compact().utf8))
        } catch {
            throw IndexDecodingError(.unexpected)
        }
    }

    static func pageHistory(_ value: JSONValue) throws(IndexDecodingError) -> PageHistory {
        let object = try IndexObject(value)
        func counts(_ value: JSONValue) throws(IndexDecodingError) -> [String: Int] {
            try IndexValue.dictionary(value, key: { $0 }, IndexValue.int)
        }
        var history = PageHistory()
        history.seen = try object.required("seen") { (value) throws(IndexDecodingError) in
            try IndexValue.dictionary(value, key: { $0 }) { (pages) throws(IndexDecodingError) in
                Set(try IndexValue.array(pages, IndexValue.int))
            }
        }
        history.pageCounts = try object.required("pageCounts", counts)
        history.pageSizes = try object.required("pageSizes", counts)
        return history
    }
}
