import CommonsStub
import FlickrStub
import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// Route pins through the built binary: a GPX track against the Flickr and Commons fakes and the
/// bundled set, the corridor searched with far fewer requests than one search every 10 km, photos
/// only from the corridor, spread along the line, in its order with their kilometres, in `album`,
/// `album --json` and `export`.
@Suite struct RouteEndToEndTests {
    static let key = "e2e-route-key"
    let route = SampleRoutes.beauvaisToBordeaux

    /// 80 photos in Paris (km 66), one every 12 km along the line, and one 15 to 25 km east of each
    /// of those (outside the 5 km corridor where the line does not pass there).
    func places() -> [(latitude: Double, longitude: Double)] {
        var places: [(latitude: Double, longitude: Double)] = []
        for index in 0..<80 {
            let row = Double(index % 9), column = Double(index / 9)
            places.append((latitude: 48.8566 + row * 0.001, longitude: 2.3522 + column * 0.001))
        }
        let along = SampleRoutes.positions(along: route, everyKm: 12).dropFirst()
        for point in along { places.append((latitude: point.latitude, longitude: point.longitude)) }
        for (index, point) in along.enumerated() {
            let east: Double = 0.2 + Double(index % 3) * 0.066
            places.append((latitude: point.latitude, longitude: point.longitude + east))
        }
        return places
    }

    /// The Flickr fake's photos at `places()`, the photo of place i taken at `dateTaken(i)`.
    func flickrPhotos(dateTaken: (Int) -> String) -> [FakePhoto] {
        places().enumerated().map { index, place in
            let id = String(53_700_000_000 + index)
            return FakePhoto(
                id: id, owner: "1000@N00", ownerName: "Walker", title: "Along \(index)", latitude: place.latitude,
                longitude: place.longitude, license: 4, dateTaken: dateTaken(index), secret: String(format: "%010x", index),
                originalSecret: "o1", sizes: ["m": FakePhoto.image(id: id, size: "m", bytes: 1500)])
        }
    }

    /// The Flickr fake with `photos`, a harness with its key, a config of albums of `album` photos
    /// from it, and the route as a GPX track named `name`.
    func flickrTrip(_ photos: [FakePhoto], album: Int, name: String) throws -> (FakeFlickr, Harness, config: String, track: String) {
        let fake = try FakeFlickr(apiKey: Self.key, photos: photos)
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": Self.key])
        let config = try harness.folder.write(
            "flickr.json",
            #"{"album": {"photos": \#(album)}, "providers": [{"name": "flickr", "type": "flickr", "endpoint": "\#(fake.endpoint)"}]}"#)
        return (fake, harness, config, try harness.folder.write("trip.gpx", SampleRoutes.gpx(route, name: name)))
    }

    /// Checks an album of a route: each photo inside the corridor, in the line's order, and no
    /// 50 km stretch with more than three times its share of the photos.
    func checkRouteAlbum(_ photos: [[String: Any]], lengthKm: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let kilometres = photos.compactMap { $0["routeKm"] as? Double }
        #expect(kilometres.count == photos.count, sourceLocation: sourceLocation)
        #expect(kilometres == kilometres.sorted(), "in the line's order: \(kilometres)", sourceLocation: sourceLocation)
        for photo in photos {
            let point = (latitude: photo["latitude"] as? Double ?? 0, longitude: photo["longitude"] as? Double ?? 0)
            #expect(
                SampleRoutes.distanceKm(from: point, to: route) <= 5.1, "\(photo["id"] ?? "?") is outside the corridor",
                sourceLocation: sourceLocation)
            #expect((photo["routeKmText"] as? String)?.hasPrefix("km ") == true, sourceLocation: sourceLocation)
        }
        let share = Double(photos.count) * 50 / lengthKm
        let densest =
            stride(from: 0.0, to: lengthKm - 50, by: 5).map { start in kilometres.count { $0 >= start && $0 < start + 50 } }.max() ?? 0
        #expect(
            Double(densest) <= 3 * share, "\(densest) photos in one 50 km stretch, where its share is \(share)",
            sourceLocation: sourceLocation)
    }

    @Test func aTrackAgainstFlickrIsSearchedInBoxesAndSpreadAlongTheLine() async throws {
        let (fake, harness, config, track) = try flickrTrip(
            flickrPhotos { _ in "2023-05-01 12:00:00" }, album: 21, name: "Beauvais to Bordeaux")
        let pin = try await harness.json("pin", "add", "--route", track, "--radius", "5", "--config", config)
        let id = try #require(pin["id"] as? String)
        let lengthKm = try #require(pin["routeKm"] as? Double)
        #expect(pin["name"] as? String == "Beauvais to Bordeaux" && abs(lengthKm - 594) < 2, "\(pin)")
        let fetched = try await harness.tourist.run(["fetch", id, "--config", config, "--json"], in: harness.folder.path)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let album = try #require(try fetched.json() as? [String: Any])
        let requests = try #require((album["searchRequests"] as? [String: Int])?["flickr"])
        let naive = Int(lengthKm / 10) + 1
        #expect(Double(requests) <= 0.5 * Double(naive), "\(requests) requests against \(naive) searches every 10 km")
        #expect(
            fake.rawQueries.filter { $0.contains("flickr.photos.search") }.allSatisfy { $0.contains("bbox=") || $0.contains("radius=") })
        #expect(fake.rawQueries.contains { $0.contains("bbox=") }, "boxes follow the line")
        checkRouteAlbum(album.photos, lengthKm: lengthKm)
        #expect(album.photos.count == 21)

        let shown = try await harness.run("album", id, "--config", config)
        #expect(shown.stdout.contains("route of 594 km") && shown.stdout.contains("KM") && shown.stdout.contains("km 6"), "\(shown.stdout)")
        let listed = try await harness.run("pin", "list", "--config", config)
        #expect(listed.stdout.contains("route of 594 km from near"))
        // Export numbers the files in the line's order; each sidecar says its kilometre.
        let folder = harness.folder.child("out")
        _ = try await harness.run("export", id, folder, "--config", config)
        let sidecars = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        let exported = try sidecars.map { name -> Double in
            let object =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))) as? [String: Any]
            return try #require((object?["photo"] as? [String: Any])?["routeKm"] as? Double)
        }
        #expect(exported.count == 21 && exported == exported.sorted(), "\(sidecars)")
        // A wider corridor is an edit like any pin's.
        let edited = try await harness.json("pin", "edit", id, "--radius", "8", "--config", config)
        #expect(edited["radiusKm"] as? Double == 8 && edited["routeKm"] as? Double == lengthKm)
        _ = try await harness.run("store", "verify", "--config", config)
        // A copy of the store carries the line with the album.
        let copy = harness.folder.child("copy")
        _ = try await harness.run("store", "copy", harness.store, copy)
        let copied = try await harness.json("album", id, "--store", copy, "--config", config)
        #expect(copied.photos.compactMap { $0["routeKm"] as? Double } == album.photos.compactMap { $0["routeKm"] as? Double })
        _ = try await harness.run("store", "verify", "--store", copy)
    }

    @Test func aRoutesTimeWindowKeepsItsAlbumToPhotosTakenInside() async throws {
        // The same places, taken in turn in each month of 2023: an April route keeps the April ones.
        let photos = flickrPhotos { index in String(format: "2023-%02d-10 12:00:00", index % 12 + 1) }
        let april = Set(photos.filter { $0.dateTaken.hasPrefix("2023-04") }.map(\.id))
        let (fake, harness, config, track) = try flickrTrip(photos, album: 12, name: "Spring trip")
        let pin = try await harness.json("pin", "add", "--route", track, "--months", "4", "--config", config)
        let id = try #require(pin["id"] as? String)
        #expect(pin["months"] as? String == "4" && pin["routeKm"] != nil, "\(pin)")
        let fetched = try await harness.tourist.run(["fetch", id, "--config", config, "--json"], in: harness.folder.path)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let album = try #require(try fetched.json() as? [String: Any])
        let ids = album.photos.compactMap { ($0["id"] as? String)?.replacingOccurrences(of: "flickr:", with: "") }
        #expect(!ids.isEmpty && ids.allSatisfy(april.contains), "only photos taken in April: \(ids)")
        let kilometres = album.photos.compactMap { $0["routeKm"] as? Double }
        #expect(kilometres.count == ids.count && kilometres == kilometres.sorted(), "in the line's order: \(kilometres)")
        #expect(
            fake.rawQueries.contains { $0.contains("bbox=") && $0.contains("min_taken_date") == false },
            "the route's boxes are asked, April of any year having no taken range")
    }

    @Test func aTrackAgainstCommonsIsSearchedInTenKilometreCircles() async throws {
        let files = places().enumerated().map { index, place in
            FakeCommonsFile(pageID: 5000 + index, latitude: place.latitude, longitude: place.longitude)
        }
        let fake = try FakeCommons(files: files)
        let harness = try Harness()
        let config = try harness.folder.write(
            "commons.json",
            #"{"album": {"photos": 21}, "providers": [{"name": "commons", "type": "commons", "endpoint": "\#(fake.endpoint)"}]}"#)
        let track = try harness.folder.write("trip.gpx", SampleRoutes.gpx(route, name: "Trip"))
        let id = try #require(try await harness.json("pin", "add", "--route", track, "--config", config)["id"] as? String)
        let fetched = try await harness.tourist.run(["fetch", id, "--config", config, "--json"], in: harness.folder.path)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let album = try #require(try fetched.json() as? [String: Any])
        let requests = try #require((album["searchRequests"] as? [String: Int])?["commons"])
        #expect(requests <= fake.apiRequests.count, "every request counted was made")
        #expect(Double(requests) <= 0.7 * 60, "\(requests) requests against 60 searches every 10 km")
        checkRouteAlbum(album.photos, lengthKm: 594)
    }

    @Test func aRouteThroughTheBundledSetSaysItsSearchAndKilometres() async throws {
        let harness = try Harness()
        // Along the Seine from the Eiffel Tower, where the bundled set has photos.
        let walk = [(48.8584, 2.2945), (48.8606, 2.3376), (48.853, 2.3499), (48.8462, 2.3752)].map { (latitude: $0.0, longitude: $0.1) }
        let track = try harness.folder.write("seine.gpx", SampleRoutes.gpx(walk, name: "Seine"))
        let added = try await harness.run("pin", "add", "--route", track, "--radius", "1")
        #expect(added.stdout.contains("a route of 6 km from near Paris, FR, radius 1 km from its line"), "\(added.stdout)")
        let fetched = try await harness.run("fetch", "Seine")
        #expect(fetched.stderr.contains("searched with"), "a route's fetch says its requests: \(fetched.stderr)")
        let shown = try await harness.run("pin", "show", "Seine")
        #expect(shown.stdout.contains("route:     6 km"), "\(shown.stdout)")
        let both = try await harness.run("pin", "add", "48.8", "2.3", "--route", track, expecting: 64)
        #expect(both.stderr.contains("give a place or --route FILE, not both"), "\(both.stderr)")
        // A file that is not there, and one that is not a route: nothing is added.
        let missing = try await harness.run("pin", "add", "--route", harness.folder.child("none.gpx"), expecting: 66)
        #expect(missing.stderr.contains("none.gpx"), "\(missing.stderr)")
        let point = try harness.folder.write("one.gpx", SampleRoutes.gpx([walk[0], walk[0]], name: "One"))
        let refused = try await harness.run("pin", "add", "--route", point, expecting: 65)
        #expect(refused.stderr.contains("one.gpx holds no line of two different points"), "\(refused.stderr)")
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(pins.count == 1)
    }

    @Test func aPluginIsAskedCirclesAlongTheRoute() async throws {
        // The example CSV plugin, its photos served as URLs: 10 at the Eiffel Tower (the start), one
        // every 0.5 km along the Seine, and 5 two kilometres north of the line.
        let image = [UInt8](
            try Data(contentsOf: URL(fileURLWithPath: Harness.repository + "/Providers/Fixture/DemoSet/paris/paris-01-z.jpg")))
        let server = try LoopbackServer { request in
            .response(status: 200, headers: [("Content-Type", "image/jpeg")], body: image + Array(request.path.utf8))
        }
        defer { server.stop() }
        let walk = [(48.8584, 2.2945), (48.8606, 2.3376), (48.853, 2.3499), (48.8462, 2.3752)].map { (latitude: $0.0, longitude: $0.1) }
        var rows = ["id,title,latitude,longitude,url"]
        func row(_ id: String, _ latitude: Double, _ longitude: Double) {
            rows.append("\(id),Photo \(id),\(latitude),\(longitude),\(server.url("/photos/\(id).jpg"))")
        }
        for index in 0..<10 { row("tower\(index)", 48.8584 + Double(index) * 0.0002, 2.2945) }
        for (index, point) in SampleRoutes.positions(along: walk, everyKm: 0.5).enumerated() {
            row("along\(index)", point.latitude, point.longitude)
            if index % 3 == 0 { row("north\(index)", point.latitude + 0.018, point.longitude) }
        }
        let harness = try Harness()
        let csv = try harness.folder.write("walk.csv", rows.joined(separator: "\n") + "\n")
        let config = try harness.folder.write(
            "plugin.json",
            #"{"album": {"photos": 6, "lookalikes": {"enabled": false}}, "providers": [{"name": "walks", "type": "exec", "command": ["\#(Harness.repository)/Providers/Examples/csv/tourist-provider-csv"], "file": "\#(csv)"}]}"#
        )
        let track = try harness.folder.write("seine.gpx", SampleRoutes.gpx(walk, name: "Seine"))
        let id = try #require(
            try await harness.json("pin", "add", "--route", track, "--radius", "0.5", "--config", config)["id"] as? String)
        let album = try await harness.json("fetch", id, "--config", config)
        let photos = album.photos
        #expect(photos.count == 6)
        #expect(photos.allSatisfy { ($0["id"] as? String)?.hasPrefix("walks:north") == false }, "2 km north is outside the corridor")
        #expect(
            photos.count { ($0["id"] as? String)?.hasPrefix("walks:tower") == true } <= 2, "spread along the line, not all at its start")
        let kilometres = photos.compactMap { $0["routeKm"] as? Double }
        #expect(kilometres == kilometres.sorted() && (kilometres.last ?? 0) > 4, "\(kilometres)")
        #expect(((album["searchRequests"] as? [String: Int])?["walks"] ?? 0) > 1, "circles along the line, each a search")
    }
}
