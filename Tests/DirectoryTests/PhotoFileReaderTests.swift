import Foundation
import Testing
import TestSupport
@testable import Directory

@Suite struct PhotoFileReaderTests {
    let folder = TemporaryDirectory()

    @Test func brokenFilesAreSkippedWithTheirReason() throws {
        let empty = try folder.write("empty.jpg", "")
        let text = try folder.write("notes.jpg", "this is not a photo")
        let app1 = [0xFF, 0xE1, 0x02, 0x00] + Array("Exif\0\0".utf8) + [UInt8](repeating: 1, count: 100)
        let cut = folder.child("cut.jpg")
        FileManager.default.createFile(atPath: cut, contents: Data([0xFF, 0xD8] + app1))
        #expect(PhotoFileReader.read(path: empty) == .failure(.notAnImage))
        #expect(PhotoFileReader.read(path: text) == .failure(.notAnImage))
        #expect(PhotoFileReader.read(path: folder.child("missing.jpg")) == .failure(.unreadable))
        #expect(PhotoFileReader.read(path: folder.path) == .failure(.unreadable), "a folder is no photo")
        guard case .failure(.damaged(let why)) = PhotoFileReader.read(path: cut) else {
            Issue.record("a JPEG cut inside its EXIF segment must be reported damaged")
            return
        }
        #expect(why.contains("outside the file"), "\(why)")
    }

    @Test func takenDatesAreReadOnlyWhenEveryFieldIsInRange() {
        #expect(ExifTags.parseDate("2021:04:11 15:47:53") == Date(timeIntervalSince1970: 1_618_156_073))
        #expect(ExifTags.parseDate("2020:02:29 00:00:00") != nil, "a leap day")
        for damaged in [
            "2021:9223372036854775807:01 00:00:00", "2021:13:01 00:00:00", "2021:02:30 00:00:00", "2021:04:11 24:00:00",
            "0000:00:00 00:00:00", "    :  :     :  :  ", "2021:xx:11 15:47:53", "2021:04:11", "",
        ] {
            #expect(ExifTags.parseDate(damaged) == nil, "\(damaged)")
        }
    }

    /// Every corpus file reads or is skipped with a reason (none crashes); taken dates match the reference.
    @Test(.enabled(if: SharedCorpus.isPresent, SharedCorpus.absence))
    func corpusTakenDatesMatchTheReference() throws {
        let references = try #require(SharedCorpus.references())
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var dated = 0
        for reference in references {
            guard let name = reference["file"] as? String else { continue }
            let result = PhotoFileReader.read(path: SharedCorpus.folder + "/" + name)
            guard let taken = reference["taken"] as? String, let expected = formatter.date(from: taken) else { continue }
            guard case .success(let metadata) = result else {
                Issue.record("\(name): skipped (\(result)), the reference has a date")
                continue
            }
            #expect(metadata.takenAt == expected, "\(name): \(String(describing: metadata.takenAt)), reference \(taken)")
            dated += 1
        }
        #expect(dated > 10, "\(dated) dated photos compared")
    }
}
