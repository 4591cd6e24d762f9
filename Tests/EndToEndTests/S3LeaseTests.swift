import Foundation
import Testing
import TestSupport

/// Pins' leases that cannot stop a fetch forever, through the built binary against a real Ceph
/// RADOS Gateway: a lease object that says it holds until 9999 (a forger's, or a dead machine's
/// whose clock ran ahead) is vacant once the bucket's own clock says it went unrenewed, and a fetch
/// waits for a live holder only so long, then names it and how to remove its lease.
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3LeaseTests {
    /// Writes into the bucket, as another client could, a lease on `pin` held "until 9999".
    static func writeFarFutureLease(_ gateway: CephGateway, _ store: String, pin: String) throws {
        let (bucket, root) = try S3StoreEndToEndTests.split(store)
        let record = #"{"holder":"elsewhere:4242:7","host":"elsewhere","pid":4242,"expires":"9999-12-31T00:00:00Z"}"#
        try gateway.put(bucket, "\(root)/leases/\(pin).json", Data(record.utf8))
    }

    /// Without the fix, both commands wait without end (the time limit fails the test).
    @Test(.timeLimit(.minutes(5))) func aFarFutureLeaseIsVacantOnceItsObjectGoesUnrenewed() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try S3StoreEndToEndTests.s3(gateway, "forged-lease")
        // A lease holds 1 s here, with 2 s of margin: an object unrenewed for 3 s is vacant.
        let harness = try S3StoreEndToEndTests.machine(gateway, store: store, extra: ["TOURIST_LEASE_SECONDS": "1"])
        let pins = try await S3StoreEndToEndTests.addPins(harness, count: 3)
        for pin in pins { try Self.writeFarFutureLease(gateway, store, pin: pin) }

        let one = try await harness.json("fetch", pins[0])
        #expect(one.photos.count == 10 && one.photos.allSatisfy { $0["state"] as? String == "stored" }, "\(one)")
        let all = try await harness.json("fetch", "--all")
        let ended = try #require(all["pins"] as? [[String: Any]])
        #expect(Set(ended.compactMap { $0["id"] as? String }) == Set(pins.dropFirst()), "\(ended)")
        #expect(ended.allSatisfy { $0["exitCode"] as? Int == 0 && $0["photos"] as? Int == 10 }, "\(ended)")
        #expect(try S3StoreEndToEndTests.keys(gateway, store, under: "leases/").isEmpty, "each lease taken over was given up")
        #expect(try await harness.json("store", "verify")["ok"] as? Bool == true)
    }

    /// A live holder (a fetch held by its provider) keeps its lease; another machine's fetch of
    /// the pin waits 1 s at most here, then exits 75 naming the holder and the removal command.
    @Test(.timeLimit(.minutes(5))) func waitingForALiveHolderIsBoundedAndNamesIt() async throws {
        let gateway = try await Blocking.run { try CephGateway.shared() }
        let store = try S3StoreEndToEndTests.s3(gateway, "held-lease")
        let holder = try S3StoreEndToEndTests.machine(gateway, store: store)
        let waiter = try S3StoreEndToEndTests.machine(gateway, store: store, extra: ["TOURIST_LEASE_WAIT_SECONDS": "1"])
        let flickr = try HeldFlickr(holder)
        defer { flickr.stop() }
        let pin = try #require(
            try await holder.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower", "--radius", "3")["id"] as? String)
        flickr.holdDownloads()
        let holding = try holder.tourist.start(["fetch", pin, "--config", flickr.config], in: holder.folder.path)
        try await Waiting.until("the first machine holds the pin's lease") {
            try !S3StoreEndToEndTests.keys(gateway, store, under: "leases/").isEmpty || !holding.isRunning
        }
        let gaveUp = try await waiter.run("fetch", pin, "--config", flickr.config, expecting: 75)
        #expect(gaveUp.stderr.contains("pid \(holding.processIdentifier)"), "\(gaveUp.stderr)")
        #expect(gaveUp.stderr.contains("aws s3 rm \(store)/leases/\(pin).json"), "\(gaveUp.stderr)")
        flickr.releaseDownloads()
        // The holder ends well, or, when the waiter took longer than a download may stall (15 s,
        // a busy machine), with its held downloads timed out; either way it gives its lease up.
        let held = try await TouristBinary.finish(holding)
        #expect(held.status == 0 || (held.status == 75 && held.stderr.contains("(stalled)")), "\(held.stderr)")
        #expect(try S3StoreEndToEndTests.keys(gateway, store, under: "leases/").isEmpty)
    }
}
