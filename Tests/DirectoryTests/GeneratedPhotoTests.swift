import Foundation
import GeotaggedPhotos
import Testing
import TestSupport
@testable import Directory

/// Photos written here in every supported container, with known positions in all four
/// quadrants, with and without altitude, in both byte orders: each reads back exactly.
@Suite struct GeneratedPhotoTests {
    let folder = TemporaryDirectory()

    static let places: [(name: String, latitude: Double, longitude: Double, altitude: Double?)] = [
        ("north-east", 35.6585805, 139.7454329, 333.0),
        ("south-east", -33.8567844, 151.2152967, nil),
        ("north-west", 40.6892494, -74.0445004, -12.5),
        ("south-west", -13.1631412, -72.5449629, 2430.0),
    ]

    @Test(arguments: GeotaggedPhoto.Format.allCases)
    func everyFormatReadsBackItsPositionDateAndSize(format: GeotaggedPhoto.Format) throws {
        for (index, place) in Self.places.enumerated() {
            for bigEndian in [false, true] {
                var photo = GeotaggedPhoto(
                    latitude: place.latitude, longitude: place.longitude, altitude: place.altitude,
                    takenAt: "2023:0\(index + 1):1\(index) 0\(index):30:15", width: 4032 - index, height: 3024 + index
                )
                photo.bigEndian = bigEndian
                photo.reversedGPSTags = index % 2 == 1
                let path = folder.child("\(place.name)-\(bigEndian).\(format.fileExtension)")
                try photo.write(format, to: path)
                let metadata = try PhotoFileReader.read(path: path).get()
                let point = try #require(metadata.location, "\(format) \(place.name) has no position")
                #expect(abs(point.latitude - place.latitude) < 1e-9, "\(format) \(place.name): \(point.latitude)")
                #expect(abs(point.longitude - place.longitude) < 1e-9, "\(format) \(place.name): \(point.longitude)")
                #expect(metadata.takenAt == ExifTags.parseDate(photo.takenAt ?? ""), "\(format) \(place.name)")
                #expect(metadata.takenAt != nil)
                #expect(
                    metadata.width == photo.width && metadata.height == photo.height,
                    "\(format): \(String(describing: metadata.width))×\(String(describing: metadata.height))")
            }
        }
    }

    @Test(arguments: GeotaggedPhoto.Format.allCases)
    func photosWithoutGPSHaveNoPosition(format: GeotaggedPhoto.Format) throws {
        let path = folder.child("plain.\(format.fileExtension)")
        try GeotaggedPhoto(takenAt: "2020:02:29 12:00:00").write(format, to: path)
        let metadata = try PhotoFileReader.read(path: path).get()
        #expect(metadata.location == nil)
        #expect(metadata.takenAt != nil)
    }

    @Test func heifItemWithoutTheExifPrefixReads() throws {
        var photo = GeotaggedPhoto(latitude: 48.8584, longitude: 2.2945)
        photo.heifExifPrefix = false
        let path = folder.child("bare.heic")
        try photo.write(.heif, to: path)
        #expect(try PhotoFileReader.read(path: path).get().location != nil)
    }

    /// Broken files are skipped with a reason, never a crash or a hang.
    @Test(arguments: GeotaggedPhoto.Format.allCases)
    func brokenFilesAreSkipped(format: GeotaggedPhoto.Format) throws {
        let photo = GeotaggedPhoto(latitude: 1.5, longitude: 2.5, takenAt: "2022:01:01 00:00:00")
        let whole = photo.bytes(format)
        // Cut inside the EXIF block (JPEG, PNG, WebP, TIFF) or inside the meta box / Exif item (HEIF).
        for cut in [0, 7, 40, whole.count / 2, whole.count - 30] {
            let path = folder.child("cut-\(cut).\(format.fileExtension)")
            FileManager.default.createFile(atPath: path, contents: Data(whole.prefix(cut)))
            switch PhotoFileReader.read(path: path) {
            case .success(let metadata):
                // A cut after the EXIF block leaves a readable file; its position must then be right.
                if let point = metadata.location { #expect(point.latitude == 1.5 && point.longitude == 2.5) }
            case .failure(let reason):
                #expect(reason != .unreadable, "\(format) cut at \(cut): \(reason)")
            }
        }
        let wrongExtension = folder.child("photo.\(format.fileExtension).txt")
        FileManager.default.createFile(atPath: wrongExtension, contents: Data(whole))
        #expect((try? PhotoFileReader.read(path: wrongExtension).get())?.location != nil, "the content decides, not the name")
    }

    @Test func loopingAndOutsideGPSOffsetsAndAnILOCOutsideTheFile() throws {
        for format in GeotaggedPhoto.Format.allCases {
            var looping = GeotaggedPhoto(latitude: 10, longitude: 20)
            looping.gpsPointerOverride = 8  // back at IFD0
            let loopPath = folder.child("loop.\(format.fileExtension)")
            try looping.write(format, to: loopPath)
            if case .success(let metadata) = PhotoFileReader.read(path: loopPath) { #expect(metadata.location == nil, "\(format)") }

            var outside = GeotaggedPhoto(latitude: 10, longitude: 20)
            outside.gpsPointerOverride = 1 << 30
            let outsidePath = folder.child("outside.\(format.fileExtension)")
            try outside.write(format, to: outsidePath)
            if case .success(let metadata) = PhotoFileReader.read(path: outsidePath) { #expect(metadata.location == nil, "\(format)") }
        }
        var heif = GeotaggedPhoto(latitude: 10, longitude: 20)
        heif.heifExifOffsetShift = 1 << 20
        let path = folder.child("iloc.heic")
        try heif.write(.heif, to: path)
        guard case .failure(.damaged(let why)) = PhotoFileReader.read(path: path) else {
            Issue.record("an iloc pointing outside the file must be reported damaged")
            return
        }
        #expect(why.contains("outside the file"), "\(why)")
    }

    @Test(arguments: GeotaggedPhoto.Format.allCases, [4, 13])
    func ifdPointersOfTypeLongOrIFDAreBothRead(format: GeotaggedPhoto.Format, pointerType: Int) throws {
        var photo = GeotaggedPhoto(latitude: -33.9628, longitude: 18.4098, takenAt: "2021:06:01 10:20:30")
        photo.pointerType = pointerType
        photo.bigEndian = pointerType == 13
        let path = folder.child("pointer-\(pointerType).\(format.fileExtension)")
        try photo.write(format, to: path)
        let metadata = try PhotoFileReader.read(path: path).get()
        let location = try #require(metadata.location, "\(format), pointer type \(pointerType)")
        #expect(
            abs(location.latitude + 33.9628) < 1e-6 && abs(location.longitude - 18.4098) < 1e-6,
            "\(format), pointer type \(pointerType): \(location)")
    }

    @Test func zeroLengthFileIsNotAnImage() throws {
        let path = try folder.write("empty.heic", "")
        #expect(PhotoFileReader.read(path: path) == .failure(.notAnImage))
    }
}
