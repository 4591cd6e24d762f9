import Fixture
import TestSupport
import TouristCore

/// `type: "held"`: the fixture provider, with every search held at a gate until the test opens it,
/// so a fetch the test started is surely still running while the test looks at it, however fast
/// or slow the machine.
struct HeldSearchesFactory: ProviderFactory {
    let gate: Gate
    private let fixture = FixtureProviderFactory()

    var type: String { "held" }
    var summary: String { "The fixture provider, its searches held at a gate (tests only)." }
    var options: [ProviderOption] { fixture.options }

    func makeProvider(name: String, options: ProviderOptions, context: ProviderContext) throws -> any PhotoProvider {
        HeldSearches(base: try fixture.makeProvider(name: name, options: options, context: context), gate: gate)
    }
}

/// A provider whose searches wait for `gate`; fetches go straight through.
struct HeldSearches: PhotoProvider {
    let base: any PhotoProvider
    let gate: Gate

    var name: String { base.name }

    func search(_ query: GeoQuery) async throws -> SearchPage {
        try await Blocking.run { [gate] in gate.pass() }
        return try await base.search(query)
    }

    func fetch(_ photo: PhotoCandidate, size: PhotoSize, into sink: any BlobSink) async throws {
        try await base.fetch(photo, size: size, into: sink)
    }
}
