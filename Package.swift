// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tourist",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tourist", targets: ["tourist"]),
        .library(name: "TouristCore", targets: ["TouristCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // tourist serve. Without its swift-configuration support (a trait), which tourist does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    ],
    targets: [
        .target(name: "CShims"),
        // Every file tourist reads at run time, built into the binary (Sources/CEmbedded/make-embedded.py).
        .target(name: "CEmbedded", exclude: ["make-embedded.py"]),
        // The commit `make` builds from, for `tourist --version` (Sources/CBuildInfo/CBuildInfo.c).
        .target(name: "CBuildInfo"),
        // Headers only: libcurl itself is loaded at run time by CurlShim (see Sources/CCurl/CCurl.h).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CurlShim", dependencies: ["CCurl"]),
        // libvips for TouristCore/Images, loaded at run time like libcurl (Sources/VipsShim/include/VipsShim.h).
        .target(name: "VipsShim"),
        .systemLibrary(name: "CExif", providers: [.apt(["libexif-dev"])]),
        .target(
            name: "TouristCore",
            dependencies: [
                "CShims",
                "CCurl",
                "CurlShim",
                "VipsShim",
                "CEmbedded",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The gazetteer (Gazetteer/Gazetteer.swift), built by GazetteerTools/make-gazetteer.sh
            // and embedded in the binary by CEmbedded.
            exclude: ["GazetteerTools", "Resources"]
        ),
        .target(
            name: "Fixture",
            dependencies: ["TouristCore"],
            path: "Providers/Fixture",
            // The demo set, embedded in the binary by CEmbedded.
            exclude: ["generate-demo-set.py", "DemoSet"]
        ),
        .target(
            name: "Flickr",
            dependencies: ["TouristCore"],
            path: "Providers/Flickr"
        ),
        .target(
            name: "Commons",
            dependencies: ["TouristCore", .product(name: "Crypto", package: "swift-crypto")],
            path: "Providers/Commons"
        ),
        .target(
            name: "Directory",
            dependencies: ["TouristCore", "CExif"],
            path: "Providers/Directory"
        ),
        .target(
            name: "Exec",
            dependencies: ["TouristCore", "CShims", .product(name: "Crypto", package: "swift-crypto")],
            path: "Providers/Exec"
        ),
        // The one list of built-in provider types (Sources/BuiltInProviders/BuiltInProviders.swift).
        .target(name: "BuiltInProviders", dependencies: ["TouristCore", "Flickr", "Commons", "Fixture", "Directory", "Exec"]),
        .target(
            name: "TouristServer",
            dependencies: [
                "TouristCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The pages, embedded in the binary by CEmbedded.
            exclude: ["WebTools", "Web"]
        ),
        // Every parser of outside input as a fuzzing door (Fuzz/Doors), and libFuzzer's entry point
        // into them (Fuzz/Entry): built and run by Fuzz/run.sh.
        .target(
            name: "FuzzDoors",
            dependencies: [
                "TouristCore", "BuiltInProviders", "Directory", "Exec", "Flickr", "Commons", "TouristServer",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Fuzz/Doors"
        ),
        .target(name: "TouristFuzz", dependencies: ["FuzzDoors"], path: "Fuzz/Entry"),
        .executableTarget(
            name: "tourist",
            dependencies: [
                "TouristCore",
                "BuiltInProviders",
                "CBuildInfo",
                "Fixture",
                "Exec",
                "TouristServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "tourist-bench",
            dependencies: [
                "TouristCore", "Fixture", "Exec", "Flickr", "Commons", "FlickrStub", "CommonsStub", "GeotaggedPhotos", "BrowserSupport",
                "TestSupport", .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/Sources/tourist-bench"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["SyntheticImages", .product(name: "Logging", package: "swift-log")],
            path: "Tests/TestSupport"
        ),
        .target(name: "SyntheticImages", path: "Tests/SyntheticImages"),
        .target(
            name: "GeotaggedPhotos",
            dependencies: ["SyntheticImages"],
            path: "Tests/GeotaggedPhotos"
        ),
        .target(
            name: "LoopbackHTTP",
            path: "Tests/LoopbackHTTP"
        ),
        .target(
            name: "CommonsStub",
            dependencies: ["LoopbackHTTP", "SyntheticImages", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/CommonsStub"
        ),
        .target(
            name: "FlickrStub",
            dependencies: ["LoopbackHTTP", "SyntheticImages"],
            path: "Tests/FlickrStub"
        ),
        .target(
            name: "NominatimStub",
            dependencies: ["LoopbackHTTP"],
            path: "Tests/NominatimStub"
        ),
        .target(
            name: "ProviderExpectations",
            dependencies: ["TouristCore"],
            path: "Tests/ProviderExpectations"
        ),
        .target(name: "BrowserSupport", dependencies: ["TestSupport"], path: "Tests/BrowserSupport"),
        .testTarget(
            name: "TouristCoreTests",
            dependencies: [
                "TouristCore", "Fixture", "Flickr", "Directory", "TestSupport", "CShims", "LoopbackHTTP", "NominatimStub",
                "ProviderExpectations", "SyntheticImages",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "FixtureTests",
            dependencies: ["Fixture", "TouristCore", "ProviderExpectations", "TestSupport"]
        ),
        .testTarget(name: "LoopbackHTTPTests", dependencies: ["LoopbackHTTP", "FlickrStub", "TestSupport"]),
        .testTarget(
            name: "FlickrTests",
            dependencies: ["Flickr", "TouristCore", "ProviderExpectations", "TestSupport", "FlickrStub", "LoopbackHTTP"]
        ),
        .testTarget(
            name: "CommonsTests",
            dependencies: [
                "Commons", "TouristCore", "ProviderExpectations", "TestSupport", "CommonsStub", "LoopbackHTTP",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "DirectoryTests",
            dependencies: ["Directory", "TouristCore", "TestSupport", "GeotaggedPhotos", "ProviderExpectations"],
            exclude: ["FuzzRegressions"]
        ),
        // Each door's seeds and kept crashes (Fuzz/Seeds, Fuzz/Regressions) through its checks.
        .testTarget(name: "FuzzDoorTests", dependencies: ["FuzzDoors"]),
        .testTarget(
            name: "ExecTests", dependencies: ["Exec", "TouristCore", "TestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "TouristCore", "TestSupport", "CShims", "FlickrStub", "CommonsStub", "NominatimStub", "LoopbackHTTP", "GeotaggedPhotos",
                "BrowserSupport", "SyntheticImages",
            ],
            exclude: ["Plugins"]
        ),
        .testTarget(name: "BrowserSupportTests", dependencies: ["BrowserSupport", "LoopbackHTTP", "TestSupport"]),
        // tourist serve's routes in process, through Hummingbird's own testing library.
        .testTarget(
            name: "ServerRouteTests",
            dependencies: [
                "TouristServer", "TouristCore", "Fixture", "Commons", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
