import Foundation
import GeotaggedPhotos
import Testing
import TestSupport

/// A pin's time window against the directory provider: the EXIF date taken decides, and a photo
/// with none is left out.
@Suite struct TimeWindowDirectoryTests {
    @Test func theExifDateDecidesAndAPhotoWithoutOneIsLeftOut() async throws {
        let harness = try Harness()
        let (photos, config) = try harness.ownPhotos(in: "2024")
        // Photo i, 50 m apart going north, was taken on the 10th of month 3 + i, 2024; the last has no date.
        for index in 0..<9 {
            let photo = GeotaggedPhoto(
                latitude: 48.8584 + Double(index) * 0.00045, longitude: 2.2945,
                takenAt: index < 8 ? String(format: "2024:%02d:10 18:30:00", index + 3) : nil)
            try photo.write(.jpeg, to: "\(photos)/2024/walk-\(index).jpg")
        }
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Walk", "--months", "6-8", "--config", config)
        let summer = try await harness.json("fetch", "Walk", "--config", config).photos
        #expect(summer.map { $0["title"] as? String } == ["walk-3.jpg", "walk-4.jpg", "walk-5.jpg"])
        try await harness.run("pin", "edit", "Walk", "--months", "any", "--taken", "2024-06-10..2024-07-09", "--config", config)
        // June 10 is inside (walk-3, shown already), July 10 is not.
        let days = try await harness.run("new-collection", "Walk", "--config", config)
        #expect(
            days.stderr.contains("no unseen photos taken 10 June 2024 – 9 July 2024 left within 5 km of \"Walk\"; the album is unchanged"),
            "\(days.stderr)")
        try await harness.run("pin", "edit", "Walk", "--taken", "..2024-04-10", "--config", config)
        let spring = try await harness.json("new-collection", "Walk", "--allow-fewer", "--config", config).photos
        #expect(spring.map { $0["title"] as? String } == ["walk-0.jpg", "walk-1.jpg"])
    }
}
