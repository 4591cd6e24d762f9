import Crypto
import Foundation
import LoopbackHTTP

/// The API side of the fake: `action=query` with `generator=geosearch`, `pageids` or `titles`, and
/// `prop=coordinates|imageinfo`, answered as MediaWiki and GeoData do.
extension FakeCommons {
    /// An `error` object the API answers with HTTP 200.
    struct APIError: Error {
        let code: String
        let info: String
    }

    /// A page of an answer: a file (or article), or a page that does not exist.
    struct Listed {
        var file: FakeCommonsFile?
        var pageID: Int?
        var title: String
        var namespace: Int
    }

    func answerAPI(_ request: LoopbackRequest) -> LoopbackReply {
        let query = request.query
        let (fault, steady): (CommonsAPIFault?, Int?) = state.withLock { state in
            var fault = state.apiFaults.first
            if case .maxlag? = fault, query["maxlag"] == nil { fault = nil }
            if fault != nil { state.apiFaults.removeFirst() }
            // Steady lag counts every request, and answers those a queued fault does not.
            let steady = state.modes.steadyMaxlag.flatMap { mode in
                fault == nil && query["maxlag"] != nil && state.apiRequests.count % max(1, mode.every) == 0 ? mode.retryAfter : nil
            }
            if case .maxlag? = fault { state.maxlagAnswers += 1 }
            if steady != nil { state.maxlagAnswers += 1 }
            return (fault, steady)
        }
        if let steady { return maxlagReply(lag: 7, retryAfter: steady) }
        switch fault {
        case .maxlag(let seconds)?:
            // MediaWiki's Retry-After is the maxlag the client sent, at least 5 (ApiMain::checkMaxLag).
            return maxlagReply(lag: seconds, retryAfter: max(Int(query["maxlag"] ?? "") ?? 5, 5))
        case .tooManyRequests(let retryAfter)?:
            return .response(
                status: 429, headers: [("Retry-After", String(retryAfter)), ("Content-Type", "text/plain")],
                body: Array("Too many requests".utf8))
        case .error(let code, let info)?:
            return errorReply(APIError(code: code, info: info))
        case .html?:
            return .html()
        case .status(let status)?:
            return .response(status: status, headers: [("Content-Type", "text/plain")], body: Array("error \(status)".utf8))
        case .truncatedJSON?, .cutJSON?, nil:
            break
        }
        guard query["format"] == "json" else {
            return .response(
                status: 200, headers: [("Content-Type", "text/html")],
                body: Array("<!DOCTYPE html><html><body><h1>MediaWiki API help</h1></body></html>".utf8))
        }
        guard query["action"] == "query" else {
            return errorReply(APIError(code: "badvalue", info: "Unrecognized value for parameter \"action\": \(query["action"] ?? "")."))
        }
        let document: [String: Any]
        do {
            document = try answerQuery(query, formatVersion2: query["formatversion"] == "2")
        } catch let error as APIError {
            return errorReply(error)
        } catch {
            return errorReply(APIError(code: "internal_api_error_Exception", info: "\(error)"))
        }
        let body = (try? JSONSerialization.data(withJSONObject: document)).map(Array.init) ?? []
        let headers = [("Content-Type", "application/json; charset=utf-8")]
        switch fault {
        case .truncatedJSON?: return .truncated(status: 200, headers: headers, body: body, sendBytes: body.count / 2)
        case .cutJSON?: return .response(status: 200, headers: headers, body: Array(body.prefix(body.count / 2)))
        default: return .response(status: 200, headers: headers, body: body)
        }
    }

    /// MediaWiki's answer when its databases lag `lag` seconds behind: HTTP 200 with a `maxlag`
    /// error, the lag in the body and X-Database-Lag, and Retry-After.
    func maxlagReply(lag: Int, retryAfter: Int) -> LoopbackReply {
        let body =
            #"{"error":{"code":"maxlag","info":"Waiting for 10.64.16.7: \#(lag) seconds lagged.","host":"10.64.16.7","lag":\#(lag),"type":"db","*":"See https://commons.wikimedia.org/w/api.php for API usage."},"servedby":"mw1234"}"#
        return .response(
            status: 200,
            headers: [
                ("Content-Type", "application/json; charset=utf-8"), ("Retry-After", String(retryAfter)),
                ("MediaWiki-API-Error", "maxlag"), ("X-Database-Lag", String(lag)),
            ], body: Array(body.utf8))
    }

    func errorReply(_ error: APIError) -> LoopbackReply {
        let document: [String: Any] = [
            "error": ["code": error.code, "info": error.info, "docref": "See https://commons.wikimedia.org/w/api.php for API usage."],
            "servedby": "mw1234",
        ]
        let body = (try? JSONSerialization.data(withJSONObject: document)).map(Array.init) ?? []
        return .response(
            status: 200, headers: [("Content-Type", "application/json; charset=utf-8"), ("MediaWiki-API-Error", error.code)], body: body)
    }

    /// The answer to one `action=query` request.
    func answerQuery(_ query: [String: String], formatVersion2: Bool) throws -> [String: Any] {
        var warnings: [String: Any] = [:]
        let (files, articles, modes) = state.withLock { ($0.files, $0.articles, $0.modes) }
        var listed: [Listed]
        let generated = query["generator"] == "geosearch"
        if generated {
            listed = try geosearch(query, files: files, articles: articles, warnings: &warnings)
        } else if let ids = query["pageids"] {
            let values = ids.split(separator: "|").map(String.init)
            try Self.checkCount(values, name: "pageids")
            listed = values.map { value in
                let id = Int(value) ?? -1
                return files.first { $0.pageID == id }.map { Listed(file: $0, pageID: $0.pageID, title: $0.title, namespace: 6) }
                    ?? Listed(file: nil, pageID: id, title: "", namespace: 6)
            }
        } else if let titles = query["titles"] {
            let values = titles.split(separator: "|").map { $0.replacingOccurrences(of: "_", with: " ") }
            try Self.checkCount(values, name: "titles")
            listed = values.map { title in
                files.first { $0.title == title }.map { Listed(file: $0, pageID: $0.pageID, title: $0.title, namespace: 6) }
                    ?? Listed(file: nil, pageID: nil, title: title, namespace: title.hasPrefix("File:") ? 6 : 0)
            }
        } else {
            listed = []
        }
        listed.sort { ($0.pageID ?? .max, $0.title) < ($1.pageID ?? .max, $1.title) }

        let props = Set((query["prop"] ?? "").split(separator: "|").map(String.init))
        let continueParts = (query["continue"] ?? "").components(separatedBy: "||")
        let done = Set(continueParts.count > 1 ? continueParts[1].split(separator: "|").map(String.init) : [])
        var continuation: [String: String] = [:]
        var finished = done
        var coordinates: [Int: [[String: Any]]] = [:]
        if props.contains("coordinates"), !done.contains("coordinates") {
            if let next = emitCoordinates(query, listed: listed, into: &coordinates) {
                continuation["cocontinue"] = next
            } else {
                finished.insert("coordinates")
            }
        }
        var infos: [Int: [String: Any]] = [:]
        if props.contains("imageinfo"), !done.contains("imageinfo") {
            if let next = emitImageInfo(query, listed: listed, modes: modes, into: &infos) {
                continuation["iicontinue"] = next
            } else {
                finished.insert("imageinfo")
            }
        }

        var pages: [[String: Any]] = []
        for (index, page) in listed.enumerated() {
            var object: [String: Any] = ["ns": page.namespace]
            if let id = page.pageID, page.file != nil || query["pageids"] != nil { object["pageid"] = id }
            if !page.title.isEmpty { object["title"] = page.title }
            if page.file == nil {
                object["missing"] = formatVersion2 ? true : ""
            } else if page.file?.missing == true {
                object["missing"] = formatVersion2 ? true : ""
                object["imagerepository"] = ""
            } else if page.namespace == 6 {
                object["imagerepository"] = "local"
            }
            if let list = coordinates[index] { object["coordinates"] = list }
            if let info = infos[index] { object["imageinfo"] = [info] }
            pages.append(object)
        }
        var document: [String: Any] = [:]
        if !pages.isEmpty {
            if formatVersion2 {
                document["query"] = ["pages": pages]
            } else {
                var keyed: [String: Any] = [:]
                for (index, page) in pages.enumerated() { keyed[String(page["pageid"] as? Int ?? -(index + 1))] = page }
                document["query"] = ["pages": keyed]
            }
        }
        if continuation.isEmpty {
            document["batchcomplete"] = formatVersion2 ? true : ""
        } else {
            continuation["continue"] = (generated ? "-||" : "||") + finished.sorted().joined(separator: "|")
            document["continue"] = continuation
        }
        if !warnings.isEmpty { document["warnings"] = warnings }
        return document
    }

    static func checkCount(_ values: [String], name: String) throws {
        guard values.count <= 50 else {
            throw APIError(code: "toomanyvalues", info: "Too many values supplied for parameter \"\(name)\". The limit is 50.")
        }
    }

    /// GeoData's geosearch: the `ggslimit` files (or articles) nearest `ggscoord` within `ggsradius`.
    func geosearch(_ query: [String: String], files: [FakeCommonsFile], articles: [FakeCommonsFile], warnings: inout [String: Any]) throws
        -> [Listed]
    {
        let parts = (query["ggscoord"] ?? "").split(separator: "|").compactMap { Double($0) }
        guard parts.count == 2 else { throw APIError(code: "invalid-coord", info: "Invalid coordinate provided.") }
        guard let radiusText = query["ggsradius"] else {
            throw APIError(code: "missingparam", info: "The \"ggsradius\" parameter must be set.")
        }
        guard let radius = Int(radiusText) else {
            throw APIError(code: "badinteger", info: "Invalid value \"\(radiusText)\" for integer parameter \"ggsradius\".")
        }
        guard radius >= 10 else {
            throw APIError(
                code: "outofrange", info: "Invalid value \"\(radius)\" for integer parameter \"ggsradius\": must be no less than 10.")
        }
        guard radius <= 10_000 else {
            throw APIError(
                code: "outofrange", info: "Invalid value \"\(radius)\" for integer parameter \"ggsradius\": must be no greater than 10000.")
        }
        var limit = 10
        if let text = query["ggslimit"] {
            if text == "max" {
                limit = 500
            } else if let value = Int(text) {
                limit = value
                if value > 500 {
                    limit = 500
                    warnings["geosearch"] = ["warnings": "ggslimit may not be over 500 (set to 500) for users."]
                }
            }
        }
        let namespace = query["ggsnamespace"] == "6" ? 6 : 0
        let primary = query["ggsprimary"] ?? "primary"
        let center = (latitude: parts[0], longitude: parts[1])
        let pool = namespace == 6 ? files : articles
        let found = pool.compactMap { file -> (FakeCommonsFile, Double)? in
            let distances = Self.coordinates(of: file)
                .filter { primary == "all" || (primary == "primary") == $0.primary }
                .map { Self.metres(center, ($0.latitude, $0.longitude)) }
            guard let nearest = distances.min(), nearest <= Double(radius) else { return nil }
            return (file, nearest)
        }
        return found.sorted { ($0.1, $0.0.pageID) < ($1.1, $1.0.pageID) }.prefix(limit)
            .map {
                Listed(
                    file: $0.0, pageID: $0.0.pageID, title: namespace == 6 ? $0.0.title : String($0.0.title.dropFirst(5)),
                    namespace: namespace)
            }
    }

    /// Writes the coordinates due in this response; returns `cocontinue` when `colimit` cut them off.
    func emitCoordinates(_ query: [String: String], listed: [Listed], into output: inout [Int: [[String: Any]]]) -> String? {
        let limit = query["colimit"] == "max" ? 500 : min(500, Int(query["colimit"] ?? "") ?? 10)
        let mode = query["coprimary"] ?? "primary"
        let from = (query["codistancefrompoint"] ?? "").split(separator: "|").compactMap { Double($0) }
        let start = (query["cocontinue"] ?? "").split(separator: "|").compactMap { Int($0) }
        var emitted = 0
        for (index, page) in listed.enumerated() {
            guard let file = page.file, let pageID = page.pageID, !(start.count == 2 && pageID < start[0]) else { continue }
            let all = Self.coordinates(of: file).enumerated().filter { mode == "all" || (mode == "primary") == $0.element.primary }
            for (position, coordinate) in all where !(start.count == 2 && pageID == start[0] && position < start[1]) {
                if emitted == limit { return "\(pageID)|\(position)" }
                var object: [String: Any] = [
                    "lat": coordinate.latitude, "lon": coordinate.longitude, "primary": coordinate.primary, "globe": "earth",
                ]
                if from.count == 2 {
                    object["dist"] = (Self.metres((from[0], from[1]), (coordinate.latitude, coordinate.longitude)) * 10).rounded() / 10
                }
                output[index, default: []].append(object)
                emitted += 1
            }
        }
        return nil
    }

    /// Writes the image info due in this response (at most 50 files with `iiurlwidth`); returns
    /// `iicontinue` when the rest must wait.
    func emitImageInfo(_ query: [String: String], listed: [Listed], modes: FakeCommonsModes, into output: inout [Int: [String: Any]])
        -> String?
    {
        let width = query["iiurlwidth"].flatMap(Int.init)
        let properties = Set((query["iiprop"] ?? "timestamp|user").split(separator: "|").map(String.init))
        let filter = query["iiextmetadatafilter"].map { Set($0.split(separator: "|").map(String.init)) }
        var started = query["iicontinue"] == nil
        let resumeName = query["iicontinue"]?.split(separator: "|").first.map(String.init)
        var count = 0
        for (index, page) in listed.enumerated() {
            guard let file = page.file, !file.missing, page.namespace == 6 else { continue }
            if !started {
                guard file.urlName == resumeName else { continue }
                started = true
            }
            if width != nil, count == 50 {
                return "\(file.urlName)|\(file.timestamp.filter(\.isNumber))"
            }
            output[index] = imageInfo(file, width: width, properties: properties, filter: filter, modes: modes)
            count += 1
        }
        return nil
    }

    func imageInfo(_ file: FakeCommonsFile, width: Int?, properties: Set<String>, filter: Set<String>?, modes: FakeCommonsModes) -> [String:
        Any]
    {
        var info: [String: Any] = [:]
        if properties.contains("timestamp") { info["timestamp"] = file.timestamp }
        if properties.contains("user") { info["user"] = file.user }
        if properties.contains("size") {
            info["size"] = file.original.count
            info["width"] = file.width
            info["height"] = file.height
        }
        if properties.contains("url") {
            if let width {
                let thumb = thumbnailURL(file, width: width)
                let thumbWidth = thumb == originalURL(file) ? file.width : Self.standardWidths.first { $0 >= width } ?? 3840
                info["thumburl"] = thumb
                info["thumbwidth"] = thumbWidth
                info["thumbheight"] = thumbWidth * file.height / max(1, file.width)
            }
            info["url"] = originalURL(file)
            info["descriptionurl"] = "https://commons.wikimedia.org/wiki/File:" + Self.encoded(file.urlName)
            info["descriptionshorturl"] = "https://commons.wikimedia.org/w/index.php?curid=\(file.pageID)"
        }
        if properties.contains("sha1") {
            let bytes = modes.sha1Mismatch.contains(file.pageID) ? file.original + [0] : file.original
            info["sha1"] = Insecure.SHA1.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        }
        if properties.contains("mime") { info["mime"] = file.mime }
        if properties.contains("extmetadata") {
            var metadata: [String: String] = [
                "DateTime": file.timestamp, "ImageDescription": file.descriptionHTML, "Credit": file.creditHTML, "Artist": file.artistHTML,
                "LicenseShortName": file.licenseShortName, "UsageTerms": "Creative Commons Attribution-Share Alike 4.0",
                "AttributionRequired": file.attributionRequired ? "true" : "false", "Copyrighted": "True", "Restrictions": "",
                "License": file.licenseShortName.lowercased().replacingOccurrences(of: " ", with: "-"),
            ]
            if let name = file.objectName { metadata["ObjectName"] = name }
            if let url = file.licenseURL { metadata["LicenseUrl"] = url }
            if let date = file.dateTimeOriginal { metadata["DateTimeOriginal"] = date }
            info["extmetadata"] = Dictionary(
                uniqueKeysWithValues: metadata.filter { filter?.contains($0.key) ?? true }.map { key, value in
                    (key, ["value": value, "source": key == "DateTime" ? "mediawiki-metadata" : "commons-desc-page"] as [String: Any])
                })
        }
        return info
    }

    /// A file's coordinates: the camera's (primary unless the file says otherwise) and the object's.
    static func coordinates(of file: FakeCommonsFile) -> [(latitude: Double, longitude: Double, primary: Bool)] {
        var list = [(file.latitude, file.longitude, file.primaryCoordinate)]
        if let secondary = file.secondaryCoordinate { list.append((secondary.latitude, secondary.longitude, false)) }
        return list
    }

    /// Haversine metres, on GeoData's Earth radius.
    static func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let phi1 = a.0 * .pi / 180, phi2 = b.0 * .pi / 180
        let dPhi = phi2 - phi1, dLambda = (b.1 - a.1) * .pi / 180
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}
