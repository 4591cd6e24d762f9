/// The decoded tables of a gazetteer resource (format version 1, written by
/// GazetteerTools/make-gazetteer.py): countries, regions and places in full and checked, the
/// names as an index over the file's own bytes.
struct GazetteerFile: Sendable {
    /// One country: ISO alpha-2 and alpha-3 codes and English name.
    struct Country: Sendable {
        let code: String
        let iso3: String
        let name: String
    }

    /// One (country, admin1) pair that some place is in.
    struct Region: Sendable {
        let country: Country
        let code: String
        let name: String?
    }

    static let magic = Array("TGAZ".utf8)
    static let version: UInt16 = 1
    /// A place record with an empty name: id, latitude, longitude, population, region, name length.
    static let smallestPlaceBytes = 4 + 4 + 4 + 4 + 2 + 1

    let regions: [Region]
    /// By population, largest first.
    let places: [GazetteerPlace]
    /// The index into `regions` of each place.
    let placeRegions: [Int]
    let names: GazetteerNameIndex

    init(bytes: [UInt8]) throws(GazetteerError) {
        guard bytes.starts(with: Self.magic) else { throw GazetteerError("the file is not a tourist gazetteer (no TGAZ header)") }
        var reader = GazetteerByteReader(bytes, offset: Self.magic.count)
        let version = try reader.u16()
        guard version == Self.version else {
            throw GazetteerError("the gazetteer is format version \(version); this tourist reads version \(Self.version)")
        }
        let countryCount = Int(try reader.u16()), regionCount = Int(try reader.u16())
        let placeCount = Int(try reader.u32()), nameCount = Int(try reader.u32())
        let restartInterval = Int(try reader.u16())

        var countries: [Country] = []
        for _ in 0..<countryCount {
            let code = try Self.ascii(reader.slice(2)), iso3 = try Self.ascii(reader.slice(3))
            countries.append(Country(code: code, iso3: iso3, name: try reader.str8()))
        }
        var regions: [Region] = []
        for _ in 0..<regionCount {
            let country = Int(try reader.u16())
            guard country < countries.count else { throw GazetteerError("the gazetteer is damaged: a region's country is out of range") }
            let code = try reader.str8(), name = try reader.str8()
            regions.append(Region(country: countries[country], code: code, name: name.isEmpty ? nil : name))
        }
        try reader.need(placeCount * Self.smallestPlaceBytes)
        var places: [GazetteerPlace] = [], placeRegions: [Int] = []
        places.reserveCapacity(placeCount)
        placeRegions.reserveCapacity(placeCount)
        for _ in 0..<placeCount {
            let id = Int(try reader.u32())
            let latitude = Double(try reader.i32()) / 100_000, longitude = Double(try reader.i32()) / 100_000
            let population = Int(try reader.u32()), regionIndex = Int(try reader.u16())
            let name = try reader.str8()
            guard regionIndex < regions.count, let location = try? GeoPoint(latitude: latitude, longitude: longitude) else {
                throw GazetteerError("the gazetteer is damaged: place \(id) has a region or location out of range")
            }
            let region = regions[regionIndex]
            places.append(
                GazetteerPlace(
                    geonameID: id, name: name, location: location, countryCode: region.country.code, countryName: region.country.name,
                    regionCode: region.code, regionName: region.name, population: population
                ))
            placeRegions.append(regionIndex)
        }
        names = try GazetteerNameIndex(reading: &reader, count: nameCount, restartInterval: restartInterval, placeCount: placeCount)
        self.regions = regions
        self.places = places
        self.placeRegions = placeRegions
    }

    private static func ascii(_ bytes: ArraySlice<UInt8>) throws(GazetteerError) -> String {
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw GazetteerError("the gazetteer is damaged: a country code is not ASCII")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
