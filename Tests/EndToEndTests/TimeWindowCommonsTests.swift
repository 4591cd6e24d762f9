import CommonsStub
import Foundation
import Testing
import TestSupport

/// A pin's time window against a fake Commons on 127.0.0.1: the date comes from `extmetadata`'s
/// `DateTimeOriginal`, else the upload date, which the album marks as a weaker guess.
@Suite struct TimeWindowCommonsTests {
    @Test func theDateTakenElseTheUploadDateDecidesAndAnUploadDateIsSaidPlainly() async throws {
        // File i was taken in month i % 12 + 1 of 2019; every fifth has no DateTimeOriginal and was
        // uploaded in April 2019.
        var files = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: 60, spacingMetres: 30)
        for index in files.indices {
            files[index].dateTimeOriginal = index % 5 == 4 ? nil : String(format: "2019-%02d-10 09:00:00", index % 12 + 1)
            files[index].timestamp = "2019-04-20T10:00:00Z"
        }
        let fake = try FakeCommons(files: files)
        defer { fake.stop() }
        let harness = try Harness()
        try harness.folder.write(
            "home/.config/tourist/config.json",
            #"{"providers": [{"name": "commons", "type": "commons", "endpoint": "\#(fake.endpoint)", "contact": "e2e@example.org"}]}"#)
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--months", "4")
        let fetched = try await harness.run("fetch", "Eiffel")
        #expect(
            fetched.stderr.contains(
                "the album of \"Eiffel\" has 16 of 21 photos: the providers have only 16 photos taken in April within 5 km"),
            "\(fetched.stderr)")
        // One geosearch with every file's dates, then the image info of the 16 taken inside.
        #expect(fake.apiRequests.count == 2, "\(fake.apiRequests.map(\.rawQuery))")
        let album = try await harness.json("album", "Eiffel").photos
        let taken = Set(files.indices.filter { $0 % 12 == 3 && $0 % 5 != 4 }.map { "commons:\(files[$0].pageID)" })
        let uploaded = Set(files.indices.filter { $0 % 5 == 4 }.map { "commons:\(files[$0].pageID)" })
        #expect(Set(album.compactMap { $0["id"] as? String }) == taken.union(uploaded))
        for photo in album {
            let id = try #require(photo["id"] as? String)
            #expect(photo["takenAtKind"] as? String == (uploaded.contains(id) ? "uploaded" : nil), "\(id)")
            #expect(photo["takenAt"] as? String == (uploaded.contains(id) ? "2019-04-20T10:00:00Z" : "2019-04-10T09:00:00Z"), "\(id)")
        }
    }
}
