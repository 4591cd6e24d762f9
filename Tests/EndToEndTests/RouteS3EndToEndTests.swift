import Foundation
import Testing
import TestSupport

/// A route pin on a store in an S3 bucket (a real Ceph RADOS Gateway on 127.0.0.1): its line
/// travels in its album object, through `fetch --all`, `store verify` and `store copy` to a folder.
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct RouteS3EndToEndTests {
    @Test func aRoutePinLivesInABucketAsInAFolder() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try S3StoreEndToEndTests.s3(gateway, "route")
        let machine = try S3StoreEndToEndTests.machine(gateway, store: store)
        // North along the set's line of photos (200, 0.1 km apart from 10,10), bending a little past 11 km.
        let line = [(latitude: 10.0, longitude: 10.0), (latitude: 10.1, longitude: 10.0), (latitude: 10.3, longitude: 10.01)]
        let track = try machine.folder.write("north.gpx", SampleRoutes.gpx(line, name: "North"))
        let id = try #require(try await machine.json("pin", "add", "--route", track, "--radius", "0.5")["id"] as? String)
        let all = try await machine.json("fetch", "--all")
        #expect((all["pins"] as? [[String: Any]])?.first?["status"] as? String == "complete", "\(all)")
        let album = try await machine.json("album", id).photos
        let kilometres = album.compactMap { $0["routeKm"] as? Double }
        #expect(album.count == 10 && kilometres.count == 10 && kilometres == kilometres.sorted(), "\(kilometres)")
        #expect(Set(kilometres.map { Int($0) }).count >= 5, "spread along the line: \(kilometres)")
        try await machine.run("store", "verify")
        let folder = machine.folder.child("copy")
        try await machine.run("store", "copy", store, folder)
        let copied = try await machine.json("album", id, "--store", folder).photos
        #expect(copied.compactMap { $0["routeKm"] as? Double } == kilometres)
        try await machine.run("store", "verify", "--store", folder)
    }
}
