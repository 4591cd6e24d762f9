import Foundation
import Testing
@testable import TouristCore

/// `TimeWindow`: its parts parsed from what people type, containment at UTC (the camera's clock),
/// its words, and its stored form on a pin.
@Suite struct TimeWindowTests {
    /// A taken time at UTC: "2019-04-05T10:00:00Z".
    static func at(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    @Test(arguments: [
        ("2010..2015", "2010..2015"), ("..1950", "..1950"), ("2020..", "2020.."), ("2019-03-01..2019-04-15", "2019-03-01..2019-04-15"),
        ("2015", "2015"), (" 2015..2015 ", "2015"), ("2019-04-05", "2019-04-05"), ("1990..2019-04-15", "1990..2019-04-15"),
    ])
    func takenRangesReadAndWriteTheirText(_ typed: String, _ stored: String) throws {
        let range = try TakenRange.parse(typed)
        #expect(range.description == stored)
        #expect(try TakenRange.parse(range.description) == range)
    }

    @Test(arguments: [
        ("2015..2010", "starts after it ends; write the earlier end first: 2010..2015"),
        ("..", "has neither a start nor an end"),
        ("2010-2015", "write two dots between its ends: 2010..2015"),
        ("1700..1800", "has the year 1700; use a year from 1800 to 9999"),
        ("2019-02-30..2019-03-01", "\"2019-02-30\", which is not a day of the calendar"),
        ("spring", "has \"spring\", which is neither a year (1950) nor a day (2019-04-05)"),
        ("2010..2012..2014", "has more than one \"..\""),
        ("", "neither a year"),
    ])
    func badTakenRangesSayWhatIsWrongAndHowToWriteOne(_ typed: String, _ words: String) {
        #expect {
            try TakenRange.parse(typed)
        } throws: { error in
            guard let error = error as? LibraryError else { return false }
            return error.failureClass == .usage && error.message.contains(words)
                && error.message.contains("\"\(typed.trimmingCharacters(in: .whitespaces))\"")
        }
    }

    @Test(arguments: [
        ("4", [4], "4"), ("3-5", [3, 4, 5], "3-5"), ("12-2", [1, 2, 12], "12-2"), ("4,10", [4, 10], "4,10"),
        ("apr", [4], "4"), ("December-feb", [1, 2, 12], "12-2"), ("11-1, 6", [1, 6, 11, 12], "6,11-1"), ("1-12", Array(1...12), "1-12"),
        ("4,4", [4], "4"),
    ])
    func monthsReadAndWriteTheirText(_ typed: String, _ months: [Int], _ stored: String) throws {
        let set = try MonthSet.parse(typed)
        #expect(set.months == months)
        #expect(set.description == stored)
        #expect(try MonthSet.parse(set.description) == set)
    }

    @Test(arguments: ["13", "0", "4-", "ju", "4;10", "", "spring"])
    func badMonthsAreRefusedWithTheFormsTheyCanTake(_ typed: String) {
        #expect {
            try MonthSet.parse(typed)
        } throws: { error in
            guard let error = error as? LibraryError else { return false }
            return error.failureClass == .usage && error.message.contains("\"\(typed)\"") && error.message.contains("12-2")
        }
    }

    @Test func aYearRangeHoldsWholeYearsWithBothEnds() throws {
        let window = try #require(try TimeWindow.parse(taken: "2010..2015", months: nil))
        #expect(window.contains(try Self.at("2010-01-01T00:00:00Z")))
        #expect(window.contains(try Self.at("2015-12-31T23:59:59Z")))
        #expect(!window.contains(try Self.at("2009-12-31T23:59:59Z")))
        #expect(!window.contains(try Self.at("2016-01-01T00:00:00Z")))
    }

    @Test func openEndsAndDaysHoldWhatTheySay() throws {
        let before = try #require(try TimeWindow.parse(taken: "..1950", months: nil))
        #expect(before.contains(try Self.at("1950-12-31T23:00:00Z")))
        #expect(before.contains(try Self.at("1890-06-01T00:00:00Z")))
        #expect(!before.contains(try Self.at("1951-01-01T00:00:00Z")))
        let after = try #require(try TimeWindow.parse(taken: "2020..", months: nil))
        #expect(after.contains(try Self.at("2020-01-01T00:00:00Z")))
        #expect(!after.contains(try Self.at("2019-12-31T23:59:59Z")))
        let days = try #require(try TimeWindow.parse(taken: "2019-03-01..2019-04-15", months: nil))
        #expect(days.contains(try Self.at("2019-04-15T23:59:59Z")))
        #expect(!days.contains(try Self.at("2019-04-16T00:00:00Z")))
        #expect(!days.contains(try Self.at("2019-02-28T23:59:59Z")))
        #expect(days.taken?.earliest == (try Self.at("2019-03-01T00:00:00Z")))
        #expect(days.taken?.after == (try Self.at("2019-04-16T00:00:00Z")))
    }

    @Test func monthsWrapTheYearAndCombineWithARange() throws {
        let winter = try #require(try TimeWindow.parse(taken: "2010..2015", months: "12-2"))
        #expect(winter.contains(try Self.at("2012-12-24T12:00:00Z")))
        #expect(winter.contains(try Self.at("2013-01-10T12:00:00Z")))
        #expect(!winter.contains(try Self.at("2013-03-01T00:00:00Z")))
        #expect(!winter.contains(try Self.at("2016-01-10T12:00:00Z")), "January, but after the range")
    }

    /// The camera's clock is recorded as if it were UTC: a photo at 23:30 on 30 April is April,
    /// whatever the time zone of the machine that checks.
    @Test func containmentReadsTheDateAtUTC() throws {
        let april = try #require(try TimeWindow.parse(taken: nil, months: "4"))
        #expect(april.contains(try Self.at("2019-04-30T23:30:00Z")))
        #expect(!april.contains(try Self.at("2019-05-01T00:30:00Z")))
        #expect(april.contains(try Self.at("2019-05-01T00:30:00+02:00")), "an offset names an instant, compared at UTC")
    }

    @Test(
        arguments: [
            (nil, "4", "in April, any year", "taken in April"),
            ("..1950", nil, "taken in 1950 or before", "taken in 1950 or before"),
            ("2020..", nil, "taken in 2020 or later", "taken in 2020 or later"),
            ("2010..2015", "12-2", "taken 2010–2015 in December–February", "taken 2010–2015 in December–February"),
            ("2015", "4,10", "taken in 2015, in April and October", "taken in 2015, in April and October"),
            (nil, "3-5,10", "in March–May and October, any year", "taken in March–May and October"),
            ("2019-03-01..2019-04-15", nil, "taken 1 March 2019 – 15 April 2019", "taken 1 March 2019 – 15 April 2019"),
        ] as [(String?, String?, String, String)])
    func windowsInWords(_ taken: String?, _ months: String?, _ words: String, _ phrase: String) throws {
        let window = try #require(try TimeWindow.parse(taken: taken, months: months))
        #expect(window.words == words)
        #expect(window.takenPhrase == phrase)
    }

    @Test func anyLiftsAPartAndNothingGivenIsNoWindow() throws {
        #expect(try TimeWindow.parse(taken: nil, months: nil) == nil)
        #expect(try TimeWindow.parse(taken: "any", months: "ANY") == nil)
        let kept = try #require(try TimeWindow.parse(taken: "2010..2015", months: "4"))
        let lifted = try PinWindowEdit.parse(taken: "any", months: nil).applied(to: kept)
        #expect(lifted?.taken == nil)
        #expect(lifted?.months == kept.months)
        #expect(try PinWindowEdit.parse(taken: nil, months: "any").applied(to: lifted) == nil)
    }

    @Test func aPinKeepsItsWindowInEveryStoredForm() throws {
        var pin = Pin(
            id: "0a1b2c3d", name: "Kyoto", location: try GeoPoint(latitude: 35, longitude: 135.7), radiusKm: 5,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        pin.window = try TimeWindow.parse(taken: "..1950", months: "12-2")
        let record = PinRecordCodec.encode(pin)
        #expect(record.contains(#""months":"12-2""#) && record.contains(#""taken":"..1950""#))
        let read = Array(record.utf8).withUnsafeBufferPointer { PinRecordCodec.decode($0) }
        #expect(read?.window == pin.window)
        #expect(try IndexCoding.decoder().decode(Pin.self, from: Data(try IndexCoding.encode(pin))).window == pin.window)
    }

    @Test func aStoredPinWithoutAWindowReadsAsOneWithout() throws {
        let older =
            #"{"createdAt":"2024-05-01T12:00:00Z","id":"0a1b2c3d","latitude":1,"longitude":2,"name":"x","photos":0,"radiusKm":1,"state":"new"}"#
        let pin = try IndexCoding.decoder().decode(Pin.self, from: Data(older.utf8))
        #expect(pin.window == nil)
        #expect(Array(older.utf8).withUnsafeBufferPointer { PinRecordCodec.decode($0) }?.window == nil)
    }

    /// Album files are refused (as any member with a value it cannot have); the pin list's record
    /// reader counts such a member as absent, as it does for every optional member.
    @Test func aStoredWindowThatCannotBeReadIsNotTakenForAnother() {
        let bad =
            #"{"createdAt":"2024-05-01T12:00:00Z","id":"0a1b2c3d","latitude":1,"longitude":2,"months":"13","name":"x","photos":0,"radiusKm":1,"state":"new"}"#
        let bytes = Array(bad.utf8)
        #expect(throws: (any Error).self) { try IndexCoding.decoder().decode(Pin.self, from: Data(bytes)) }
        #expect(throws: (any Error).self) { try AlbumFileDecoding.pin(try JSONParser.parse(bytes)) }
        #expect(bytes.withUnsafeBufferPointer { PinRecordCodec.decode($0) }?.months == nil)
    }
}
