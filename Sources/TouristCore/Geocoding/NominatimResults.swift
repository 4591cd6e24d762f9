import Foundation

/// Reads the answer of Nominatim's `/search?format=jsonv2`: an array of places, each with `lat`
/// and `lon` as strings, `name`, `display_name`, `category`, `type`, `importance`, `osm_type` and
/// `osm_id` (https://nominatim.org/release-docs/latest/api/Output/). Numbers are taken as strings
/// or numbers alike; a place without a valid point or address line is left out; keys it does not
/// know are ignored. An error Nominatim words (`{"error": …}`) comes back as its message.
/// Public for the fuzzing door `nominatim-answer` (Fuzz/Doors).
public enum NominatimResults {
    /// What an answer holds: places, or Nominatim's words for an error.
    public enum Answer: Equatable, Sendable {
        case places([GeocodedPlace])
        case error(String)
    }

    /// The answer in `body`, or nil when it is not Nominatim's JSON.
    public static func read(_ body: Data) -> Answer? {
        let decoder = JSONDecoder()
        if let items = try? decoder.decode([Item].self, from: body) {
            return .places(items.compactMap(\.place))
        }
        if let failure = try? decoder.decode(Failure.self, from: body), let message = failure.message {
            return .error(message)
        }
        return nil
    }

    /// One place as jsonv2 writes it.
    private struct Item: Decodable {
        let lat: LooseNumber?
        let lon: LooseNumber?
        let name: String?
        let displayName: String?
        let category: String?
        let type: String?
        let importance: LooseNumber?
        let osmType: String?
        let osmID: LooseNumber?

        enum CodingKeys: String, CodingKey {
            case lat, lon, name, category, type, importance
            case displayName = "display_name"
            case osmType = "osm_type"
            case osmID = "osm_id"
        }

        /// Each field on its own: one of an unexpected type is missing, not a failed answer.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func text(_ key: CodingKeys) -> String? { (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil }
            func number(_ key: CodingKeys) -> LooseNumber? { (try? container.decodeIfPresent(LooseNumber.self, forKey: key)) ?? nil }
            lat = number(.lat)
            lon = number(.lon)
            name = text(.name)
            displayName = text(.displayName)
            category = text(.category)
            type = text(.type)
            importance = number(.importance)
            osmType = text(.osmType)
            osmID = number(.osmID)
        }

        var place: GeocodedPlace? {
            guard let latitude = lat?.value, let longitude = lon?.value,
                let location = try? GeoPoint(latitude: latitude, longitude: longitude)
            else { return nil }
            // Names are shown and offered as pin names: one line of plain words (`PlainLine`).
            let ownName = name.map(PlainLine.cleaned).flatMap { $0.isEmpty ? nil : $0 }
            guard let line = displayName.map(PlainLine.cleaned).flatMap({ $0.isEmpty ? nil : $0 }) ?? ownName else { return nil }
            return GeocodedPlace(
                name: ownName, displayName: line, location: location, category: category, type: type,
                importance: importance?.value.flatMap { $0.isFinite ? $0 : nil }, osmType: osmType,
                osmID: osmID?.value.flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0) : nil }
            )
        }
    }

    /// `{"error": "message"}` or `{"error": {"code": 400, "message": "…"}}`.
    private struct Failure: Decodable {
        struct Detail: Decodable { let message: String? }
        let message: String?

        enum CodingKeys: String, CodingKey { case error }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let text = try? container.decode(String.self, forKey: .error) {
                message = text
            } else {
                message = try container.decode(Detail.self, forKey: .error).message
            }
        }
    }

    /// A number written as a number or as a string ("48.8582599"); nil when it is neither.
    private struct LooseNumber: Decodable {
        let value: Double?

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                value = number
            } else if let text = try? container.decode(String.self) {
                value = Double(text.trimmingCharacters(in: .whitespaces))
            } else {
                value = nil
            }
        }
    }
}
