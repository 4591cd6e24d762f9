// tourist-bench: the Swift half of the benchmarks in Benchmarks/run.sh.
//
//   tourist-bench ingest STORE FILE…      stream files into the store (hashing while writing), 4 at a time
//   tourist-bench seed STORE PINS JPEG…   write a store of PINS pins with 21 stored photos each
//   tourist-bench seed-unique STORE PINS BYTES   the same with 21 Flickr photos of BYTES bytes of their own per pin
//   tourist-bench load STORE [ROUNDS]     time reading the pin list in-process (no start-up cost)
//   tourist-bench decode-album STORE PIN ROUNDS   time reading one album: tourist's reader against JSONDecoder
//   tourist-bench serve-flickr DIR PHOTOS BYTES DELAY_MS   a fake Flickr on loopback (see ServeFlickr.swift)
//   tourist-bench write-photos DIR COUNT  write COUNT geotagged photos in all five containers (see WritePhotos.swift)
//   tourist-bench serve-commons DIR FILES DELAY_MS [SPACING_M [MAXLAG_EVERY RETRY_AFTER]]  a fake Wikimedia Commons on loopback (see ServeCommons.swift)
//   tourist-bench serve-plugin FIXTURE_DIR         a minimal provider plugin serving a fixture set (see PluginBench.swift)
//   tourist-bench plugin-overhead FIXTURE_DIR ROUNDS   time searches in process and through serve-plugin
//   tourist-bench add-pins STORE COUNT    add COUNT pins spread over the world through TouristCore (see PageTimings.swift)
//   tourist-bench page-timings --base URL --pin ID [--runs N] [--photos N] [--pages album,map] [--cache warm|cold] [--json FILE]   time the album and map pages in headless chromium
//   tourist-bench thumbnails OUT SIDE FILE…   tourist's thumbnail path over the files, as vipsthumbnail does (see Thumbnails.swift)
//   tourist-bench lookalikes DIR          precision and recall of the perceptual hash on GROUP~VARIANT images (see LookalikesBench.swift)
//   tourist-bench gazetteer ROUNDS        time the gazetteer's cold load, a lookup by name and nearest(to:) (see GazetteerBench.swift)
//   tourist-bench route-file FILE TOLERANCE_KM   time reading a route file and simplifying it (see RouteFileBench.swift)
//
// `seed` writes the store's documented on-disk format directly (VERSION, index/pins.json,
// index/albums, index/names, index/refs, blobs) with TouristCore's own types, so a 10,000-pin store
// takes seconds instead of the hours 210,000 separate fsync'd fetches would; `tourist store verify`
// checks the result in run.sh.
import Crypto
import Foundation
import TouristCore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("tourist-bench: \(message)\n".utf8))
    exit(64)
}

func hex(_ digest: some Sequence<UInt8>) -> String { digest.map { String(format: "%02x", $0) }.joined() }

/// Streams every file into the store, at most `width` at a time.
func ingest(store path: String, files: [String], width: Int = 4) async throws {
    let store = try Store(path: path)
    try await withThrowingTaskGroup(of: Void.self) { group in
        var queue = files.makeIterator()
        func next() {
            guard let file = queue.next() else { return }
            group.addTask {
                let writer = try store.blobs.makeWriter(maxBytes: 1 << 30)
                try FileStreaming.copy(path: file, into: writer)
                _ = try store.blobs.commit(writer)
            }
        }
        for _ in 0..<width { next() }
        while try await group.next() != nil { next() }
    }
}

/// Writes a store with `count` pins of 21 stored photos each: the same 21 JPEGs in every album, or,
/// with `uniqueBytes`, 21 photos of that many bytes of their own per pin (JPEG-headed noise), so the
/// store holds `count` × 21 blobs.
func seed(store path: String, count: Int, jpegs: [String], uniqueBytes: Int? = nil) throws {
    guard uniqueBytes != nil || jpegs.count >= 21 else { fail("seed needs 21 JPEG files, got \(jpegs.count)") }
    let fileManager = FileManager.default
    for folder in ["blobs/sha256", "index/albums", "index/names", "index/refs", "tmp"] {
        try fileManager.createDirectory(atPath: "\(path)/\(folder)", withIntermediateDirectories: true)
    }
    try "\(Store.formatVersion)\n".write(toFile: path + "/VERSION", atomically: true, encoding: .utf8)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    /// Stores `data` as a blob and returns album photo `index` using it: a photo of the demo set
    /// read from `source`, or (`flickrID`) one described as the Flickr provider describes its photos.
    func photo(_ index: Int, _ data: Data, source: String, flickrID: Int? = nil) throws -> AlbumPhoto {
        let sha256 = hex(SHA256.hash(data: data))
        let blob = "\(path)/blobs/sha256/\(sha256.prefix(2))/\(sha256)"
        try fileManager.createDirectory(atPath: (blob as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if !fileManager.fileExists(atPath: blob) { try data.write(to: URL(fileURLWithPath: blob)) }
        let location = try GeoPoint(latitude: 48.8584 + Double(index) * 0.001, longitude: 2.2945)
        var candidate = PhotoCandidate(
            key: PhotoKey(provider: "demo", id: "bench-\(index)"), title: "Bench photo \(index)", owner: "Bench", license: "CC0 1.0",
            takenAt: Date(timeIntervalSince1970: 1_600_000_000), location: location, sources: [.small240: .file(source)]
        )
        if let flickrID {
            let url = { (suffix: String) in
                PhotoSource.url(URL(string: "https://live.staticflickr.com/65535/\(flickrID)_5f3a9c2e1b_\(suffix).jpg")!)
            }
            candidate = PhotoCandidate(
                key: PhotoKey(provider: "flickr", id: String(flickrID)), title: "Tour Eiffel at dusk \(index)", owner: "Some Photographer",
                license: "CC BY 2.0", licenseID: "4", takenAt: Date(timeIntervalSince1970: 1_600_000_000), location: location,
                sources: [.small240: url("m"), .medium640: url("z"), .large1024: url("b")],
                pageURL: URL(string: "https://www.flickr.com/photos/12345678@N00/\(flickrID)"),
                licenseURL: URL(string: "https://creativecommons.org/licenses/by/2.0/")
            )
        }
        var photo = AlbumPhoto(candidate: candidate, size: .small240)
        photo.state = .stored
        photo.sha256 = sha256
        photo.bytes = data.count
        photo.mimeType = "image/jpeg"
        photo.sourceURL = candidate.sources[.small240]?.location
        return photo
    }
    let shared =
        try uniqueBytes == nil
        ? jpegs.prefix(21).enumerated().map { index, file in
            try photo(index, try Data(contentsOf: URL(fileURLWithPath: file)), source: file)
        } : []
    var pins: [Pin] = []
    var references: [String: [String]] = [:]
    for number in 0..<count {
        let id = String(format: "%08x", number)
        let name = "Bench pin \(number)"
        var pin = Pin(
            id: id, name: name, location: try GeoPoint(latitude: Double(number % 180) - 89.5, longitude: Double(number % 360) - 179.5),
            radiusKm: 5, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(number))
        )
        let photos =
            try uniqueBytes.map { bytes in
                try (0..<21).map { index in
                    let photoNumber = number * 21 + index
                    return try photo(
                        index, noise(seed: UInt64(photoNumber), count: bytes), source: "", flickrID: 53_000_000_000 + photoNumber)
                }
            } ?? shared
        pin.state = .ready
        pin.photos = photos.count
        var album = Album(pin: pin, target: 21)
        album.photos = photos
        album.shown = Set(photos.map(\.key))
        try encoder.encode(album).write(to: URL(fileURLWithPath: "\(path)/index/albums/\(id).json"))
        let nameEntry = try JSONSerialization.data(withJSONObject: ["id": id, "name": name], options: [.sortedKeys])
        try nameEntry.write(to: URL(fileURLWithPath: "\(path)/index/names/\(hex(SHA256.hash(data: Data(name.utf8))))"))
        for photo in photos { references[photo.sha256!, default: []].append("\(id) \(photo.key)") }
        pins.append(pin)
    }
    for (sha256, users) in references {
        let folder = "\(path)/index/refs/\(sha256.prefix(2))"
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try (users.joined(separator: "\n") + "\n").write(toFile: "\(folder)/\(sha256)", atomically: true, encoding: .utf8)
    }
    try Data(PinRecordCodec.snapshot(pins)).write(to: URL(fileURLWithPath: path + "/index/pins.json"))
    sync()
}

/// `count` bytes that start like a JPEG, then deterministic noise from `seed` (splitmix64).
func noise(seed: UInt64, count: Int) -> Data {
    var state = seed &* 0x9E3779B97F4A7C15 &+ 1
    var bytes = [UInt8](repeating: 0, count: max(count, 4))
    bytes.withUnsafeMutableBytes { buffer in
        var offset = 0
        while offset + 8 <= buffer.count {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            buffer.storeBytes(of: z ^ (z >> 31), toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
    }
    bytes.replaceSubrange(0..<4, with: [0xFF, 0xD8, 0xFF, 0xE0])
    return Data(bytes)
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "ingest":
    guard arguments.count >= 3 else { fail("usage: tourist-bench ingest STORE FILE…") }
    let width = ProcessInfo.processInfo.environment["TOURIST_BENCH_WIDTH"].flatMap(Int.init) ?? 4
    try await ingest(store: arguments[arguments.startIndex + 1], files: Array(arguments.dropFirst(2)), width: width)
case "seed":
    guard arguments.count >= 4, let count = Int(arguments[arguments.startIndex + 2]) else {
        fail("usage: tourist-bench seed STORE PINS JPEG…")
    }
    try seed(store: arguments[arguments.startIndex + 1], count: count, jpegs: Array(arguments.dropFirst(3)))
case "seed-unique":
    guard arguments.count == 4, let count = Int(arguments[arguments.startIndex + 2]), let bytes = Int(arguments[arguments.startIndex + 3])
    else {
        fail("usage: tourist-bench seed-unique STORE PINS BYTES")
    }
    try seed(store: arguments[arguments.startIndex + 1], count: count, jpegs: [], uniqueBytes: bytes)
case "load":
    guard arguments.count >= 2 else { fail("usage: tourist-bench load STORE [ROUNDS]") }
    let store = try Store(path: arguments[arguments.startIndex + 1])
    let rounds = arguments.count > 2 ? Int(arguments[arguments.startIndex + 2]) ?? 20 : 20
    let clock = ContinuousClock()
    var best = Duration.seconds(1000)
    var count = 0
    for _ in 0..<rounds {
        let elapsed = try clock.measure { count = try store.pins().count }
        best = min(best, elapsed)
    }
    print("\(count) pins loaded in \(best) (best of \(rounds))")
case "decode-album":
    let values = Array(arguments.dropFirst())
    guard values.count == 3, let rounds = Int(values[2]) else { fail("usage: tourist-bench decode-album STORE PIN ROUNDS") }
    let store = try Store(path: values[0])
    let file = URL(fileURLWithPath: "\(values[0])/index/albums/\(values[1]).json")
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    guard try store.album(values[1]) == decoder.decode(Album.self, from: Data(contentsOf: file)) else {
        fail("the two readers disagree on \(file.path)")
    }
    /// The median time of `rounds` runs of `body`, in microseconds.
    func median(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let times = try (0..<rounds).map { _ in try clock.measure(body) }.sorted()
        let middle = times[times.count / 2].components
        return Double(middle.seconds) * 1e6 + Double(middle.attoseconds) / 1e12
    }
    let reader = try median { _ = try store.album(values[1]) }
    let codable = try median { _ = try decoder.decode(Album.self, from: Data(contentsOf: file)) }
    print(
        String(
            format: "album of %d bytes, read and decoded (median of %d): tourist %.1f us, JSONDecoder %.1f us (%.1fx)",
            (try? Data(contentsOf: file).count) ?? 0, rounds, reader, codable, codable / reader))
case "serve-flickr":
    let values = Array(arguments.dropFirst())
    guard values.count == 4, let photos = Int(values[1]), let bytes = Int(values[2]), let delay = Int(values[3]) else {
        fail("usage: tourist-bench serve-flickr DIR PHOTOS BYTES DELAY_MS")
    }
    try serveFlickr(directory: values[0], photos: photos, bytes: bytes, delayMs: delay)
case "serve-commons":
    let values = Array(arguments.dropFirst())
    let usage = "usage: tourist-bench serve-commons DIR FILES DELAY_MS [SPACING_M [MAXLAG_EVERY RETRY_AFTER]]"
    guard [3, 4, 6].contains(values.count), let files = Int(values[1]), let delay = Int(values[2]) else { fail(usage) }
    let spacing = values.count > 3 ? Double(values[3]) : 10
    let lag = values.count > 5 ? Int(values[4]).flatMap { every in Int(values[5]).map { (every: every, retryAfter: $0) } } : nil
    guard let spacing, values.count < 6 || lag != nil else { fail(usage) }
    try serveCommons(directory: values[0], files: files, delayMs: delay, spacingMetres: spacing, steadyMaxlag: lag)
case "write-photos":
    guard arguments.count == 3, let count = Int(arguments[arguments.startIndex + 2]) else {
        fail("usage: tourist-bench write-photos DIR COUNT")
    }
    try writePhotos(folder: arguments[arguments.startIndex + 1], count: count)
case "serve-plugin":
    guard arguments.count == 2 else { fail("usage: tourist-bench serve-plugin FIXTURE_DIR") }
    try await servePlugin(fixture: arguments[arguments.startIndex + 1])
case "plugin-overhead":
    guard arguments.count == 3, let rounds = Int(arguments[arguments.startIndex + 2]) else {
        fail("usage: tourist-bench plugin-overhead FIXTURE_DIR ROUNDS")
    }
    try await pluginOverhead(fixture: arguments[arguments.startIndex + 1], rounds: rounds)
case "add-pins":
    guard arguments.count == 3, let count = Int(arguments[arguments.startIndex + 2]) else {
        fail("usage: tourist-bench add-pins STORE COUNT")
    }
    try addPins(store: arguments[arguments.startIndex + 1], count: count)
case "gazetteer":
    guard arguments.count == 2, let rounds = Int(arguments[arguments.startIndex + 1]), rounds > 0 else {
        fail("usage: tourist-bench gazetteer ROUNDS")
    }
    try gazetteerTimings(rounds: rounds)
case "route-file":
    guard arguments.count == 3, let tolerance = Double(arguments[arguments.startIndex + 2]) else {
        fail("usage: tourist-bench route-file FILE TOLERANCE_KM")
    }
    try routeFileTimings(file: arguments[arguments.startIndex + 1], toleranceKm: tolerance)
case "route-search":
    try await routeSearchBench()
case "thumbnails":
    guard arguments.count >= 4, let side = Int(arguments[arguments.startIndex + 2]), side > 0 else {
        fail("usage: tourist-bench thumbnails OUT SIDE FILE…")
    }
    try thumbnails(into: arguments[arguments.startIndex + 1], side: side, files: Array(arguments.dropFirst(3)))
case "lookalikes":
    guard arguments.count == 2 else { fail("usage: tourist-bench lookalikes DIR") }
    try lookalikes(folder: arguments[arguments.startIndex + 1])
case "page-timings":
    do {
        try pageTimings(arguments: Array(arguments.dropFirst()))
    } catch {
        fail("page-timings: \(error)")
    }
default:
    fail(
        "usage: tourist-bench ingest STORE FILE… | seed STORE PINS JPEG… | seed-unique STORE PINS BYTES | load STORE [ROUNDS] | decode-album STORE PIN ROUNDS | serve-flickr DIR PHOTOS BYTES DELAY_MS | serve-commons DIR FILES DELAY_MS [SPACING_M [MAXLAG_EVERY RETRY_AFTER]] | write-photos DIR COUNT | serve-plugin FIXTURE_DIR | plugin-overhead FIXTURE_DIR ROUNDS | add-pins STORE COUNT | page-timings --base URL --pin ID [--runs N] [--photos N] [--pages album,map] [--cache warm|cold] [--json FILE] | gazetteer ROUNDS | thumbnails OUT SIDE FILE… | lookalikes DIR"
    )
}
