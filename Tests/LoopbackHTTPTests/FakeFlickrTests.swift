import FlickrStub
import Foundation
import Testing
import TestSupport

/// The fake Flickr, through the real curl command-line tool.
struct FakeFlickrTests {
    static let key = "0123456789abcdef0123456789abcdef"
    static let eiffel = (latitude: 48.8584, longitude: 2.2945)

    func makeFake(_ count: Int = 12, sizes: [String] = ["m", "z", "b", "h", "o"], bytes: Int = 600) throws -> (FakeFlickr, [FakePhoto]) {
        let photos = FakePhoto.around(
            latitude: Self.eiffel.latitude, longitude: Self.eiffel.longitude, count: count, radiusKm: 2, sizes: sizes, bytes: bytes)
        return (try FakeFlickr(apiKey: Self.key, photos: photos), photos)
    }

    /// A search URL as the provider sends it; `omit` leaves parameters out, `set` changes them.
    func searchURL(_ fake: FakeFlickr, omit: Set<String> = [], _ set: [String: String] = [:]) -> String {
        var items: [(String, String)] = [
            ("method", "flickr.photos.search"), ("api_key", Self.key), ("lat", "48.8584"), ("lon", "2.2945"), ("radius", "5"),
            ("radius_units", "km"), ("has_geo", "1"), ("min_upload_date", "1435622400"),
            ("extras", "url_s,url_z,url_l,url_m,geo,license,date_taken,owner_name"), ("per_page", "5"), ("page", "1"),
            ("format", "json"), ("nojsoncallback", "1"), ("safe_search", "1"), ("media", "photos"), ("content_type", "1"),
        ]
        items = items.filter { !omit.contains($0.0) }.map { ($0.0, set[$0.0] ?? $0.1) }
        items += set.filter { name, _ in !items.contains { $0.0 == name } }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+,"))
        return fake.endpoint + "?"
            + items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }.joined(separator: "&")
    }

    func photos(_ result: CurlResult) -> [[String: Any]] {
        ((result.json?["photos"] as? [String: Any])?["photo"] as? [[String: Any]]) ?? []
    }

    /// A JSON number (whatever type the decoder gives it), not a string.
    func isNumber(_ value: Any?) -> Bool { value != nil && !(value is String) }

    func ids(_ result: CurlResult) -> [String] { photos(result).compactMap { $0["id"] as? String } }

    // MARK: API

    @Test func aWrongOrMissingKeyIsError100WithStatus200() async throws {
        let (fake, _) = try makeFake()
        defer { fake.stop() }
        for url in [searchURL(fake, ["api_key": "wrong"]), searchURL(fake, omit: ["api_key"])] {
            let result = try await curl(["-i", url])
            #expect(result.text.hasPrefix("HTTP/1.1 200 OK"))
            let json = try #require((try? JSONSerialization.jsonObject(with: Data(result.body))) as? [String: Any])
            #expect(json["stat"] as? String == "fail" && json["code"] as? Int == 100)
            #expect(json["message"] as? String == "Invalid API Key (Key has invalid format)")
        }
        #expect(fake.apiCalls("flickr.photos.search") == 2)
        #expect(fake.rawQueries.count == 2 && fake.rawQueries[0].contains("api_key=wrong") && !fake.rawQueries[1].contains("api_key"))
    }

    @Test func withoutMinUploadDateASearchFindsNothing() async throws {
        let (fake, _) = try makeFake()
        defer { fake.stop() }
        let result = try await curl([searchURL(fake, omit: ["min_upload_date"])])
        let page = try #require(result.json?["photos"] as? [String: Any])
        #expect(page["total"] as? Int == 0 && page["pages"] as? Int == 0 && photos(result).isEmpty)
        #expect(fake.sawSearchWithoutMinUploadDate && fake.searchesWithoutMinUploadDate == 1)
        let limited = try await curl([searchURL(fake)])
        #expect(ids(limited).count == 5)
        #expect(fake.searchesWithoutMinUploadDate == 1)
    }

    @Test func pagesRepeatTheLastOnePastTheEnd() async throws {
        let (fake, all) = try makeFake(12)
        defer { fake.stop() }
        var pages: [[String]] = []
        for page in 1...4 {
            let result = try await curl([searchURL(fake, ["page": String(page), "radius": "32"])])
            let meta = try #require(result.json?["photos"] as? [String: Any])
            #expect(
                meta["page"] as? Int == page && meta["pages"] as? Int == 3 && meta["perpage"] as? Int == 5 && meta["total"] as? Int == 12)
            pages.append(ids(result))
        }
        #expect(pages.map(\.count) == [5, 5, 2, 2])
        #expect(pages[3] == pages[2], "a page past the last repeats the last")
        #expect(pages[0] + pages[1] + pages[2] == all.map(\.id).sorted(), "id order, every photo once")
        #expect(fake.pagesRequested == [1, 2, 3, 4])
        #expect(fake.maxRadiusSeen == 32 && fake.radiiRequested == [32, 32, 32, 32])

        fake.setModes { $0.duplicateAcrossPages = true }
        let second = ids(try await curl([searchURL(fake, ["page": "2"])]))
        #expect(second.first == pages[0].first && second.count == 5)
    }

    @Test func perPageIsCappedAndOnlyThe4000FirstResultsAreReachable() async throws {
        let (fake, _) = try makeFake(4100, sizes: ["m"], bytes: 8)
        defer { fake.stop() }
        let first = try await curl([searchURL(fake, ["per_page": "500", "radius": "30"])])
        let meta = try #require(first.json?["photos"] as? [String: Any])
        #expect(meta["perpage"] as? Int == 250 && meta["total"] as? Int == 4100 && meta["pages"] as? Int == 17)
        let last = ids(try await curl([searchURL(fake, ["per_page": "250", "page": "16", "radius": "30"])]))
        let beyond = ids(try await curl([searchURL(fake, ["per_page": "250", "page": "17", "radius": "30"])]))
        #expect(last.count == 250 && beyond == last, "results past the 4000th cannot be reached")
    }

    @Test func extrasDecideTheFieldsAndTheResultShapeIsFlickrs() async throws {
        let (fake, photos) = try makeFake(3)
        defer { fake.stop() }
        let result = try await curl([searchURL(fake, ["extras": "url_s,url_h,url_m,license"])])
        #expect(result.json?["stat"] as? String == "ok")
        let first = try #require(self.photos(result).first)
        let photo = try #require(photos.first { $0.id == first["id"] as? String })
        #expect(
            first["owner"] as? String == photo.owner && first["secret"] as? String == photo.secret && first["server"] as? String == "65535")
        #expect(first["farm"] as? Int == 66 && first["ispublic"] as? Int == 1 && first["title"] as? String == photo.title)
        #expect(
            first["url_s"] as? String == fake.imageURL(photo, size: "m") && first["width_s"] as? Int == 240
                && first["height_s"] as? Int == 180)
        #expect((first["url_h"] as? String)?.contains("_\(photo.originalSecret)_h.jpg") == true)
        #expect(first["url_m"] == nil, "url_m is the 500 px size, which the fake never has")
        #expect(first["license"] as? Int == photo.license)
        for absent in ["ownername", "datetaken", "latitude", "longitude", "accuracy", "url_z"] {
            #expect(first[absent] == nil, "\(absent)")
        }
        #expect(result.text.contains("\"url_s\":\"http:\\/\\/127.0.0.1"), "slashes escaped, as Flickr's JSON has them")
    }

    @Test func jsonpWrapperWithoutNoJSONCallbackOrWhenSwitchedOn() async throws {
        let (fake, _) = try makeFake()
        defer { fake.stop() }
        let wrapped = try await curl([searchURL(fake, omit: ["nojsoncallback"])])
        #expect(wrapped.text.hasPrefix("jsonFlickrApi({\"photos\":") && wrapped.text.hasSuffix("})"))
        #expect(try await curl([searchURL(fake)]).text.hasPrefix("{\"photos\":"))
        fake.setModes { $0.jsonp = true }
        let forced = try await curl([searchURL(fake, ["api_key": "wrong"])])
        #expect(forced.text.hasPrefix("jsonFlickrApi({\"stat\":\"fail\",\"code\":100"))
    }

    @Test func numbersAsStringsAreMixedWithinOneAnswer() async throws {
        let (fake, _) = try makeFake()
        defer { fake.stop() }
        fake.setModes { $0.numbersAsStrings = true }
        let result = try await curl([searchURL(fake)])
        let meta = try #require(result.json?["photos"] as? [String: Any])
        #expect(meta["total"] as? String == "12" && meta["pages"] as? String == "3" && meta["page"] as? Int == 1)
        let list = photos(result)
        #expect(list.count == 5)
        #expect(list[0]["latitude"] is String && isNumber(list[1]["latitude"]))
        #expect(isNumber(list[0]["longitude"]) && list[1]["longitude"] is String)
        #expect(list[0]["license"] is String && isNumber(list[1]["license"]))
        #expect(list[0]["height_s"] is String && isNumber(list[0]["width_s"]))
        #expect(list[0]["accuracy"] as? String == "16" && list[1]["accuracy"] as? Int == 16)
    }

    @Test func missingSizesAndFileURLsInResults() async throws {
        let (fake, photos) = try makeFake(3)
        defer { fake.stop() }
        fake.setModes {
            $0.missingSizes = [photos[0].id: ["m"]]
            $0.fileURLPhotos = [photos[1].id]
        }
        let list = self.photos(try await curl([searchURL(fake)]))
        let byID = Dictionary(uniqueKeysWithValues: list.compactMap { entry in (entry["id"] as? String).map { ($0, entry) } })
        #expect(byID[photos[0].id]?["url_s"] == nil && byID[photos[0].id]?["width_s"] == nil && byID[photos[0].id]?["url_z"] != nil)
        #expect(byID[photos[1].id]?["url_s"] as? String == "file:///etc/passwd")
        #expect(byID[photos[2].id]?["url_s"] as? String == fake.imageURL(photos[2], size: "m"))
    }

    @Test func getSizesListsSizesWithTheOriginalSecretFromH() async throws {
        let (fake, photos) = try makeFake(2)
        defer { fake.stop() }
        let photo = photos[1]
        let url = fake.endpoint + "?method=flickr.photos.getSizes&api_key=\(Self.key)&photo_id=\(photo.id)&format=json&nojsoncallback=1"
        let result = try await curl([url])
        let sizes = try #require(result.json?["sizes"] as? [String: Any])
        #expect(sizes["candownload"] as? Int == 1 && result.json?["stat"] as? String == "ok")
        let list = try #require(sizes["size"] as? [[String: Any]])
        #expect(list.compactMap { $0["label"] as? String } == ["Small", "Medium 640", "Large", "Large 1600", "Original"])
        let sources = list.compactMap { $0["source"] as? String }
        #expect(sources == ["m", "z", "b", "h", "o"].map { fake.imageURL(photo, size: $0) })
        #expect(
            sources[3].hasSuffix("/\(photo.id)_\(photo.originalSecret)_h.jpg") && sources[0].hasSuffix("/\(photo.id)_\(photo.secret)_m.jpg")
        )
        #expect(list[0]["url"] as? String == "https://www.flickr.com/photos/\(photo.owner)/\(photo.id)/sizes/s/")
        #expect(list[2]["url"] as? String == "https://www.flickr.com/photos/\(photo.owner)/\(photo.id)/sizes/l/")

        let large = try await curl(["-i", sources[3]])
        #expect(large.text.contains("Content-Type: image/jpeg") && large.body == photo.sizes["h"])
        let wrongSecret = try await curl([
            "-o", "/dev/null", "-w", "%{http_code}", sources[3].replacingOccurrences(of: photo.originalSecret, with: photo.secret),
        ])
        #expect(wrongSecret.text == "404")

        let unknown = try await curl([
            fake.endpoint + "?method=flickr.photos.getSizes&api_key=\(Self.key)&photo_id=1&format=json&nojsoncallback=1"
        ])
        #expect(unknown.text == #"{"stat":"fail","code":1,"message":"Photo not found"}"#)
        #expect(fake.apiCalls("flickr.photos.getSizes") == 2)
    }

    @Test func apiFaultsComeOncePerCallInOrder() async throws {
        let (fake, _) = try makeFake()
        defer { fake.stop() }
        fake.failNextAPICalls([
            .status(500), .status(429, retryAfter: 7), .statFail(code: 105, message: "Service currently unavailable"), .html,
        ])
        let url = searchURL(fake)
        let answers = try await [curl(["-i", url]), curl(["-i", url]), curl(["-i", url]), curl(["-i", url]), curl(["-i", url])]
        #expect(answers[0].text.hasPrefix("HTTP/1.1 500 "))
        #expect(answers[1].text.hasPrefix("HTTP/1.1 429 ") && answers[1].text.contains("Retry-After: 7\r\n"))
        #expect(
            String(decoding: answers[2].body, as: UTF8.self) == #"{"stat":"fail","code":105,"message":"Service currently unavailable"}"#)
        #expect(
            answers[3].text.hasPrefix("HTTP/1.1 200 ") && answers[3].text.contains("Content-Type: text/html")
                && answers[3].text.contains("<html>"))
        #expect(answers[4].text.contains("\"stat\":\"ok\""))
        fake.failEveryAPICall(.status(503))
        #expect(try await curl(["-o", "/dev/null", "-w", "%{http_code}", url]).text == "503")
        fake.failEveryAPICall(nil)
        #expect(try await curl(["-o", "/dev/null", "-w", "%{http_code}", url]).text == "200")
        #expect(fake.apiCalls("flickr.photos.search") == 7 && fake.rawQueries.allSatisfy { $0.contains("api_key=\(Self.key)") })
    }

    // MARK: Images

    @Test func imageFaultsQueuePerPhotoAndPerSize() async throws {
        let (fake, photos) = try makeFake(3)
        defer { fake.stop() }
        let photo = photos[0]
        let m = fake.imageURL(photo, size: "m"), z = fake.imageURL(photo, size: "z")
        fake.failNextImageRequests(photo: photo.id, [.status(500), .status(429, retryAfter: 4)])
        fake.failNextImageRequests(photo: photo.id, size: "z", [.status(403)])
        let code = ["-o", "/dev/null", "-w", "%{http_code}"]
        #expect(try await curl(code + [z]).text == "403", "the size's own queue first")
        #expect(try await curl(code + [m]).text == "500")
        let limited = try await curl(["-i", m])
        #expect(limited.text.hasPrefix("HTTP/1.1 429 ") && limited.text.contains("Retry-After: 4\r\n"))
        let good = try await curl(["-i", m])
        #expect(good.text.hasPrefix("HTTP/1.1 200 ") && good.text.contains("Content-Type: image/jpeg\r\n") && good.body == photo.sizes["m"])
        #expect(try await curl(code + [z]).text == "200")
        #expect(fake.imageRequests(photo: photo.id) == 5 && fake.imageRequests(path: URL(string: m)?.path ?? "") == 3)
        #expect(try await curl(code + [fake.server.url("/65535/nothing.jpg")]).text == "404")
        #expect(fake.totalImageRequests == 6)
    }

    @Test func brokenImageTransfers() async throws {
        let (fake, photos) = try makeFake(6, bytes: 4000)
        defer { fake.stop() }
        fake.failNextImageRequests(photo: photos[0].id, [.reset])
        fake.failNextImageRequests(photo: photos[1].id, [.truncated])
        // Stalled for 10 minutes (stop() cuts it short): only curl's 1 s limit can end it first.
        fake.failNextImageRequests(photo: photos[2].id, [.stall(seconds: 600)])
        fake.failNextImageRequests(photo: photos[3].id, [.html])
        fake.failNextImageRequests(photo: photos[4].id, [.redirect("file:///etc/passwd")])
        let urls = photos.map { fake.imageURL($0, size: "m") }
        func url(_ index: Int) -> String { urls[index] }
        async let reset = curl([urls[0]])
        async let truncated = curl([urls[1]])
        async let stalled = curl([urls[2]], maxTime: 1)
        async let html = curl(["-i", urls[3]])
        async let redirect = curl(["-i", urls[4]])
        #expect(try await reset.exitCode == 56)
        let short = try await truncated
        #expect(short.exitCode == 18 && short.output == Array((photos[1].sizes["m"] ?? []).prefix(1000)))
        #expect(try await stalled.exitCode == 28)
        let page = try await html
        #expect(page.text.hasPrefix("HTTP/1.1 200 ") && page.text.contains("Content-Type: text/html\r\n"))
        let moved = try await redirect
        #expect(moved.exitCode == 0 && moved.text.hasPrefix("HTTP/1.1 302 ") && moved.text.contains("Location: file:///etc/passwd\r\n"))
        // Every fault was used once: the same URLs now work.
        for index in 0..<5 { #expect(try await curl([url(index)]).output == photos[index].sizes["m"]) }

        fake.failEveryImage(.status(404))
        #expect(try await curl(["-o", "/dev/null", "-w", "%{http_code}", url(5)]).text == "404")
        fake.failEveryImage(nil)
        #expect(try await curl([url(5)]).output == photos[5].sizes["m"])
    }

    @Test func countsConcurrentImageRequestsApart() async throws {
        let photos = FakePhoto.around(latitude: 0, longitude: 0, count: 40, sizes: ["m"], bytes: 200 * 1024)
        // The first five requests are held until all five are in flight at once.
        let five = Rendezvous(count: 5)
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos) { _ in five.arrive() }
        defer { fake.stop() }
        let config = try curlConfig(urls: photos.map { fake.imageURL($0, size: "m") }, in: FileManager.default.temporaryDirectory)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let result = try await curl(["--parallel", "--parallel-immediate", "--parallel-max", "10", "-K", config])
        #expect(result.exitCode == 0)
        _ = try await curl([fake.endpoint + "?method=flickr.photos.search"])
        #expect(fake.peakConcurrentImageRequests >= 5 && fake.peakConcurrentImageRequests <= 10)
        #expect(fake.peakConcurrentRequests == fake.peakConcurrentImageRequests)
        #expect(fake.totalImageRequests == 40 && fake.imageRequestsByPath.values.allSatisfy { $0 == 1 })
        #expect(fake.apiCalls("flickr.photos.search") == 1)
    }

    // MARK: Photos

    @Test func fakePhotosAreDeterministicAndDistinct() throws {
        let one = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 50, radiusKm: 3, sizes: ["m", "o"], bytes: 5000)
        let two = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 50, radiusKm: 3, sizes: ["m", "o"], bytes: 5000)
        #expect(one.map(\.id) == two.map(\.id) && one.map { $0.sizes["o"] ?? [] } == two.map { $0.sizes["o"] ?? [] })
        #expect(Set(one.map(\.id)).count == 50 && one.allSatisfy { Int($0.id) != nil && $0.secret != $0.originalSecret })
        #expect(one.allSatisfy { (0...10).contains($0.license) && $0.owner.contains("@N0") })
        let images = one.flatMap { [$0.sizes["m"] ?? [], $0.sizes["o"] ?? []] }
        #expect(images.allSatisfy { $0.count == 5000 && $0.starts(with: [0xFF, 0xD8, 0xFF, 0xE0]) })
        #expect(Set(images).count == 100, "every photo and size has its own bytes")
        for photo in one {
            let dLat = (photo.latitude - 48.8584) * 111.2, dLon = (photo.longitude - 2.2945) * 111.2 * cos(48.8584 * .pi / 180)
            #expect((dLat * dLat + dLon * dLon).squareRoot() <= 3.01)
        }
        #expect(FakePhoto.image(id: "1", size: "m", bytes: 3).count == 3)
    }
}
