import Crypto
import Foundation
import LoopbackHTTP
import Synchronization
import Testing
import TestSupport
@testable import TouristCore

/// `S3Backend` against a real Ceph RADOS Gateway on 127.0.0.1 (the process's shared one, each test
/// in a bucket of its own, so they run in parallel): the `ObjectStore` rules on S3, RGW's quirks
/// (S3-NOTES.md) and the failures a user meets. Skipped, saying why, when Ceph is not installed.
/// The backend's calls block, so each test runs them on a thread of its own (`Blocking.run`) and
/// records its expectations after.
@Suite(.enabled(if: try CephGateway.requirement.runs(), Comment(rawValue: CephGateway.requirement.missing)))
struct S3BackendTests {
    @Test func loadsWritesCreateOnlyAndComparesAndSwaps() async throws {
        let store = try await S3TestBucket()
        let (outcome, written) = try await ClockReading.around {
            try await Blocking.run {
                () throws -> (
                    missing: StoredObject?, created: [Bool], first: StoredObject?, replaced: [Bool], last: StoredObject?, info: ObjectInfo?,
                    gone: StoredObject?
                ) in
                let backend = store.backend
                let missing = try backend.load("index/a.json")
                let created = [
                    try backend.write("index/a.json", Array("first".utf8), when: .absent),
                    try backend.write("index/a.json", Array("second".utf8), when: .absent),
                    try backend.write("index/none.json", Array("x".utf8), when: .unchanged(StoredObject(bytes: [], etag: "0123abcd"))),
                ]
                let first = try backend.load("index/a.json")
                let stale = StoredObject(bytes: Array("first".utf8), etag: "00000000000000000000000000000000")
                let replaced = [
                    try backend.write("index/a.json", Array("second".utf8), when: .unchanged(try required(first))),
                    try backend.write("index/a.json", Array("third".utf8), when: .unchanged(try required(first))),
                    try backend.write("index/a.json", Array("third".utf8), when: .unchanged(stale)),
                    try backend.write("index/a.json", Array("fourth".utf8), when: .always),
                ]
                // What a write answers carries the new version: the next change can compare against it.
                let fifth = try required(try backend.writeObject("index/a.json", Array("fifth".utf8), when: .always))
                let sixth = try backend.writeObject("index/a.json", Array("sixth".utf8), when: .unchanged(fifth))
                guard sixth?.bytes == Array("sixth".utf8), try backend.writeObject("index/a.json", [], when: .unchanged(fifth)) == nil
                else { throw Missing() }
                let last = try backend.load("index/a.json")
                let info = try backend.stat("index/a.json")
                try backend.remove("index/a.json")
                try backend.remove("index/a.json")
                return (missing, created, first, replaced, last, info, try backend.load("index/a.json"))
            }
        }
        #expect(outcome.missing == nil, "a missing key reads as nil")
        #expect(outcome.created == [true, false, false], "create-only: the second create and a replace of a missing key are refused")
        #expect(outcome.first?.bytes == Array("first".utf8))
        let etag = try #require(outcome.first?.etag)
        #expect(!etag.isEmpty && !etag.contains("\""), "the ETag comes without its quotes: \(etag)")
        #expect(outcome.replaced == [true, false, false, true], "compare-and-swap succeeds once, then the version read is stale")
        #expect(outcome.last?.bytes == Array("sixth".utf8) && outcome.last?.etag != etag)
        // Written while the test ran (the store's times are whole seconds).
        let modified = try #require(outcome.info?.modified)
        #expect(
            outcome.info?.size == 5 && modified >= written.earliest.addingTimeInterval(-1)
                && modified <= written.latest.addingTimeInterval(1), "\(modified)")
        #expect(outcome.gone == nil, "removed, and removing it again is fine")
    }

    @Test func ofEightRacingReplacersAtMostOneWinsAndOfEightCreatorsExactlyOne() async throws {
        let store = try await S3TestBucket()
        let read = try await Blocking.run { () throws -> StoredObject in
            try store.backend.write("index/pins.json", Array("v0".utf8), when: .always)
            return try required(try store.backend.load("index/pins.json"))
        }
        // Eight processes' worth of clients, each with its own connections, released together.
        let racers = try (0..<8).map { _ in try store.newBackend() }
        let replaced = try await race(racers) { index, backend in
            try backend.write("index/pins.json", Array("v\(index + 1)".utf8), when: .unchanged(read))
        }
        let created = try await race(racers) { index, backend in
            try backend.write("index/albums/new.json", Array("album \(index)".utf8), when: .absent)
        }
        let (afterReplace, afterCreate) = try await Blocking.run {
            (try store.backend.load("index/pins.json")?.bytes, try store.backend.load("index/albums/new.json")?.bytes)
        }
        #expect(replaced.filter { $0 }.count <= 1, "\(replaced)")
        if let winner = replaced.firstIndex(of: true) {
            #expect(afterReplace == Array("v\(winner + 1)".utf8))
        } else {
            #expect(afterReplace == Array("v0".utf8))
        }
        #expect(created.filter { $0 }.count == 1, "\(created)")
        #expect(afterCreate == created.firstIndex(of: true).map { Array("album \($0)".utf8) })
    }

    @Test func aSinksOwnErrorIsRethrown() async throws {
        let store = try await S3TestBucket()
        let thrown = try await Blocking.run { () throws -> String in
            try store.backend.write("blobs/y", Array(repeating: 7, count: 100_000), when: .always)
            do {
                _ = try store.backend.read("blobs/y", into: RefusingSink())
                return "nothing"
            } catch {
                return String(describing: type(of: error))
            }
        }
        #expect(thrown == "SinkRefusal")
    }

    @Test func logsAppendInOrderAndTrimThroughAPosition() async throws {
        let store = try await S3TestBucket()
        let outcome = try await Blocking.run {
            () throws -> (empty: LogRead, folds: [Bool], read: LogRead, afterTrim: LogRead, emptied: LogRead, versions: [String]) in
            let log = ObjectLog(store: store.backend, key: "index/pins.journal")
            let empty = try log.read()
            var versions = [try log.version()]
            let folds = try (0..<100).map { try log.append(Array("record \($0)".utf8), foldingBeside: "index/pins.json") }
            let read = try log.read()
            versions += [try log.version(), try log.version()]
            let end = try required(read.end)
            for index in 100..<103 { _ = try log.append(Array("record \(index)".utf8), foldingBeside: "index/pins.json") }
            try log.trim(through: end)
            let afterTrim = try log.read()
            versions.append(try log.version())
            try log.trim(through: try required(afterTrim.end))
            versions.append(try log.version())
            return (empty, folds, read, afterTrim, try log.read(), versions)
        }
        #expect(outcome.empty.records.isEmpty && outcome.empty.end == nil)
        #expect(outcome.read.records == (0..<100).map { Array("record \($0)".utf8) }, "records come back in the order appended")
        // Checked on the 1st append and every 32nd after: the 65th is the first to see more than 64.
        #expect(outcome.folds.firstIndex(of: true) == 64 && outcome.folds.filter { $0 }.count == 2, "\(outcome.folds)")
        #expect(outcome.afterTrim.records == (100..<103).map { Array("record \($0)".utf8) }, "records after the position stay")
        #expect(outcome.emptied.records.isEmpty && outcome.emptied.end == nil)
        let versions = outcome.versions
        #expect(versions[1] == versions[2], "an unchanged log keeps its version")
        #expect(
            Set([versions[0], versions[1], versions[3]]).count == 3 && versions[4] == versions[0],
            "appends and trims change it: \(versions)")
    }

    @Test func aWrongSecretIsUnauthorizedAndNeverShown() async throws {
        let store = try await S3TestBucket()
        let gateway = store.gateway
        let secret = "wrong-secret-7Gk2pQx9Zr4Lm8Vb"
        let backend = try store.newBackend(
            signing: AWSSigning(accessKeyID: gateway.accessKeyID, secretAccessKey: secret, region: gateway.region))
        let errors = try await Blocking.run { () -> [StoreError?] in
            [
                storeError { _ = try backend.load("index/a.json") },
                storeError { _ = try backend.write("index/a.json", [1], when: .absent) },
                storeError { _ = try backend.list("index/", continuation: nil, details: false) },
            ]
        }
        for error in errors {
            let error = try #require(error)
            #expect(error.kind == .unauthorized)
            #expect(error.message.contains(gateway.accessKeyID) && error.message.contains("s3://\(store.bucket)/store"), "\(error.message)")
            #expect(error.message.contains("AWS_SECRET_ACCESS_KEY"))
            #expect(!error.message.contains(secret) && !error.message.contains(gateway.secretAccessKey), "the secret never shows")
        }
    }

    @Test func aMissingBucketIsNamedWithTheCommandThatMakesIt() async throws {
        let store = try await S3TestBucket()
        let gateway = store.gateway
        let backend = try store.newBackend(bucket: "missing-\(store.bucket)")
        let errors = try await Blocking.run {
            [storeError { _ = try backend.load("index/a.json") }, storeError { _ = try backend.listAll("index/") }]
        }
        for error in errors {
            let error = try #require(error)
            #expect(error.kind == .unusable)
            #expect(error.message.contains("missing-\(store.bucket)") && error.message.contains("aws s3 mb"), "\(error.message)")
            #expect(error.message.contains(gateway.endpoint.absoluteString), "\(error.message)")
        }
    }

    @Test func anUnreachableEndpointIsUnavailableAfterRetries() async throws {
        let refusing = try BoundSocket()
        let backend = try loopbackBackend(port: refusing.port)
        let error = try #require(try await Blocking.run { storeError { _ = try backend.load("index/a.json") } })
        #expect(error.kind == .unavailable)
        #expect(
            error.message.contains("s3://tourist-nowhere/store") && error.message.contains("127.0.0.1:\(refusing.port)"), "\(error.message)"
        )
        #expect(error.message.contains("AWS_ENDPOINT_URL"), "\(error.message)")
    }

    /// Not S3 but a loopback server answering as S3 does when it is overloaded: 503 SlowDown is
    /// retried until an answer comes, and reported as unavailable when none does.
    @Test func slowDownIsRetriedThenReported() async throws {
        let answered = Mutex(0)
        let server = try LoopbackServer { request in
            let count = answered.withLock { count in
                count += 1
                return count
            }
            let slowDown = LoopbackReply.response(
                status: 503, body: Array("<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>".utf8))
            return request.path.hasSuffix("/flaky") && count > 2
                ? .response(status: 200, headers: [("ETag", "\"e1\"")], body: Array("ok".utf8)) : slowDown
        }
        let backend = try loopbackBackend(port: server.port)
        let (flaky, failed) = try await Blocking.run { (try backend.load("flaky"), storeError { _ = try backend.load("never") }) }
        #expect(flaky == StoredObject(bytes: Array("ok".utf8), etag: "e1"), "answered on the third try")
        #expect(failed?.kind == .unavailable && failed?.message.contains("SlowDown") == true, "\(String(describing: failed))")
        #expect(server.requests.count == 6, "3 for the first key; 1 + 2 retries for the second")
    }

    /// The backend's calls block their thread but never wait for Swift's cooperative pool: calls
    /// made from every thread of the pool at once, none left free, still complete.
    @Test func callsFromEveryThreadOfThePoolAtOnceComplete() async throws {
        let store = try await S3TestBucket()
        let width = ProcessInfo.processInfo.activeProcessorCount
        let together = Rendezvous(count: width)
        let done = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<width {
                group.addTask {
                    together.arrive()  // holds this thread of the pool until all of them are here
                    let written = (try? store.backend.write("index/\(index).json", [UInt8(index)], when: .absent)) == true
                    return written && (try? store.backend.load("index/\(index).json"))?.bytes == [UInt8(index)]
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(done == Array(repeating: true, count: width))
    }

    /// Eight backends (eight processes' clients) each run `body` once, released together.
    private func race(_ backends: [S3Backend], _ body: @escaping @Sendable (Int, S3Backend) throws -> Bool) async throws -> [Bool] {
        let start = Rendezvous(count: backends.count)
        return try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for (index, backend) in backends.enumerated() {
                group.addTask {
                    (
                        index,
                        try await Blocking.run {
                            start.arrive()
                            return try body(index, backend)
                        }
                    )
                }
            }
            var results = Array(repeating: false, count: backends.count)
            for try await (index, result) in group { results[index] = result }
            return results
        }
    }

    /// A backend whose endpoint is 127.0.0.1:`port`, retrying twice with short pauses.
    private func loopbackBackend(port: Int) throws -> S3Backend {
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let settings = S3Settings(
            signing: AWSSigning(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "not-used-secret", region: "us-east-1"), endpoint: endpoint)
        return S3Backend(
            location: try S3Location(parsing: "s3://tourist-nowhere/store"), settings: settings,
            retry: .insisting(retries: 2, baseDelay: 0.001, maxDelay: 0.002), http: .patient
        )
    }
}

/// `value`, or a thrown error when it is nil (for work on a thread of its own, outside `#require`'s reach).
private func required<T>(_ value: T?) throws -> T {
    guard let value else { throw Missing() }
    return value
}

private struct Missing: Error {}

/// The StoreError `body` throws, or nil.
private func storeError(_ body: () throws -> Void) -> StoreError? {
    do {
        try body()
        return nil
    } catch {
        return error as? StoreError
    }
}

/// Hashes and counts what a read streams into it.
private final class HashingSink: BlobSink {
    private var hasher = SHA256()
    private(set) var count = 0

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bufferPointer: bytes)
        count += bytes.count
    }

    func digest() -> String { Hex.string(hasher.finalize()) }
}

/// A sink that refuses its first bytes, as a full disk would.
private final class RefusingSink: BlobSink {
    func write(_ bytes: UnsafeRawBufferPointer) throws { throw SinkRefusal() }
}

private struct SinkRefusal: Error {}

/// The XML of S3's answers as the S3 store reads it, without a server: listings as AWS writes them
/// (namespaced, entities, pages) and error documents.
@Suite struct S3AnswerParsingTests {
    @Test func readsAListingPageWithEntitiesAndItsContinuation() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix>p/</Prefix><KeyCount>2</KeyCount>
            <MaxKeys>1000</MaxKeys><IsTruncated>true</IsTruncated>
            <Contents><Key>p/a &amp; b&#x4E2D;&#33;.json</Key><LastModified>2024-05-01T10:00:00.123Z</LastModified><ETag>&quot;abc&quot;</ETag><Size>12</Size><StorageClass>STANDARD</StorageClass></Contents>
            <!-- a comment --><Contents><Key><![CDATA[p/<raw>]]></Key><LastModified>2024-05-01T10:00:01Z</LastModified><Size>0</Size><Owner/></Contents>
            <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken></ListBucketResult>
            """
        let page = try #require(S3ListPage(parsing: Data(xml.utf8)))
        #expect(page.entries.map(\.key) == ["p/a & b中!.json", "p/<raw>"])
        #expect(page.entries.map(\.size) == [12, 0])
        #expect(
            page.entries[0].modified.map { abs($0.timeIntervalSince1970 - 1_714_557_600.123) < 0.0005 } == true, "fractional seconds kept")
        #expect(page.entries[1].modified == Date(timeIntervalSince1970: 1_714_557_601))
        #expect(page.continuation == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
        let last = #"<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>"#
        #expect(try #require(S3ListPage(parsing: Data(last.utf8))).continuation == nil)
        #expect(
            S3ListPage(parsing: Data(#"<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>"#.utf8)) == nil,
            "a page that goes on must say where")
    }

    @Test func readsErrorsAndRefusesWhatIsNotXML() {
        let error =
            #"<?xml version="1.0"?><Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message><BucketName>b</BucketName></Error>"#
        let root = S3XMLElement.parse(Data(error.utf8))
        #expect(
            root?.name == "Error" && root?.text(of: "Code") == "NoSuchBucket"
                && root?.text(of: "Message") == "The specified bucket does not exist")
        #expect(S3ListPage(parsing: Data(error.utf8)) == nil, "an error is not a listing")
        for broken in ["<a><b></a>", "<a>", "<a x=\"1>", "", "plain text", "<a></a><!-- unterminated"] {
            #expect(S3XMLElement.parse(Data(broken.utf8)) == nil, "\(broken)")
        }
    }
}
