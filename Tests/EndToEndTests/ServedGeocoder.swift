import Foundation
import NominatimStub

/// `tourist serve` on a store of its own, with the geocoder on and asking a fake Nominatim on
/// 127.0.0.1: the setup of the served geocoder's tests. `stop()` stops both.
struct ServedGeocoder {
    let harness: Harness
    let nominatim: FakeNominatim
    let server: ServedStore

    init() async throws {
        harness = try Harness()
        nominatim = try FakeNominatim()
        do {
            let config = try GeocoderEndToEndTests.config(harness, url: nominatim.url)
            server = try await ServedStore(harness, arguments: ["--config", config])
        } catch {
            nominatim.stop()
            throw error
        }
    }

    func stop() async {
        _ = await server.stop()
        nominatim.stop()
    }
}
