import Foundation
import Testing
@testable import TouristCore

/// `FetchReport.ending` as plain values: an album's photo states × the providers' failures give
/// one kind, one headline, the notes that explain it and advice that never loops.
@Suite struct FetchReportTests {
    static let pin: Pin = {
        var pin = Pin(
            id: "3f2a1b4c", name: "Louvre", location: GeoPoint(constantLatitude: 48.8606, longitude: 2.3376), radiusKm: 5,
            createdAt: Date(timeIntervalSince1970: 0))
        pin.state = .fetching
        return pin
    }()

    /// An album of `target` photos, `stored` of them stored, then `failed` failed and `rejected` rejected.
    static func album(stored: Int, target: Int = 21, failed: Int = 0, rejected: Int = 0) -> Album {
        var album = Album(pin: pin, target: target)
        let states =
            Array(repeating: PhotoState.stored, count: stored) + Array(repeating: .failed, count: failed)
            + Array(repeating: .rejected, count: rejected)
        album.photos = states.enumerated().map { index, state in
            let candidate = PhotoCandidate(key: PhotoKey(provider: "demo", id: "p-\(index)"), title: "Photo \(index)", sources: [:])
            var photo = AlbumPhoto(candidate: candidate, size: .small240)
            photo.state = state
            if state != .stored { photo.error = "HTTP 500" }
            return photo
        }
        return album
    }

    // Failures as the router reports them.
    static let unreachable = ProviderFailure(
        provider: "commons", error: ProviderError.unreachable(host: "commons.wikimedia.org", "could not resolve host"))
    static let refused = ProviderFailure(provider: "commons", error: ProviderError.unreachable(host: "127.0.0.1", "connection refused"))
    static let noKey = ProviderFailure(provider: "flickr", error: ProviderError.missingCredentials("no Flickr API key; set FLICKR_API_KEY"))
    static let badKey = ProviderFailure(provider: "flickr", error: ProviderError.unauthorized("Flickr refused the API key"))
    static let serverError = ProviderFailure(provider: "commons", error: ProviderError.unavailable("HTTP 503"))
    static let slowDown = ProviderFailure(provider: "commons", error: ProviderError.rateLimited(retryAfter: 5, "maxlag"))
    static let misconfigured = ProviderFailure(
        provider: "pictures", error: ProviderError.invalidConfiguration("the folder ~/x cannot be read"))
    static let broken = ProviderFailure(provider: "faulty", error: ProviderError.outOfService("plugin faulty broke down 3 times"))
    static let demoEmpty = ProviderFailure.empty("demo", places: [NamedPlace(name: "Paris", latitude: 48.8584, longitude: 2.2945)])
    static let demoExhausted = ProviderFailure.empty("demo", afterExcluding: true)
    static let demoOutside = ProviderFailure.outsideCoverage(
        "demo", GeoBox(minLongitude: 100, minLatitude: -10, maxLongitude: 110, maxLatitude: 0))

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var stored: Int
        var failed = 0
        var rejected = 0
        var failures: [ProviderFailure]
        var kind: FetchReport.Kind
        var exitClass: FailureClass?
        var testDescription: String { name }
    }

    static let table: [Row] = [
        Row(name: "full", stored: 21, failures: [], kind: .complete),
        Row(name: "full, Flickr without a key passed by quietly", stored: 21, failures: [noKey], kind: .complete),
        Row(
            name: "the issue's case: Commons unreachable, the demo set has no more", stored: 5, failures: [noKey, unreachable], kind: .short
        ),
        Row(name: "refused connection counts as unreachable", stored: 5, failures: [refused], kind: .short),
        Row(name: "a bad key while others answered: ready, and said", stored: 5, failures: [badKey], kind: .short),
        Row(
            name: "a server error while others answered: a later run fills the rest", stored: 5, failures: [serverError],
            kind: .partlyFilled, exitClass: .temporary),
        Row(
            name: "asked to slow down while others answered", stored: 5, failures: [noKey, slowDown], kind: .partlyFilled,
            exitClass: .temporary),
        Row(name: "all there is, nothing failed", stored: 5, failures: [], kind: .short),
        Row(name: "downloads failed", stored: 18, failed: 3, failures: [], kind: .incomplete, exitClass: .temporary),
        Row(name: "nothing usable", stored: 0, rejected: 4, failures: [], kind: .unusable, exitClass: .unavailable),
        Row(name: "nothing near, the demo set answered", stored: 0, failures: [noKey, demoEmpty], kind: .empty),
        Row(
            name: "nothing near, Commons unreachable: not asked, try again later", stored: 0, failures: [noKey, unreachable, demoEmpty],
            kind: .notAsked, exitClass: .temporary),
        Row(
            name: "nothing near, Commons refused the connection", stored: 0, failures: [refused, demoEmpty], kind: .notAsked,
            exitClass: .temporary),
        Row(
            name: "nothing near while a provider had a server error", stored: 0, failures: [serverError, demoEmpty], kind: .notAsked,
            exitClass: .temporary),
        Row(
            name: "nothing near while a provider asked to slow down", stored: 0, failures: [slowDown, demoEmpty], kind: .notAsked,
            exitClass: .temporary),
        Row(
            name: "nothing near while a provider refused its key: fix the key", stored: 0, failures: [badKey, demoEmpty], kind: .notAsked,
            exitClass: .unauthorized),
        Row(
            name: "nothing near while a provider is misconfigured: fix the config", stored: 0, failures: [misconfigured, demoEmpty],
            kind: .notAsked, exitClass: .config),
        Row(
            name: "nothing near while a plugin broke down", stored: 0, failures: [broken, demoEmpty], kind: .notAsked,
            exitClass: .unavailable),
        Row(
            name: "unreachable and a refused key: the key is the fix", stored: 0, failures: [unreachable, badKey, demoEmpty],
            kind: .notAsked, exitClass: .unauthorized),
        Row(
            name: "Commons unreachable, the demo set not asked outside its coverage", stored: 0, failures: [unreachable, demoOutside],
            kind: .notAsked, exitClass: .temporary),
        Row(name: "offline, nobody answered", stored: 0, failures: [unreachable], kind: .unreachable, exitClass: .temporary),
        Row(name: "only credentials problems", stored: 0, failures: [noKey, badKey], kind: .refused, exitClass: .unauthorized),
        Row(name: "only slow-downs", stored: 0, failures: [slowDown], kind: .rateLimited, exitClass: .temporary),
        Row(name: "only a config typo", stored: 0, failures: [misconfigured], kind: .misconfigured, exitClass: .config),
        Row(name: "a broken plugin", stored: 0, failures: [broken], kind: .failed, exitClass: .unavailable),
    ]

    @Test(arguments: table)
    func eachEndingHasOneKindAndClass(_ row: Row) {
        let album = Self.album(stored: row.stored, failed: row.failed, rejected: row.rejected)
        let report = FetchReport.ending(.fetch, album: album, failures: row.failures, searched: true, providersEnabled: true)
        #expect(report.kind == row.kind)
        #expect(report.failureClass == row.exitClass)
        #expect(report.kind.endsWell == (row.exitClass == nil))
        #expect(!report.headline.isEmpty && !report.headline.hasSuffix("."))
        // Advice never repeats the command that ran (fetching this pin), nor does the page's
        // wording carry any command.
        #expect(!(report.advice?.remedy?.steps.contains { if case .fetchLater = $0 { true } else { false } } ?? false), "\(report)")
        #expect(!(report.advice?.page.contains("`") ?? false) && !report.notes.contains { $0.text.contains("`") }, "\(report)")
        #expect(!(report.alternative?.page.contains("`") ?? false), "\(report)")
        // A provider left unasked: never "widen the radius", which cannot help, and never empty.
        if report.kind == .notAsked {
            #expect(report.advice != nil && report.advice?.action != .widenRadius, "\(report)")
            #expect(
                !report.notes.isEmpty && report.notes.allSatisfy { report.headline.contains($0.text) },
                "the headline names what happened: \(report)")
        }
    }

    @Test func theIssuesOfflineCaseIsOneNoteAndReady() {
        let report = FetchReport.ending(
            .fetch, album: Self.album(stored: 5), failures: [Self.noKey, Self.unreachable], searched: true, providersEnabled: true)
        #expect(report.notes.map(\.text) == ["commons could not be reached (offline?)"], "a provider without a key is passed by quietly")
        #expect(report.headline == "5 photos is all the others have within 5 km")
        #expect(report.asksAgain, "the next fetch asks Commons again")
        #expect(report.advice == nil, "nothing to run: the album is ready")
        let collection = FetchReport.ending(
            .newCollection, album: Self.album(stored: 1), failures: [Self.unreachable], searched: true, providersEnabled: true)
        #expect(collection.kind == .short && collection.headline == "1 unseen photo is all the others have within 5 km")
        // No provider said to wait: no "try again in a while", the CLI's words for more photos instead.
        #expect(
            collection.advice?.action == .widenRadius
                && collection.advice?.page == "Widen the pin's radius, to 10 km say, or add another provider to the config.")
    }

    /// A provider that could not be reached for the first search and again for a replacement (a
    /// photo was set aside) is one note, its latest, not one a search.
    @Test func aProviderFailingEverySearchOfAFetchIsOneNote() {
        let failures = AlbumFetcher.latest([Self.noKey, Self.unreachable], then: [Self.refused])
        #expect(failures == [Self.noKey, Self.refused])
        let report = FetchReport.ending(.fetch, album: Self.album(stored: 5), failures: failures, searched: true, providersEnabled: true)
        #expect(report.notes.map(\.text) == ["commons could not be reached (offline?)"], "\(report.notes)")
        #expect(
            AlbumFetcher.latest([Self.unreachable], then: []) == [Self.unreachable],
            "a provider that answered the replacement search kept its note")
    }

    @Test func aFullAlbumIsNotAskedAgainButAnUnreachableShortOneIs() {
        #expect(!FetchReport.ending(.fetch, album: Self.album(stored: 5), failures: [], searched: true, providersEnabled: true).asksAgain)
        #expect(
            !FetchReport.ending(.fetch, album: Self.album(stored: 21), failures: [Self.unreachable], searched: true, providersEnabled: true)
                .asksAgain)
    }

    @Test func anEmptyAnswerFromTheDemoSetNamesItsPlaces() {
        let report = FetchReport.ending(
            .fetch, album: Self.album(stored: 0), failures: [Self.noKey, Self.demoEmpty], searched: true, providersEnabled: true)
        #expect(report.advice?.action == .visitPlaces)
        #expect(
            report.advice?.remedy
                == Remedy(
                    .visit(
                        places: [NamedPlace(name: "Paris", latitude: 48.8584, longitude: 2.2945)],
                        first: NamedPlace(name: "Paris", latitude: 48.8584, longitude: 2.2945), by: .pinAdd)))
        #expect(report.advice?.page == "The demo set has photos near Paris only: drop a pin at one of them.")
        // Another provider that answered empty and names no places: the radius is the advice.
        let other = FetchReport.ending(
            .fetch, album: Self.album(stored: 0), failures: [.empty("pictures"), Self.demoEmpty], searched: true, providersEnabled: true)
        #expect(other.advice?.action == .widenRadius)
    }

    /// The issue's case: offline, the demo set has nothing near, and Commons (which covers every
    /// place) could not be asked: not empty, and the advice is to fetch again when online.
    @Test func nothingFoundWhileCommonsWasUnreachableIsNotEmptyAndSaysWhy() {
        let report = FetchReport.ending(
            .fetch, album: Self.album(stored: 0), failures: [Self.noKey, Self.unreachable, Self.demoEmpty], searched: true,
            providersEnabled: true)
        #expect(report.kind == .notAsked && !report.kind.endsWell)
        #expect(report.headline == "commons could not be reached (offline?); demo found no photos within 5 km of \"Louvre\"")
        #expect(report.notes.map(\.text) == ["commons could not be reached (offline?)"], "a provider without a key is passed by quietly")
        #expect(
            report.advice
                == FetchAdvice(
                    .retry, remedy: Remedy(.runAgain(when: .online, to: "ask commons")), page: "Try again when online.", button: "Try again"
                ))
        // The demo set's places still show, beside the advice.
        #expect(report.alternative?.action == .visitPlaces)
        #expect(
            report.alternative?.remedy
                == Remedy(
                    .visit(
                        places: [NamedPlace(name: "Paris", latitude: 48.8584, longitude: 2.2945)],
                        first: NamedPlace(name: "Paris", latitude: 48.8584, longitude: 2.2945), by: .pinAdd)))

        // A refused key: the fix is the key, and the class says so.
        let badKey = FetchReport.ending(
            .fetch, album: Self.album(stored: 0), failures: [Self.badKey, Self.demoEmpty], searched: true, providersEnabled: true)
        #expect(badKey.headline == "flickr refused its credentials; demo found no photos within 5 km of \"Louvre\"")
        #expect(badKey.advice?.action == .setCredentials && badKey.failureClass == .unauthorized)
        // Asked to slow down: later, not "when online".
        let slow = FetchReport.ending(
            .fetch, album: Self.album(stored: 0), failures: [Self.slowDown, Self.demoEmpty], searched: true, providersEnabled: true)
        #expect(slow.advice?.remedy == Remedy(.runAgain(when: .later, to: "ask commons")) && slow.advice?.page == "Try again in a while.")
        // Without a search in this run (a resumed fetch), the failures it had are judged the same way.
        let resumed = FetchReport.ending(
            .fetch, album: Self.album(stored: 0), failures: [Self.unreachable, Self.demoEmpty], searched: false, providersEnabled: true)
        #expect(resumed.kind == .notAsked)
        // A provider not asked because the pin is outside its coverage says so in the headline.
        let outside = FetchReport.ending(
            .fetch, album: Self.album(stored: 0), failures: [Self.unreachable, Self.demoOutside], searched: true, providersEnabled: true)
        #expect(outside.headline == "commons could not be reached (offline?); demo has no photos near \"Louvre\"")
        // A short album (some photos) stays ready, as before.
        #expect(
            FetchReport.ending(
                .fetch, album: Self.album(stored: 5), failures: [Self.unreachable, Self.demoEmpty], searched: true, providersEnabled: true
            ).kind == .short)
    }

    @Test func aNewCollectionWithNothingUnseenLeavesTheAlbumAndSaysWhy() {
        let exhausted = FetchReport.noNewCollection(Self.pin, failures: [Self.demoExhausted])
        #expect(
            exhausted.kind == .noNewPhotos
                && exhausted.headline == "no unseen photos left within 5 km of \"Louvre\"; the album is unchanged")
        let offline = FetchReport.noNewCollection(Self.pin, failures: [Self.unreachable])
        #expect(offline.kind == .unreachable && offline.headline == "no provider could be reached (offline?); the album is unchanged")
        #expect(offline.advice?.action == .checkNetwork)
    }

    @Test func fewerUnseenPhotosThanTheAlbumHoldsAreCountedAndAskedAbout() {
        let few = FetchReport.fewUnseen(Self.pin, unseen: 1, holds: 21, failures: [Self.demoExhausted])
        #expect(few.kind == .fewUnseen && few.unseen == 1 && few.kind.endsWell && few.notes.isEmpty)
        #expect(few.headline == "only 1 unseen photo is left within 5 km of \"Louvre\"; the album is unchanged")
        #expect(few.advice?.action == .allowFewer && few.advice?.button == "Replace")
        #expect(few.advice?.question == "Only 1 unseen photo is left within 5 km: replace 21 photos with 1?")
        #expect(few.advice?.remedy == Remedy(.allowFewer(pin: "3f2a1b4c", replacing: 21, with: 1)))
        #expect(
            few.advice?.page
                == "Photos replaced never come back in later collections. To keep these and find more: Widen the pin's radius, to 10 km say, or add another provider to the config."
        )
        // A provider that could not be asked: what was found, not all that is left, and why.
        let offline = FetchReport.fewUnseen(Self.pin, unseen: 3, holds: 21, failures: [Self.noKey, Self.unreachable])
        #expect(offline.headline == "only 3 unseen photos were found within 5 km of \"Louvre\"; the album is unchanged")
        #expect(offline.notes.map(\.text) == ["commons could not be reached (offline?)"])
        #expect(offline.advice?.question == "Only 3 unseen photos were found within 5 km: replace 21 photos with 3?")
    }

    @Test func fewerUnseenPhotosOfATimeWindowSayTheWindow() throws {
        var pin = Self.pin
        pin.window = try TimeWindow.parse(taken: nil, months: "4")
        let few = FetchReport.fewUnseen(pin, unseen: 4, holds: 21, failures: [Self.demoExhausted])
        #expect(few.headline == "only 4 unseen photos taken in April are left within 5 km of \"Louvre\"; the album is unchanged")
        #expect(few.advice?.question == "Only 4 unseen photos taken in April are left within 5 km: replace 21 photos with 4?")
    }

    @Test func theReportSurvivesTheAlbumFile() throws {
        var album = Self.album(stored: 5)
        album.report = FetchReport.ending(.fetch, album: album, failures: [Self.unreachable], searched: true, providersEnabled: true)
        album.pin.failure = .partlyFilled
        var bytes = try IndexCoding.encode(album)
        #expect(try AlbumFileDecoding.album(try JSONParser.parse(bytes)) == album)
        #expect(try IndexCoding.decoder().decode(Album.self, from: Data(bytes)) == album)
        // A provider left unasked: the kind, and the alternative beside the advice.
        var unasked = Self.album(stored: 0)
        unasked.report = FetchReport.ending(
            .fetch, album: unasked, failures: [Self.unreachable, Self.demoEmpty], searched: true, providersEnabled: true)
        unasked.pin.state = .failed
        unasked.pin.failure = .notAsked
        #expect(unasked.report?.alternative != nil)
        bytes = try IndexCoding.encode(unasked)
        #expect(try AlbumFileDecoding.album(try JSONParser.parse(bytes)) == unasked)
        #expect(try IndexCoding.decoder().decode(Album.self, from: Data(bytes)) == unasked)
    }

    /// An album file written before reports had an alternative (or `not-asked`) reads as it was.
    @Test func anAlbumFileWithoutAnAlternativeStillReads() throws {
        var album = Self.album(stored: 0)
        album.report = FetchReport(
            kind: .empty, operation: .fetch, headline: "no photos within 5 km of \"Louvre\" (asked: demo)", advice: .widen(Self.pin))
        album.pin.state = .empty
        let bytes = try IndexCoding.encode(album)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("alternative"))
        #expect(try AlbumFileDecoding.album(try JSONParser.parse(bytes)) == album)
        #expect(try IndexCoding.decoder().decode(Album.self, from: Data(bytes)) == album)
    }
}
