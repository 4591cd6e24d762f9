import Foundation
import Logging
import ProviderExpectations
import Testing
import TestSupport
@testable import Fixture
import TouristCore

@Suite struct FixtureProviderTests {
    let folder = TemporaryDirectory()

    @Test func passesTheConformanceSuiteOnAGeneratedSet() async throws {
        try FixtureSetWriter.write(in: folder.path, latitude: -33.86, longitude: 151.21, count: 23)
        let provider = try FixtureProvider(name: "gen", folder: folder.path)
        let violations = await ProviderConformance.check(
            provider, near: try GeoPoint(latitude: -33.86, longitude: 151.21), radiusKm: 3, minimumPhotos: 23,
            emptyPoint: try GeoPoint(latitude: 33.86, longitude: -151.21)
        )
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func theBundledDemoSetPassesTheConformanceSuiteAtEveryPlace() async throws {
        let factory = FixtureProviderFactory()
        let provider = try factory.makeProvider(
            name: "demo",
            options: try ConfigLoader(registry: ProviderRegistry([factory]), environment: [:], workingDirectory: "/")
                .parse(Array("{}".utf8), path: "/x.json").providers[0].options,
            context: ProviderContext(configDirectory: "/", environment: [:], logger: Logger(label: "test"), http: HTTPClient())
        )
        for (latitude, longitude) in DemoSetRequirements.places {
            let violations = await ProviderConformance.check(
                provider, near: try GeoPoint(latitude: latitude, longitude: longitude), radiusKm: 3, minimumPhotos: 60, pageSize: 25
            )
            #expect(violations.isEmpty, "\(violations)")
        }
    }

    @Test(arguments: ["../outside.jpg", "/etc/passwd", "img/../../outside.jpg"])
    func refusesManifestFilesOutsideTheFolder(_ escape: String) throws {
        let set = folder.child("set")
        var photos = try FixtureSetWriter.write(in: set, latitude: 1, longitude: 1, count: 2)
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: folder.child("outside.jpg")))
        photos[1].files["m"] = escape
        try FixtureSetWriter.writeManifest(photos, in: set)
        let root = URL(fileURLWithPath: set).resolvingSymlinksInPath().path
        #expect(
            throws: InputDataError(
                "\(set)/manifest.json: photo \"p-002\": file \"\(escape)\" is outside the fixture folder \(root). Keep every file inside that folder and name it by a relative path"
            )
        ) {
            try FixtureProvider(name: "bad", folder: set)
        }
    }

    @Test func refusesASymbolicLinkPointingOut() throws {
        let set = folder.child("set")
        var photos = try FixtureSetWriter.write(in: set, latitude: 1, longitude: 1, count: 2)
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: folder.child("secret.jpg")))
        try FileManager.default.createSymbolicLink(atPath: set + "/img/link.jpg", withDestinationPath: folder.child("secret.jpg"))
        photos[0].files["z"] = "img/link.jpg"
        try FixtureSetWriter.writeManifest(photos, in: set)
        #expect(throws: InputDataError.self) { try FixtureProvider(name: "bad", folder: set) }
        // A link that stays inside the folder is fine.
        try FileManager.default.createSymbolicLink(atPath: set + "/img/inside.jpg", withDestinationPath: set + "/img/p-001-m.jpg")
        photos[0].files["z"] = "img/inside.jpg"
        try FixtureSetWriter.writeManifest(photos, in: set)
        #expect(try FixtureProvider(name: "ok", folder: set).photos.count == 2)
    }

    @Test func latencyAndFailEverySimulateASlowFailingProvider() async throws {
        try FixtureSetWriter.write(in: folder.path, latitude: 1, longitude: 1, count: 3)
        let query = GeoQuery(center: try GeoPoint(latitude: 1, longitude: 1), radiusKm: 5, limit: 3)
        let slow = try FixtureProvider(name: "slow", folder: folder.path, latencyMs: 300)
        let started = ContinuousClock.now
        _ = try await slow.search(query)
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        let flaky = try FixtureProvider(name: "flaky", folder: folder.path, failEvery: 2)
        _ = try await flaky.search(query)
        await #expect(throws: ProviderError.unavailable("fixture provider flaky simulated a failure (request 2, failEvery 2)")) {
            try await flaky.search(query)
        }
        _ = try await flaky.search(query)
    }
}

/// What the issue asks of the bundled demo set.
enum DemoSetRequirements {
    /// Eiffel Tower, Sydney Opera House, Statue of Liberty, Machu Picchu, Table Mountain, Fushimi Inari.
    static let places: [(Double, Double)] = [
        (48.8584, 2.2945), (-33.8568, 151.2153), (40.6892, -74.0445), (-13.1631, -72.5450), (-33.9628, 18.4098), (34.9671, 135.7727),
    ]
}
