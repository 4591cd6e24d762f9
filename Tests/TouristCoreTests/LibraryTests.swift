import Fixture
import Foundation
import Logging
import Testing
import TestSupport
@testable import TouristCore

/// `Library`, the operations both front ends call, over a real store (in a folder, and in memory)
/// and a real fixture provider.
@Suite struct LibraryTests {
    /// Where a test's store keeps its objects.
    enum Medium: String, CaseIterable, Sendable {
        case folder, memory
    }

    let folder = TemporaryDirectory("tourist-library")
    static let center = try! GeoPoint(latitude: 45, longitude: 7)

    /// A library on `medium` whose config holds one fixture provider over `photos` photos near `center`.
    func library(on medium: Medium, photos: Int = 12, album: Int = 4) throws -> Library {
        let set = folder.child("set")
        if !FileManager.default.fileExists(atPath: set) {
            try FixtureSetWriter.write(in: set, latitude: Self.center.latitude, longitude: Self.center.longitude, count: photos)
        }
        let text =
            #"{"album": {"photos": \#(album)}, "downloads": {"retries": 0}, "providers": [{"name": "demo", "type": "fixture", "path": "\#(set)"}]}"#
        let loader = ConfigLoader(
            registry: ProviderRegistry([FixtureProviderFactory()]), environment: ["HOME": folder.path], workingDirectory: folder.path)
        let config = try loader.parse(Array(text.utf8), path: try folder.write("config.json", text))
        let setup = ProviderSetup(
            config: config, loader: loader, logger: Logger(label: "library-tests"), http: HTTPClient(), retryPolicy: RetryPolicy(retries: 0)
        )
        let store =
            switch medium {
            case .folder: try Store(path: folder.child("store"))
            case .memory:
                try Store(
                    backend: MemoryBackend(), staging: TemporaryArea(root: folder.child("staging")), stateDirectory: folder.child("state"))
            }
        return Library(store: store, providers: setup, gazetteer: .bundled)
    }

    @Test(arguments: Medium.allCases) func aPinIsFoundByIdNameAnyCaseOrAUniquePrefixAndAmbiguityIsAUsageError(_ medium: Medium) throws {
        let library = try library(on: medium)
        let louvre = try library.addPin(name: "Louvre", at: Self.center, radiusKm: 5).pin
        let lourdes = try library.addPin(name: "Lourdes", at: Self.center, radiusKm: 5).pin
        #expect(try library.resolvePin(louvre.id) == louvre.id)
        #expect(try library.resolvePin("louvre") == louvre.id)
        #expect(try library.resolvePin("Lourd") == lourdes.id)
        #expect(throws: LibraryError.self) { try library.resolvePin("Lou") }
        do {
            _ = try library.resolvePin("Lou")
        } catch let error as LibraryError {
            #expect(error.failureClass == .usage && error.message.contains("could be 2 pins"), "\(error)")
        }
        // A near miss names the pin meant; nothing near is a plain not-found.
        #expect(throws: StoreError.self) { try library.resolvePin("Lourve") }
        do {
            _ = try library.resolvePin("Lourve")
        } catch let error as StoreError {
            #expect(error.failureClass == .notFound && error.message.contains("Did you mean \"Louvre\" (\(louvre.id))"), "\(error)")
        }
        // A pin is removed only by its whole name or id.
        #expect(throws: LibraryError.self) { try library.resolvePin("Louv", forRemoval: true) }
    }

    @Test(arguments: Medium.allCases) func addingTheSamePinTwiceReturnsItAndAnotherPinsIdIsRefusedAsAName(_ medium: Medium) throws {
        let library = try library(on: medium)
        let first = try library.addPin(name: "Louvre", at: Self.center, radiusKm: 5)
        let again = try library.addPin(name: "Louvre", at: Self.center, radiusKm: 5)
        #expect(first.created && !again.created && again.pin.id == first.pin.id)
        #expect(first.pin.state == .new && first.pin.photos == 0)
        #expect(
            throws: LibraryError(.conflict, "\"\(first.pin.id)\" is the id of another pin, so it cannot name this one; choose another name")
        ) {
            try library.addPin(name: first.pin.id, at: Self.center, radiusKm: 5)
        }
        #expect(try library.pins().map(\.id) == [first.pin.id])
    }

    @Test(arguments: Medium.allCases) func aFetchFillsTheAlbumAndReportsItAndTheNextIsANoOp(_ medium: Medium) async throws {
        let library = try library(on: medium)
        let pin = try library.addPin(name: "Here", at: Self.center, radiusKm: 5).pin
        #expect(try library.pinsToFetch(count: nil).map(\.id) == [pin.id])
        let outcome = try await library.fetch(pin: pin.id)
        #expect(outcome.report.kind == .complete && outcome.album.storedCount == 4)
        #expect(try library.album(pin.id).report == outcome.report, "the album keeps its report")
        #expect(try library.pinsToFetch(count: nil).isEmpty && !library.isBeingFetched(pin.id), "the lease is given back")
        #expect(try await library.fetch(pin: pin.id).report.kind == .alreadyComplete)
    }

    @Test(arguments: Medium.allCases) func aFetchWaitsWhileAnotherProcessHoldsThePinsLease(_ medium: Medium) async throws {
        let library = try library(on: medium)
        let pin = try library.addPin(name: "Here", at: Self.center, radiusKm: 5).pin
        // Another process's lease, as a terminal's `tourist fetch` holds it (this pid is alive).
        let held = try #require(try library.store.takeLease(pin: pin.id))
        #expect(library.isBeingFetched(pin.id))
        let told = Gate()
        async let outcome = library.fetch(
            pin: pin.id,
            waiting: { holder in
                #expect(holder.pid == getpid())
                told.open()
            })
        try await Blocking.run { told.pass() }
        #expect(try library.album(pin.id).pin.state == .new, "nothing was fetched while the lease is held")
        try held.release()
        #expect(try await outcome.report.kind == .complete)
    }

    /// A pin read as `fetching` just before its fetch ended (the fetch stores its end, then lets its
    /// lease go) is shown as it ended, not `interrupted`: a watcher reading the pin, then the lease,
    /// in a busy moment saw "interrupted" between "fetching" and "ready".
    @Test(arguments: Medium.allCases) func aPinReadJustBeforeItsFetchEndedIsShownAsItEnded(_ medium: Medium) throws {
        let library = try library(on: medium)
        let pin = try library.addPin(name: "Here", at: Self.center, radiusKm: 5).pin
        func store(_ state: PinState) throws {
            try library.store.transaction { transaction in
                var album = try transaction.album(pin.id)
                album.pin.state = state
                try transaction.save(album)
            }
        }
        try store(.fetching)
        let read = try #require(try library.store.pins().first)
        #expect(read.state == .fetching)
        try store(.ready)  // the fetch ends, and no lease is held any more
        #expect(library.withCurrentState(read).state == .ready)
        try store(.fetching)
        #expect(library.withCurrentState(read).state == .interrupted, "still fetching, with no lease: interrupted")
    }

    /// An album stored as `fetching` is `fetching` only while a process holds the pin's lease;
    /// with none (the fetch was interrupted, its process died) every reader sees `interrupted`.
    @Test(arguments: Medium.allCases) func aPinIsFetchingOnlyWhileItsLeaseIsHeld(_ medium: Medium) throws {
        let library = try library(on: medium)
        let pin = try library.addPin(name: "Here", at: Self.center, radiusKm: 5).pin
        try library.store.transaction { transaction in
            var album = try transaction.album(pin.id)
            album.pin.state = .fetching
            try transaction.save(album)
        }
        let held = try #require(try library.store.takeLease(pin: pin.id))
        #expect(try library.album(pin.id).pin.state == .fetching && library.pins().map(\.state) == [.fetching])
        try held.release()
        #expect(try library.album(pin.id).pin.state == .interrupted && library.pins().map(\.state) == [.interrupted])
        #expect(try library.store.album(pin.id).pin.state == .fetching, "what is stored stays: the next fetch resumes it")
        #expect(try library.pinsToFetch(count: nil).map(\.id) == [pin.id])
    }

    @Test(arguments: Medium.allCases) func removingPhotosNamedTwiceRemovesThemOnceAndTheyNeverComeBack(_ medium: Medium) async throws {
        let library = try library(on: medium)
        let pin = try library.addPin(name: "Here", at: Self.center, radiusKm: 5).pin
        let album = try await library.fetch(pin: pin.id).album
        let gone = album.photos[0].key
        _ = try library.removePhotos([gone, gone], fromPin: pin.id)
        let after = try library.album(pin.id)
        #expect(after.photos.count == 3 && after.removed == [gone])
        let collection = try await library.newCollection(pin: pin.id)
        #expect(!collection.album.photos.contains { $0.key == gone })
    }

    @Test(arguments: Medium.allCases) func aProviderNotConfiguredIsAUsageError(_ medium: Medium) async throws {
        let library = try library(on: medium)
        let pin = try library.addPin(name: "Here", at: Self.center, radiusKm: 5).pin
        await #expect(throws: LibraryError.self) { try await library.fetch(pin: pin.id, providerNames: ["nope"]) }
        #expect(FailureClass.of(LibraryError(.usage, "x")) == .usage)
    }

    /// A one-off search says how it ended itself: photos nearest first with their distances and
    /// no failure; none where the set has none, ended well (the provider answered), and nothing
    /// is stored.
    @Test(arguments: Medium.allCases) func aSearchSaysHowItEndedAndStoresNothing(_ medium: Medium) async throws {
        let library = try library(on: medium, photos: 6)
        let found = try await library.search(around: Self.center, radiusKm: 5, count: 4)
        #expect(found.photos.count == 4 && found.failureClass == nil && found.unanswered == nil, "\(found.photos.map(\.id))")
        let distances = found.photos.compactMap(\.distanceKm)
        #expect(distances.count == 4 && distances == distances.sorted())
        let nowhere = try await library.search(around: try GeoPoint(latitude: -45, longitude: -170), radiusKm: 5, count: 4)
        #expect(nowhere.photos.isEmpty && nowhere.failureClass == nil && nowhere.unanswered == nil, "\(nowhere.failures)")
        #expect(try library.pins().isEmpty)
        await #expect(throws: LibraryError.self) {
            try await library.search(around: Self.center, radiusKm: 5, count: 4, providerNames: ["nope"])
        }
    }
}
