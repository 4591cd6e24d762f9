import Foundation
import Testing
import TestSupport

/// Time windows on a pin through the binary, against a fixture set whose photo i (`own:p-00i`,
/// 0.1·i km north of the centre) was taken in month i of 1944 + i: `pin add` and `pin edit` keep
/// them, `pin show` and `pin list` show them, and `fetch` and `new-collection` fill the album only
/// with photos taken inside, saying so when that leaves it short or empty.
@Suite struct TimeWindowEndToEndTests {
    /// Twelve photos, photo i taken on the 15th of month i, 1944 + i, at noon; `undated` of them
    /// (the last ones) carry no date.
    static func harness(undated: Int = 0) throws -> Harness {
        let harness = try Harness()
        let set = harness.folder.child("set")
        try FixtureSetWriter.write(in: set, latitude: 10, longitude: 10, count: 12 + undated, bytesPerPhoto: 512) { index in
            index < 12 ? String(format: "%04d-%02d-15T12:00:00Z", 1945 + index, index + 1) : nil
        }
        try harness.folder.write(
            "home/.config/tourist/config.json", #"{"providers": [{"name": "own", "type": "fixture", "path": "\#(set)"}]}"#)
        return harness
    }

    @Test func aOneOffSearchTakesAWindowToo() async throws {
        let harness = try Self.harness()
        let found = try await harness.json("search", "10", "10", "--radius", "2", "--months", "3-5")
        #expect(found.photos.map { $0["id"] as? String } == ["own:p-003", "own:p-004", "own:p-005"], "\(found)")
        let none = try await harness.run("search", "10", "10", "--radius", "2", "--taken", "..1940")
        #expect(none.stdout.contains("No photos taken in 1940 or before within 2 km of 10,10."), "\(none.stdout)")
        let refused = try await harness.run("search", "10", "10", "--months", "13", expecting: 64)
        #expect(refused.stderr.contains("--months"), "\(refused.stderr)")
    }

    @Test func aWindowIsKeptShownAndFillsTheAlbumOnlyWithPhotosTakenInside() async throws {
        let harness = try Self.harness()
        let added = try await harness.run("pin", "add", "10", "10", "--radius", "2", "--name", "Row", "--months", "apr")
        #expect(added.stdout.contains("radius 2 km, photos in April, any year."), "\(added.stdout)")
        let id = try #require(try await harness.json("pin", "show", "Row")["id"] as? String)
        #expect(try await harness.json("pin", "show", "Row")["months"] as? String == "4")
        let shown = try await harness.run("pin", "show", "Row")
        #expect(shown.stdout.contains("taken:     in April, any year (months 4)\n"), "\(shown.stdout)")

        let fetched = try await harness.run("fetch", "Row", "--count", "5")
        #expect(
            fetched.stderr.contains(
                "the album of \"Row\" has 1 of 5 photos: the providers have only 1 photo taken in April within 2 km. For more, widen the time window with `tourist pin edit \(id) --taken RANGE --months MONTHS` (`any` lifts either), or widen the radius with `tourist pin edit \(id) --radius 4`"
            ), "\(fetched.stderr)")
        #expect(try await harness.json("album", "Row").photos.map { $0["id"] as? String } == ["own:p-004"])

        let edited = try await harness.run("pin", "edit", "Row", "--months", "3-5", "--taken", "..1950")
        #expect(
            edited.stdout
                == "Pin \(id) \"Row\": photos in April, any year → taken in 1950 or before, in March–May.\nNext: tourist new-collection \(id) (photos taken in 1950 or before, in March–May within 2 km it has not shown)\n",
            "\(edited.stdout)")
        let collection = try await harness.json("new-collection", "Row").photos
        #expect(collection.map { $0["id"] as? String } == ["own:p-003", "own:p-005"])

        let list = try await harness.run("pin", "list")
        #expect(list.stdout.contains("TAKEN") && list.stdout.contains("..1950, months 3-5"), "\(list.stdout)")
        let listed = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(listed.first?["taken"] as? String == "..1950" && listed.first?["months"] as? String == "3-5")

        // `any` lifts each part: the album may hold photos taken at any time again.
        let lifted = try await harness.run("pin", "edit", "Row", "--months", "any", "--taken", "any")
        #expect(lifted.stdout.contains("taken in 1950 or before, in March–May → taken at any time."), "\(lifted.stdout)")
        let any = try await harness.json("pin", "show", "Row")
        #expect(any["months"] == nil && any["taken"] == nil)
        #expect(try await harness.run("pin", "list").stdout.contains("TAKEN") == false)
    }

    @Test func anEmptyWindowSaysTheWindowIsWhy() async throws {
        let harness = try Self.harness()
        let id = try #require(try await harness.json("pin", "add", "10", "10", "--name", "Old", "--taken", "..1900")["id"] as? String)
        let fetched = try await harness.run("fetch", "Old")
        #expect(
            fetched.stderr.contains(
                "no photos taken in 1900 or before within 5 km of \"Old\" (asked: own). To find some, widen the time window with `tourist pin edit \(id)"
            ), "\(fetched.stderr)")
        #expect(try await harness.json("pin", "show", "Old")["state"] as? String == "empty")
    }

    @Test func fetchAllKeepsEachPinsWindow() async throws {
        let harness = try Self.harness()
        try await harness.run("pin", "add", "10", "10", "--radius", "2", "--name", "Winter", "--months", "12-2")
        try await harness.run("pin", "add", "10", "10", "--radius", "2", "--name", "Fifties", "--taken", "1950..1959")
        try await harness.run("fetch", "--all", "--count", "12")
        #expect(try await harness.json("album", "Winter").photos.map { $0["id"] as? String } == ["own:p-001", "own:p-002", "own:p-012"])
        #expect(
            try await harness.json("album", "Fifties").photos.map { $0["id"] as? String } == [
                "own:p-006", "own:p-007", "own:p-008", "own:p-009", "own:p-010", "own:p-011", "own:p-012",
            ])
    }

    @Test func badWindowsAreRefusedNamingTheOptionAndTheFix() async throws {
        let harness = try Self.harness()
        let backwards = try await harness.run("pin", "add", "10", "10", "--taken", "2015..2010", expecting: 64)
        #expect(
            backwards.stderr.contains("--taken: \"2015..2010\" starts after it ends; write the earlier end first: 2010..2015"),
            "\(backwards.stderr)")
        try await harness.run("pin", "add", "10", "10", "--name", "Row", "--months", "4")
        let month = try await harness.run("pin", "edit", "Row", "--months", "13", expecting: 64)
        #expect(month.stderr.contains("--months: \"13\" has \"13\", which is not a month"), "\(month.stderr)")
        #expect(try await harness.json("pin", "show", "Row")["months"] as? String == "4")
        let dashed = try await harness.run("pin", "edit", "Row", "--taken", "2010-2015", expecting: 64)
        #expect(dashed.stderr.contains("write two dots between its ends: 2010..2015"), "\(dashed.stderr)")
    }
}
