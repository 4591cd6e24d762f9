import Commons
import Flickr
import Foundation
import Logging
import TouristCore

/// What a search answer must give, whatever its bytes: candidates of the provider, within the
/// query's circle when located, at most its limit; or a `ProviderError`, never another error.
enum ProviderAnswer {
    static let query = GeoQuery(center: try! GeoPoint(latitude: 48.8584, longitude: 2.2945), radiusKm: 32, limit: 50)
    static let quiet = Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }

    static func check(_ read: () throws -> [PhotoCandidate], provider: String) {
        do {
            let found = try read()
            for candidate in found {
                contract(candidate.key.provider == provider, "\(candidate.key) is not of \(provider)")
            }
        } catch {
            contract(error is ProviderError, "\(error) is not a ProviderError")
        }
    }
}

/// A Flickr answer, read as a search answer and as a getSizes answer. Contract: see
/// `ProviderAnswer`; the API key never appears in an error.
enum FlickrAnswerDoor {
    static func check(_ bytes: [UInt8]) {
        let body = Data(bytes)
        ProviderAnswer.check(
            { try FlickrAnswerReading.search(body, for: ProviderAnswer.query, logger: ProviderAnswer.quiet) }, provider: "flickr")
        do {
            let sizes = try FlickrAnswerReading.sizes(body, photo: "53001", logger: ProviderAnswer.quiet)
            for url in sizes.urls.values { contract(["http", "https"].contains(url.scheme?.lowercased()), "a size at \(url)") }
        } catch {
            contract(!"\(error)".contains("fuzz-key"), "the API key in \(error)")
        }
    }
}

/// A Commons answer, without headers and with an error header. Contract: see `ProviderAnswer`.
enum CommonsAnswerDoor {
    static func check(_ bytes: [UInt8]) {
        let body = Data(bytes)
        for headers in [[:], ["mediawiki-api-error": "maxlag", "retry-after": "5"]] {
            ProviderAnswer.check(
                { try CommonsAnswerReading.candidates(body: body, headers: headers, logger: ProviderAnswer.quiet) }, provider: "commons")
        }
    }
}

/// A Nominatim search answer, as the geocoder reads it. Contract: every place has a name or an
/// address line and a valid point (GeoPoint checks it), and the places, as the store keeps them
/// (JSON), read back the same.
enum NominatimAnswerDoor {
    static func check(_ bytes: [UInt8]) {
        guard case .places(let places)? = NominatimResults.read(Data(bytes)) else { return }
        for place in places {
            contract(!place.displayName.isEmpty && place.name?.isEmpty != true, "a place without a name: \(place)")
        }
        do {
            let kept = try JSONEncoder().encode(places)
            let read = try JSONDecoder().decode([GeocodedPlace].self, from: kept)
            contract(read == places, "kept places read back otherwise: \(places) → \(read)")
        } catch {
            contract(false, "places cannot be kept: \(error)")
        }
    }
}
