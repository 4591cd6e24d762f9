import Foundation
import Testing
import TouristCore
@testable import Exec

/// A plugin's PHOTO read into a candidate: strict where tourist relies on a value, lenient with
/// descriptive ones; dates in the common form read without a formatter, as Foundation reads them.
@Suite struct PluginPhotoTests {
    func photo(_ text: String) throws -> PhotoCandidate {
        try PluginPhoto.candidate(try JSONParser.parse(Array(text.utf8)), provider: "walks", plugin: "walks")
    }

    func refusal(_ text: String) -> String? {
        do {
            _ = try photo(text)
            return nil
        } catch {
            return (error as? ProviderError)?.description
        }
    }

    @Test func aFullPhotoKeepsEveryFieldAndItsOwnJSON() throws {
        let text =
            #"{"id":"a1","title":"Bridge","owner":"Ann","license":"CC BY 4.0","licenseURL":"https://creativecommons.org/licenses/by/4.0/","takenAt":"2024-06-01T09:15:00Z","latitude":48.85,"longitude":2.29,"pageURL":"https://example.org/a1","sizes":{"m":{"url":"https://img.example.org/a1-m.jpg","width":240},"o":{},"x":{}},"extra":[1,2]}"#
        let candidate = try photo(text)
        #expect(candidate.key.description == "walks:a1")
        #expect(candidate.title == "Bridge" && candidate.owner == "Ann" && candidate.license == "CC BY 4.0")
        #expect(candidate.licenseURL?.absoluteString == "https://creativecommons.org/licenses/by/4.0/")
        #expect(candidate.takenAt == Date(timeIntervalSince1970: 1_717_233_300))
        #expect(candidate.location == (try GeoPoint(latitude: 48.85, longitude: 2.29)))
        #expect(
            candidate.sources == [.small240: .url(URL(string: "https://img.example.org/a1-m.jpg")!), .original: .provider],
            "the unknown size x is left out")
        #expect(candidate.providerData == text, "the plugin's own JSON, unknown fields included, for fetch")
    }

    @Test func whatTouristReliesOnIsChecked() {
        #expect(
            refusal(#"{"title":"x","sizes":{"m":{}}}"#)
                == #"invalid response: plugin walks gave a photo without an "id" (a non-empty string)"#)
        #expect(
            refusal(#"{"id":"a","latitude":91,"longitude":0,"sizes":{"m":{}}}"#)
                == "invalid response: plugin walks gave photo \"a\" with a bad location: latitude 91 is out of range; use a number from -90 to 90"
        )
        #expect(
            refusal(#"{"id":"a","latitude":"48","longitude":2,"sizes":{"m":{}}}"#)
                == #"invalid response: plugin walks gave photo "a" with "latitude" and "longitude" that are not both numbers"#)
        #expect(
            refusal(#"{"id":"a","sizes":{}}"#)
                == #"invalid response: plugin walks gave photo "a" without "sizes" (an object such as {"m": {"url": "https://…"}})"#)
        #expect(
            refusal(#"{"id":"a","sizes":{"m":{"url":"file:///etc/passwd"}}}"#)
                == #"invalid response: plugin walks gave photo "a" with size m at "file:///etc/passwd"; only http and https URLs are read (give the size as {} to fetch it through the plugin)"#
        )
        #expect(
            refusal(#"{"id":"a","sizes":{"zz":{}}}"#)
                == "invalid response: plugin walks gave photo \"a\" with no size tourist knows (s, t, q, m, n, w, z, c, b, h, k, o)")
        #expect(refusal(#"["a"]"#) == "invalid response: plugin walks gave a photo that is an array, not an object")
        #expect(
            refusal(#"{"id":"a","sizes":{"m":"https://img.example.org/a.jpg"}}"#)
                == #"invalid response: plugin walks gave photo "a" with size m that is a string, not an object ({} or {"url": …})"#)
        #expect(
            refusal(#"{"id":"a","takenAt":"last summer","pageURL":7,"sizes":{"m":{}}}"#) == nil,
            "descriptive fields that cannot be read are left out")
    }

    @Test func plainDatesAreReadAsFoundationReadsThem() {
        let formatter = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_000_000_000...4_000_000_000, using: &generator)))
            let text = formatter.string(from: date)
            #expect(ISO8601.plainUTC(text) == date, "\(text)")
        }
        for impossible in [
            "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-06-01T24:00:00Z", "2024-06-01 09:15:00Z", "2024-06-01T09:15:00+02:00",
        ] {
            #expect(ISO8601.plainUTC(impossible) == nil, "\(impossible)")
        }
        #expect(ISO8601.date("2024-06-01T11:15:00+02:00") == ISO8601.date("2024-06-01T09:15:00Z"))
        #expect(ISO8601.date("2024-06-01T09:15:00.250Z") == Date(timeIntervalSince1970: 1_717_233_300.25))
        #expect(ISO8601.date("2024-06-01") == Date(timeIntervalSince1970: 1_717_200_000))
    }
}
