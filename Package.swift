// swift-tools-version: 6.0
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
    ],
    targets: [
        .target(name: "CShims"),
        .target(
            name: "TouristCore",
            dependencies: [
                "CShims",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "Fixture",
            dependencies: ["TouristCore"],
            path: "Providers/Fixture",
            exclude: ["generate-demo-set.py"],
            resources: [.copy("DemoSet")]
        ),
        .executableTarget(
            name: "tourist",
            dependencies: [
                "TouristCore",
                "Fixture",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "tourist-bench",
            dependencies: ["TouristCore", .product(name: "Crypto", package: "swift-crypto")],
            path: "Benchmarks/Sources/tourist-bench"
        ),
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .target(
            name: "ProviderConformance",
            dependencies: ["TouristCore"],
            path: "Tests/ProviderConformance"
        ),
        .testTarget(
            name: "TouristCoreTests",
            dependencies: ["TouristCore", "Fixture", "TestSupport", "CShims"]
        ),
        .testTarget(
            name: "FixtureTests",
            dependencies: ["Fixture", "TouristCore", "ProviderConformance", "TestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TouristCore", "TestSupport", "CShims"]
        ),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
