import Crypto
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import TouristCore

/// The rules every `ObjectStore` keeps, checked the same way on each (as rclone's `fstests`
/// check every remote): missing keys, create-only and compare-and-swap under races, large objects
/// streamed both ways, listings past one page, logs (the medium's own or `ObjectLog`), moves. Each
/// check gets a fresh, empty backend.
struct StorageCheck: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (any ObjectStore) throws -> Void

    var testDescription: String { name }

    static let all: [StorageCheck] = [
        StorageCheck(name: "a missing key reads as nothing and removes fine") { (backend: any ObjectStore) throws in
            #expect(try backend.load("index/none.json") == nil)
            #expect(try backend.load("index/none.json", range: 0..<10) == nil)
            #expect(try backend.stat("index/none.json") == nil)
            #expect(try backend.read("index/none.json", into: CollectingSink()) == false)
            try backend.remove("index/none.json")
            #expect(try backend.listAll("index/").isEmpty)
        },
        StorageCheck(name: "create-only writes once and keeps the first") { (backend: any ObjectStore) throws in
            #expect(try backend.write("index/a.json", Array("first".utf8), when: .absent))
            #expect(try !backend.write("index/a.json", Array("second".utf8), when: .absent))
            #expect(try backend.load("index/a.json")?.bytes == Array("first".utf8))
            #expect(try backend.stat("index/a.json")?.size == 5)
        },
        StorageCheck(name: "compare-and-swap replaces only what is unchanged") { (backend: any ObjectStore) throws in
            try backend.write("index/a.json", Array("one".utf8), when: .always)
            let read = try #require(try backend.load("index/a.json"))
            let second = try #require(try backend.writeObject("index/a.json", Array("two".utf8), when: .unchanged(read)))
            #expect(try !backend.write("index/a.json", Array("stale".utf8), when: .unchanged(read)), "a stale version is refused")
            #expect(
                try backend.write("index/a.json", Array("three".utf8), when: .unchanged(second)), "the version a write answers is current")
            #expect(try backend.load("index/a.json")?.bytes == Array("three".utf8))
            try backend.remove("index/a.json")
            #expect(try !backend.write("index/a.json", Array("four".utf8), when: .unchanged(read)), "a removed object is not unchanged")
            #expect(try backend.load("index/a.json") == nil)
        },
        StorageCheck(name: "of eight racing creators exactly one wins") { (backend: any ObjectStore) throws in
            for round in 0..<3 {
                let wins = try race(8) { racer in try backend.write("index/race-\(round)", Array("racer \(racer)".utf8), when: .absent) }
                #expect(wins.count(where: { $0 }) == 1, "round \(round): \(wins)")
                let stored = String(decoding: try #require(try backend.load("index/race-\(round)")).bytes, as: UTF8.self)
                #expect(stored == "racer \(try #require(wins.firstIndex(of: true)))", "the winner's bytes are stored")
            }
        },
        StorageCheck(name: "of eight racing replacers of one version at most one wins, and retrying loses no update") {
            (backend: any ObjectStore) throws in
            try backend.write("index/counter", Array("0".utf8), when: .always)
            let read = try #require(try backend.load("index/counter"))
            let wins = try race(8) { racer in try backend.write("index/counter", Array("\(racer + 1)".utf8), when: .unchanged(read)) }
            #expect(wins.count(where: { $0 }) <= 1, "\(wins)")
            // Each racer re-reads and re-applies until it wins: every increment lands.
            try backend.write("index/counter", Array("0".utf8), when: .always)
            _ = try race(8) { _ in
                while true {
                    let current = try #require(try backend.load("index/counter"))
                    let value = Int(String(decoding: current.bytes, as: UTF8.self)) ?? -1000
                    if try backend.write("index/counter", Array("\(value + 1)".utf8), when: .unchanged(current)) { return true }
                }
            }
            #expect(try backend.load("index/counter")?.bytes == Array("8".utf8))
        },
        StorageCheck(name: "a large object is staged, stored create-only and read back streamed and by range") {
            (backend: any ObjectStore) throws in
            let size = 20 << 20
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
            let key: ObjectKey = "blobs/sha256/large"
            let folder = TemporaryDirectory("tourist-staging")
            let staging = TemporaryArea(root: folder.path)
            func stage() throws -> BlobWriter {
                let writer = try staging.stage(maxBytes: size)
                for start in stride(from: 0, to: size, by: 1 << 20) {
                    try bytes[start..<min(size, start + (1 << 20))].withUnsafeBytes { try writer.write($0) }
                }
                _ = writer.finishHash()
                return writer
            }
            #expect(try backend.create(key, fromFile: try stage(), durable: true))
            #expect(try !backend.create(key, fromFile: try stage(), durable: true), "the second is already stored")
            #expect(try backend.stat(key)?.size == size)
            let hashing = HashingSink<SHA256>(CollectingSink())
            #expect(try backend.read(key, into: hashing))
            #expect(hashing.finish() == Hex.string(SHA256.hash(data: bytes)))
            #expect(try backend.load(key, range: 5_000_000..<5_000_100) == Array(bytes[5_000_000..<5_000_100]))
            #expect(try backend.load(key, range: (size - 10)..<(size + 50)) == Array(bytes[(size - 10)...]), "a range past the end is cut")
            #expect(try backend.load(key, range: (size + 5)..<(size + 50)) == [], "a range wholly past the end is empty")
            #expect(FileSystem.list(try staging.directory()) == ["owner"], "nothing staged is left behind")
        },
        StorageCheck(name: "listing goes past a thousand keys in byte order, a page at a time") { (backend: any ObjectStore) throws in
            // Numbers written out of order, and upper before lower case: byte order is not the order written.
            let keys =
                (0..<1_100).map { String(format: "index/refs/%02x/%04d", $0 % 7, ($0 * 7_919) % 1_100) }
                + ["index/refs/Zed", "index/refs/apple", "index/refs.json", "index/refsX", "other/a"]
            for start in stride(from: 0, to: keys.count, by: 100) {
                let batch = keys[start..<min(keys.count, start + 100)].map {
                    ObjectWrite(ObjectKey(testPath: $0), Array($0.utf8), when: .absent)
                }
                #expect(try backend.write(batch, durable: true).allSatisfy { $0 != nil })
            }
            let first = try backend.list("index/refs/", continuation: nil, details: false)
            #expect(first.objects.count <= 1_000 && first.continuation != nil)
            let listed = try backend.listAll("index/refs/").map(\.key.path)
            #expect(
                listed == keys.filter { $0.hasPrefix("index/refs/") }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                "every key once, in byte order")
            #expect(try backend.listAll("index/refs").count == 1_104, "a prefix need not end at a folder")
            let detailed = try backend.list("index/refs/00/", continuation: nil, details: true).objects
            #expect(detailed.count == 158 && detailed.allSatisfy { $0.size == $0.key.path.utf8.count && $0.modified != nil })
        },
        StorageCheck(name: "a batch writes each object by its own condition") { (backend: any ObjectStore) throws in
            try backend.write("index/kept", Array("kept".utf8), when: .always)
            let read = try #require(try backend.load("index/kept"))
            let results = try backend.write(
                [
                    ObjectWrite("index/new", Array("new".utf8), when: .absent),
                    ObjectWrite("index/kept", Array("taken".utf8), when: .absent),
                    ObjectWrite("index/swapped", Array("x".utf8), when: .unchanged(read)),
                    ObjectWrite("index/kept", Array("replaced".utf8), when: .unchanged(read)),
                ], durable: false)
            try backend.flush()
            #expect(results.map { $0 != nil } == [true, false, false, true])
            #expect(try backend.load("index/kept")?.bytes == Array("replaced".utf8))
            #expect(try backend.load("index/swapped") == nil)
        },
        StorageCheck(name: "a log keeps its records in order and trims only what was read") { (backend: any ObjectStore) throws in
            let log = backend.recordLog("index/log")
            for index in 0..<5 { _ = try log.append(Array("record \(index)".utf8), foldingBeside: "index/snapshot") }
            let read = try log.read()
            #expect(read.records.map { String(decoding: $0, as: UTF8.self) } == (0..<5).map { "record \($0)" })
            let before = try log.version()
            _ = try log.append(Array("record 5".utf8), foldingBeside: "index/snapshot")
            #expect(try log.version() != before, "an append changes the log's version")
            try log.trim(through: try #require(read.end))
            #expect(try log.read().records.map { String(decoding: $0, as: UTF8.self) } == ["record 5"])
            #expect(try backend.recordLog("index/none").read().records.isEmpty)
        },
        StorageCheck(name: "a log folds once it has grown") { (backend: any ObjectStore) throws in
            let log = backend.recordLog("index/log")
            var folding = false
            for index in 0..<2_000 where !folding {
                folding = try log.append(
                    Array(String(repeating: "r", count: 60).appending("\(index)").utf8), foldingBeside: "index/snapshot")
            }
            #expect(folding, "the owner is told to fold")
        },
        StorageCheck(name: "a move keeps the bytes under the new key") { (backend: any ObjectStore) throws in
            try backend.write("index/albums/x y+z.json", Array("album".utf8), when: .always)
            try backend.move("index/albums/x y+z.json", to: "quarantine/albums/x y+z-1.json")
            #expect(try backend.load("index/albums/x y+z.json") == nil)
            #expect(try backend.load("quarantine/albums/x y+z-1.json")?.bytes == Array("album".utf8))
            try backend.move("index/albums/gone.json", to: "quarantine/albums/gone.json")
        },
        StorageCheck(name: "keys with spaces, plus signs, percent signs and other scripts are kept as written") {
            (backend: any ObjectStore) throws in
            let keys = ["index/a b+c%20d.json", "index/東京 α.json", "index/semi;colon&amp=1"]
            for key in keys { #expect(try backend.write(ObjectKey(testPath: key), Array(key.utf8), when: .absent)) }
            for key in keys { #expect(try backend.load(ObjectKey(testPath: key))?.bytes == Array(key.utf8), "\(key)") }
            #expect(try Set(backend.listAll("index/").map(\.key.path)) == Set(keys))
        },
    ]

    /// Runs `body` on `count` threads at once (released together) and answers each one's result.
    static func race(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Bool) throws -> [Bool] {
        let results = Mutex<[Result<Bool, any Error>?]>(Array(repeating: nil, count: count))
        let start = Rendezvous(count: count)
        let finished = DispatchSemaphore(value: 0)
        for racer in 0..<count {
            Thread {
                start.arrive()
                let result = Result { try body(racer) }
                results.withLock { $0[racer] = result }
                finished.signal()
            }.start()
        }
        for _ in 0..<count { _ = finished.wait(timeout: .now() + 300) }
        return try results.withLock { $0 }.map { try #require($0).get() }
    }
}
