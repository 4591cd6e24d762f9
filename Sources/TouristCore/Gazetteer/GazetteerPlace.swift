/// A city of the gazetteer (GeoNames' cities of 15,000 or more people): where it is, which
/// country and region it is in, and how many people live there.
public struct GazetteerPlace: Sendable, Hashable {
    /// Its GeoNames id (https://www.geonames.org/<id>), stable across GeoNames releases.
    public let geonameID: Int
    /// Its name in GeoNames, in the local language's Latin spelling ("Kyoto", "Köln").
    public let name: String
    public let location: GeoPoint
    /// ISO 3166-1 alpha-2 ("JP").
    public let countryCode: String
    /// The country's English name ("Japan").
    public let countryName: String
    /// GeoNames' admin1 code: the state's abbreviation in the US ("TX"), elsewhere mostly a
    /// number ("22"); empty for the few places without one.
    public let regionCode: String
    /// The region's name where the gazetteer knows it ("Texas", "Kyoto", "Nuevo Leon"; GeoNames'
    /// ASCII admin1 names, for about four regions in five); nil elsewhere.
    public let regionName: String?
    public let population: Int

    /// The short form a pin shows it by: name and country code, "Kyoto, JP".
    public var displayName: String { "\(name), \(countryCode)" }

    /// A form that tells places of one name apart as far as the gazetteer can: the region's name
    /// when it knows it, "Paris, Texas, US"; else the display name, "Paris, FR".
    public var qualifiedName: String {
        regionName.map { "\(name), \($0), \(countryCode)" } ?? displayName
    }

    /// One line for a list of candidates, with country, region and population: "Springfield,
    /// Missouri, United States (US), pop. 170,188"; a region without a name by its code, "San
    /// Pedro, region 05, Mexico (MX), pop. 123,456".
    public var summary: String {
        let region = regionName ?? (regionCode.isEmpty ? nil : "region \(regionCode)")
        return ([name] + (region.map { [$0] } ?? []) + ["\(countryName) (\(countryCode))"]).joined(separator: ", ")
            + ", pop. \(Self.grouped(population))"
    }

    /// `number` with a comma every three digits, the same in every locale: "2,138,551".
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
