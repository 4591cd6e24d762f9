import Foundation

/// A point on Earth in decimal degrees, validated on construction:
/// latitude within ±90, longitude within ±180, both finite.
public struct GeoPoint: Hashable, Sendable, Codable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// Mean Earth radius (IUGG), the usual choice for great-circle distances.
    public static let earthRadiusKm = 6371.0088

    /// Creates a point, rejecting non-finite or out-of-range coordinates.
    public init(latitude: Double, longitude: Double) throws(GeoPointError) {
        guard latitude.isFinite, abs(latitude) <= 90 else {
            throw GeoPointError(message: "latitude \(Self.format(latitude)) is out of range; use a number from -90 to 90")
        }
        guard longitude.isFinite, abs(longitude) <= 180 else {
            throw GeoPointError(message: "longitude \(Self.format(longitude)) is out of range; use a number from -180 to 180")
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A point from constants known to be in range (checked in debug builds).
    init(constantLatitude latitude: Double, longitude: Double) {
        assert(latitude.isFinite && abs(latitude) <= 90 && longitude.isFinite && abs(longitude) <= 180)
        self.latitude = latitude
        self.longitude = longitude
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .latitude, in: container, debugDescription: error.message)
        }
    }

    /// Great-circle distance in kilometres (haversine formula).
    public func distanceKm(to other: GeoPoint) -> Double {
        Self.distanceKm(latitude, longitude, other.latitude, other.longitude)
    }

    /// Great-circle distance in kilometres between two positions in decimal degrees.
    static func distanceKm(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        let phi1 = latitude1 * .pi / 180, phi2 = latitude2 * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = (longitude2 - longitude1) * .pi / 180
        let a = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * earthRadiusKm * asin(min(1, a.squareRoot()))
    }

    public var description: String { "\(Self.format(latitude)),\(Self.format(longitude))" }

    /// A coordinate in plain decimal, up to 7 decimals (about 1 cm), without trailing zeros or an
    /// exponent: the one way tourist writes coordinates, in tables, messages and services' query
    /// parameters. By integer arithmetic into one buffer (`String(format:)` is slow enough to
    /// matter for a list of 10,000 pins).
    public static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e6 else { return "\(value)" }
        var units = Int((abs(value) * 10_000_000).rounded())
        let negative = value < 0 && units > 0
        var decimals = 7
        while decimals > 0, units % 10 == 0 {
            units /= 10
            decimals -= 1
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        for _ in 0..<decimals {
            digits.append(UInt8(ascii: "0") + UInt8(units % 10))
            units /= 10
        }
        if decimals > 0 { digits.append(UInt8(ascii: ".")) }
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(units % 10))
            units /= 10
        } while units > 0
        if negative { digits.append(UInt8(ascii: "-")) }
        return String(decoding: digits.reversed(), as: UTF8.self)
    }
}

/// Why a coordinate was refused.
public struct GeoPointError: ClassifiedError, Sendable, Equatable {
    public let message: String
    public var failureClass: FailureClass { .usage }
    public var description: String { message }
}

extension GeoPoint {
    /// Parses the coordinate forms people type: `LAT LON` as two words, `LAT,LON`, or `geo:LAT,LON`
    /// (RFC 5870; parameters after `;` are ignored).
    public static func parse(_ words: [String]) throws(GeoPointError) -> GeoPoint {
        var parts: [String]
        switch words.count {
        case 1:
            var text = words[0].trimmingCharacters(in: .whitespaces)
            if text.lowercased().hasPrefix("geo:") {
                text = String(text.dropFirst(4))
                if let semicolon = text.firstIndex(of: ";") { text = String(text[..<semicolon]) }
            }
            parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 3 { parts.removeLast() }  // geo: URIs may carry an altitude
            guard parts.count == 2 else {
                throw GeoPointError(
                    message:
                        "\(Excerpt.quoted(words[0])) is not a coordinate; write LAT LON, LAT,LON or geo:LAT,LON (for example 48.8584 2.2945)"
                )
            }
        case 2:
            parts = words
        case 0:
            throw GeoPointError(message: "missing coordinates; write LAT LON, LAT,LON or geo:LAT,LON (for example 48.8584 2.2945)")
        default:
            throw GeoPointError(message: "expected a latitude and a longitude, got \(words.count) values: \(words.joined(separator: " "))")
        }
        let latitude = try parseDegrees(parts[0], name: "latitude")
        let longitude = try parseDegrees(parts[1], name: "longitude")
        return try GeoPoint(latitude: latitude, longitude: longitude)
    }

    private static func parseDegrees(_ text: String, name: String) throws(GeoPointError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw GeoPointError(message: "\(name) \(Excerpt.quoted(text)) is not a number; use decimal degrees such as -33.8568")
        }
        return value
    }
}
