import FlickrStub
import Foundation
import Testing
import TestSupport

/// A pin's time window against a fake Flickr on 127.0.0.1 that answers by taken date as Flickr
/// does: the taken range goes to Flickr as `min_taken_date`/`max_taken_date`, the months are
/// filtered by tourist, and the album holds only photos taken inside.
@Suite struct TimeWindowFlickrTests {
    @Test func theRangeIsAskedTheMonthsFilteredAndTheAlbumHoldsOnlyPhotosTakenInside() async throws {
        // Photo i was taken in month i % 12 + 1 of 2010 + i % 8: April 2012 or 2013 are photos
        // 3, 27, 51, 75 and 99 (i % 12 == 3 and i % 8 == 3).
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 120, radiusKm: 2, sizes: ["m"], bytes: 600).enumerated()
            .map { index, photo in
                var dated = photo
                dated.dateTaken = String(format: "%04d-%02d-10 09:30:00", 2010 + index % 8, index % 12 + 1)
                return dated
            }
        let fake = try FakeFlickr(apiKey: "window-key", photos: photos)
        defer { fake.stop() }
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": "window-key"])
        try harness.folder.write(
            "home/.config/tourist/config.json", #"{"providers": [{"name": "flickr", "type": "flickr", "endpoint": "\#(fake.endpoint)"}]}"#)
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--taken", "2012..2013", "--months", "4")
        let fetched = try await harness.run("fetch", "Eiffel")
        #expect(
            fetched.stderr.contains(
                "the album of \"Eiffel\" has 5 of 21 photos: the providers have only 5 photos taken 2012–2013 in April within 5 km"),
            "\(fetched.stderr)")
        let album = try await harness.json("album", "Eiffel").photos
        let expected = [3, 27, 51, 75, 99].map { "flickr:\(photos[$0].id)" }
        #expect(Set(album.compactMap { $0["id"] as? String }) == Set(expected))
        #expect(
            album.allSatisfy {
                ($0["takenAt"] as? String)?.hasPrefix("201") == true && ($0["takenAt"] as? String)?.contains("-04-10T") == true
            })
        let searches = fake.rawQueries.filter { $0.contains("flickr.photos.search") }
        #expect(!searches.isEmpty)
        #expect(
            searches.allSatisfy {
                let query = $0.removingPercentEncoding?.replacingOccurrences(of: "+", with: " ") ?? $0
                return query.contains("min_taken_date=2012-01-01 00:00:00") && query.contains("max_taken_date=2013-12-31 23:59:59")
            }, "\(searches)")
    }

    /// Months alone give Flickr no taken range: tourist leaves out the other months and pages on
    /// until the album is full.
    @Test func monthsAlonePageOnUntilTheAlbumIsFull() async throws {
        let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: 600, radiusKm: 2, sizes: ["m"], bytes: 400)
        let fake = try FakeFlickr(apiKey: "window-key", photos: photos)
        defer { fake.stop() }
        let harness = try Harness(extraEnvironment: ["FLICKR_API_KEY": "window-key"])
        try harness.folder.write(
            "home/.config/tourist/config.json", #"{"providers": [{"name": "flickr", "type": "flickr", "endpoint": "\#(fake.endpoint)"}]}"#)
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--months", "4")
        let album = try await harness.json("fetch", "Eiffel", "--count", "30").photos
        #expect(album.count == 30)
        let months = Set(album.compactMap { ($0["takenAt"] as? String).map { String($0.dropFirst(5).prefix(2)) } })
        #expect(months == ["04"], "\(months)")
        // Photo i was taken in month i % 12 + 1: a page of 120 holds 10 April photos.
        #expect(fake.pagesRequested == [1, 2, 3], "\(fake.pagesRequested)")
    }
}
