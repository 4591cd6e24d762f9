import Foundation
import Testing
import TestSupport
@testable import TouristCore

/// `ImageDecoder` through the real libvips on the synthetic images of `Tests/ImageSamples`: sizes
/// as seen, formats, colours after decoding (orientation, CMYK, 16 bits, transparency, the first
/// frame), and what it refuses (damaged data, garbage, blocked formats, decompression bombs).
@Suite struct ImageDecoderTests {
    let decoder: ImageDecoder

    init() throws { decoder = try ImageDecoder() }

    static let red: [Int] = [200, 30, 30]
    static let blue: [Int] = [30, 30, 200]

    /// The colour of pixel (`x`, `y`) of `image` (its first three bands, or its grey value thrice).
    static func colour(of image: DecodedImage, x: Int, y: Int) throws -> [Int] {
        let (bands, bytes) = try image.pixels()
        let start = (y * image.width + x) * bands
        return bands >= 3 ? bytes[start..<start + 3].map(Int.init) : Array(repeating: Int(bytes[start]), count: 3)
    }

    /// Whether `colour` is within `tolerance` of `expected` in every band (JPEG and colour
    /// conversion move values a little).
    static func near(_ colour: [Int], _ expected: [Int], tolerance: Int = 12) -> Bool {
        zip(colour, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test(arguments: [
        ("upright.jpg", 64, 48, 1, "image/jpeg"), ("orientation-6.jpg", 48, 64, 6, "image/jpeg"),
        ("orientation-8.jpg", 48, 64, 8, "image/jpeg"), ("cmyk.jpg", 64, 48, 1, "image/jpeg"), ("rgb16.png", 64, 48, 1, "image/png"),
        ("alpha.png", 64, 48, 1, "image/png"), ("animated.webp", 32, 24, 1, "image/webp"), ("photo.heic", 64, 48, 1, "image/heic"),
        ("photo.tiff", 64, 48, 1, "image/tiff"), ("truncated.jpg", 256, 192, 1, "image/jpeg"),
    ])
    func headersGiveTheSizeAsSeenAndTheFormat(name: String, width: Int, height: Int, orientation: Int, mimeType: String) throws {
        let header = try decoder.header(ofFile: ImageSamples.path(name))
        #expect(header.width == width && header.height == height, "\(name): \(header)")
        #expect(header.orientation == orientation, "\(name)")
        #expect(header.mimeType == mimeType, "\(name)")
        let turned = (5...8).contains(orientation)
        #expect(header.storedWidth == (turned ? height : width) && header.storedHeight == (turned ? width : height), "\(name)")
    }

    @Test(arguments: ["upright.jpg", "photo.heic", "photo.tiff", "rgb16.png", "display-p3.jpg", "progressive.jpg", "interlaced.png"])
    func aDecodedImageIsRedOnTheLeftAndBlueOnTheRight(name: String) throws {
        let (header, image) = try decoder.decode(file: ImageSamples.path(name), fittingWithin: 1000)
        #expect(image.width == 64 && image.height == 48, "never enlarged")
        #expect(header.width == 64)
        #expect(try image.pixels().bands == 3, "\(name): 8-bit sRGB, three bands")
        let (left, right) = (try Self.colour(of: image, x: 4, y: 24), try Self.colour(of: image, x: 60, y: 24))
        #expect(Self.near(left, Self.red), "\(name): \(left)")
        #expect(Self.near(right, Self.blue), "\(name): \(right)")
    }

    @Test func orientationIsAppliedToThePixels() throws {
        let (_, six) = try decoder.decode(file: ImageSamples.path("orientation-6.jpg"), fittingWithin: 1000)
        #expect(six.width == 48 && six.height == 64)
        #expect(Self.near(try Self.colour(of: six, x: 24, y: 4), Self.red), "6 turns clockwise: the left half comes on top")
        #expect(Self.near(try Self.colour(of: six, x: 24, y: 60), Self.blue))
        let (_, eight) = try decoder.decode(file: ImageSamples.path("orientation-8.jpg"), fittingWithin: 1000)
        #expect(eight.width == 48 && eight.height == 64)
        #expect(Self.near(try Self.colour(of: eight, x: 24, y: 4), Self.blue), "8 turns anticlockwise: the right half comes on top")
        #expect(Self.near(try Self.colour(of: eight, x: 24, y: 60), Self.red))
    }

    @Test func cmykBecomesSRGB() throws {
        let (_, image) = try decoder.decode(file: ImageSamples.path("cmyk.jpg"), fittingWithin: 1000)
        let (bands, _) = try image.pixels()
        #expect(bands == 3)
        let cyan = try Self.colour(of: image, x: 4, y: 24)
        #expect(cyan[0] < 80 && cyan[1] > 120 && cyan[2] > 180, "cyan ink is cyan on screen: \(cyan)")
        let paper = try Self.colour(of: image, x: 60, y: 24)
        #expect(paper.allSatisfy { $0 > 220 }, "no ink is white: \(paper)")
    }

    @Test func theFirstFrameOfAnAnimation() throws {
        let (header, image) = try decoder.decode(file: ImageSamples.path("animated.webp"), fittingWithin: 1000)
        #expect(header.pages == 3)
        #expect(image.width == 32 && image.height == 24, "one frame, not the strip of three")
        #expect(Self.near(try Self.colour(of: image, x: 16, y: 12), Self.red, tolerance: 2))
    }

    @Test func transparencyIsFlattenedOntoWhiteWhenEncodedAsJPEGAndInGreySquares() throws {
        let (_, image) = try decoder.decode(file: ImageSamples.path("alpha.png"), fittingWithin: 1000)
        let folder = TemporaryDirectory()
        let path = try folder.write("flat.jpg", Data(try image.encoded(as: .jpeg, quality: 90)))
        let (header, flat) = try decoder.decode(file: path, fittingWithin: 1000)
        #expect(header.mimeType == "image/jpeg")
        #expect(try flat.pixels().bands == 3)
        let left = try Self.colour(of: flat, x: 4, y: 24)
        #expect(left.allSatisfy { $0 > 240 }, "the transparent half is white: \(left)")
        #expect(Self.near(try Self.colour(of: flat, x: 60, y: 24), Self.blue))

        let squares = try image.squares(side: 8, colourSide: 2)
        #expect(squares.grey.count == 64 && squares.colours.count == 12)
        #expect(squares.grey[8 * 4] > 240 && squares.grey[8 * 4 + 7] < 100, "white left, dark blue right: \(squares.grey)")
        #expect(squares.colours[0...2].allSatisfy { $0 > 240 }, "the transparent half is white: \(squares.colours)")
        #expect(Self.near(squares.colours[3...5].map(Int.init), Self.blue), "the right half is blue: \(squares.colours)")
    }

    @Test func fittedAndEncodedImages() throws {
        let (_, image) = try decoder.decode(file: ImageSamples.path("orientation-6.jpg"), fittingWithin: 32)
        #expect(image.width == 24 && image.height == 32, "fitted as seen")
        let smaller = try image.fitted(within: 16)
        #expect(smaller.width == 12 && smaller.height == 16)
        let same = try image.fitted(within: 500)
        #expect(same.width == 24 && same.height == 32, "never enlarged")

        let folder = TemporaryDirectory()
        for encoding in [DecodedImage.Encoding.jpeg, .webp] {
            let bytes = try smaller.encoded(as: encoding, quality: 80)
            let path = try folder.write("small.\(encoding.rawValue)", Data(bytes))
            let header = try decoder.header(ofFile: path)
            #expect(header.mimeType == encoding.mimeType)
            #expect(header.width == 12 && header.height == 16 && header.orientation == 1, "upright, metadata stripped")
        }
    }

    @Test func aTruncatedImageIsDamaged() throws {
        #expect(throws: ImageError.self) { try decoder.decode(file: ImageSamples.path("truncated.jpg"), fittingWithin: 64) }
        do {
            _ = try decoder.decode(file: ImageSamples.path("truncated.jpg"), fittingWithin: 64)
        } catch {
            guard case .damaged = error else { Issue.record("truncated.jpg: \(error), not .damaged"); return }
            #expect(error.isPhotoProblem && error.failureClass == .badData)
        }
    }

    /// libvips keeps one error buffer per process: photos failing at once on several threads each
    /// get their own reason, the one they get alone, never another photo's or none.
    @Test func photosFailingAtOnceEachGetTheirOwnReason() async throws {
        let names = ["truncated.jpg", "garbage.jpg", "blocked.gif", "bomb.png"]
        @Sendable func reason(_ name: String) -> String {
            do {
                _ = try decoder.decode(file: ImageSamples.path(name), fittingWithin: 64)
                return "decoded"
            } catch {
                return error.description
            }
        }
        let alone = Dictionary(uniqueKeysWithValues: names.map { ($0, reason($0)) })
        let together = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for round in 0..<48 {
                let name = names[round % names.count]
                group.addTask { try await Blocking.run { (name, reason(name)) } }
            }
            return try await group.reduce(into: [(String, String)]()) { $0.append($1) }
        }
        #expect(together.count == 48)
        for (name, said) in together { #expect(said == alone[name], "\(name): \(said), alone \(alone[name] ?? "")") }
    }

    /// Garbage, and formats whose loaders are blocked: GIF, BMP (only ImageMagick's loader reads
    /// it), PPM (libvips' own), SVG (librsvg). Their header is refused, so nothing is decoded.
    @Test(arguments: ["garbage.jpg", "blocked.gif", "blocked.bmp", "blocked.ppm", "blocked.svg"])
    func refusedFormatsAreNotDecodable(name: String) throws {
        for attempt in [
            { _ = try decoder.header(ofFile: ImageSamples.path(name)) },
            { _ = try decoder.decode(file: ImageSamples.path(name), fittingWithin: 64) },
        ] {
            do {
                try attempt()
                Issue.record("\(name) was read")
            } catch let error as ImageError {
                guard case .notDecodable = error else { Issue.record("\(name): \(error), not .notDecodable"); continue }
                #expect(error.isPhotoProblem)
                #expect(error.description.contains("JPEG, PNG, WebP, TIFF or HEIF"), "\(error)")
            }
        }
    }

    @Test func aMissingFileIsNotDecodable() {
        #expect(throws: ImageError.self) { try decoder.header(ofFile: ImageSamples.path("no-such-file.jpg")) }
    }

    /// A few KB declaring 400 million (PNG) or 4.2 billion (JPEG) pixels: refused from the header,
    /// before libvips allocates anything for the pixels (its high-water mark stays where a few
    /// small test images leave it, far below the gigabytes decoding would take).
    @Test(arguments: [("bomb.png", 20_000, 20_000), ("bomb.jpg", 65_000, 65_000)])
    func decompressionBombsAreTooLargeBeforeDecoding(name: String, width: Int, height: Int) throws {
        #expect(try FileManager.default.attributesOfItem(atPath: ImageSamples.path(name))[.size] as? Int ?? 0 < 8192)
        do {
            _ = try decoder.decode(file: ImageSamples.path(name), fittingWithin: 480)
            Issue.record("\(name) was decoded")
        } catch {
            #expect(error == .tooLarge(width: width, height: height, limit: ImageLimits()))
            #expect(error.isPhotoProblem && error.failureClass == .badData)
            #expect(error.description.contains("\(width)×\(height) pixels"), "\(error)")
        }
        #expect(ImageDecoder.memoryHighWater < 64 << 20, "libvips held \(ImageDecoder.memoryHighWater) bytes at most")
    }

    @Test func limitsAreCheckedOnTheImageAsStoredAndReportedAsSeen() throws {
        let strict = try ImageDecoder(limits: ImageLimits(maxPixels: 64 * 48 - 1, maxSide: 1000))
        #expect(throws: ImageError.tooLarge(width: 48, height: 64, limit: strict.limits)) {
            try strict.decode(file: ImageSamples.path("orientation-6.jpg"), fittingWithin: 32)
        }
        let narrow = try ImageDecoder(limits: ImageLimits(maxPixels: 1_000_000, maxSide: 63))
        #expect(throws: ImageError.tooLarge(width: 64, height: 48, limit: narrow.limits)) {
            try narrow.decode(file: ImageSamples.path("upright.jpg"), fittingWithin: 32)
        }
        let exact = try ImageDecoder(limits: ImageLimits(maxPixels: 64 * 48, maxSide: 64))
        #expect(
            try exact.decode(file: ImageSamples.path("upright.jpg"), fittingWithin: 32).image.width == 32,
            "the limits themselves are allowed")
    }

    @Test(arguments: [
        ("upright.jpg", false), ("progressive.jpg", true), ("interlaced.png", true), ("photo.heic", true), ("rgb16.png", false),
        ("animated.webp", false), ("photo.tiff", false),
    ])
    func imagesDecodedWholeAreHeldToTheirOwnLimit(name: String, whole: Bool) throws {
        let header = try decoder.header(ofFile: ImageSamples.path(name))
        #expect(header.decodedWhole == whole, "\(name)")
        let strict = try ImageDecoder(limits: ImageLimits(maxPixelsDecodedWhole: 64 * 48 - 1))
        if whole {
            do {
                _ = try strict.decode(file: ImageSamples.path(name), fittingWithin: 32)
                Issue.record("\(name) was decoded")
            } catch {
                #expect(error == .tooLarge(width: header.width, height: header.height, limit: strict.limits))
                #expect(error.description.contains("must be decoded whole"), "\(error)")
            }
        } else {
            #expect(try strict.decode(file: ImageSamples.path(name), fittingWithin: 32).image.width == 32)
        }
    }

    @Test func limitsRefuseEmptyNegativeAndOverflowingSizes() {
        let limits = ImageLimits()
        #expect(limits.allow(width: 60_000, height: 3_500))
        #expect(!limits.allow(width: 60_001, height: 1))
        #expect(!limits.allow(width: 15_000, height: 15_000), "225 megapixels")
        #expect(!limits.allow(width: 0, height: 100) && !limits.allow(width: 100, height: -1))
        let unbounded = ImageLimits(maxPixels: .max, maxSide: .max)
        #expect(!unbounded.allow(width: .max, height: 3), "an overflowing product is not allowed")
    }
}
