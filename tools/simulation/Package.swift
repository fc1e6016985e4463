// swift-tools-version:6.1
// Simulated motion for development, in no product: wrist gestures from a forearm's physics and
// the daily-living set spliced from recorded walks (FootfallSimulation), and footfall-devsets,
// which writes them (tools/make-dev-sets, tools/generate-sample-traces). Fixtures for tests and
// smoke sets, never evidence. A package of its own, as Fuzz/ is, so that the main package's
// `swift build` and `swift test` never compile it; it depends on that package by path.
//
//   swift build --package-path tools/simulation --product footfall-devsets
//   swift test --package-path tools/simulation
import PackageDescription

let package = Package(
    name: "FootfallSimulation",
    dependencies: [
        .package(name: "Footfall", path: "../.."),
        // footfall-devsets' command line, as footfall's.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "FootfallSimulation",
            dependencies: [
                .product(name: "FootfallAnalysis", package: "Footfall"),
                .product(name: "FootfallDetection", package: "Footfall"),
                .product(name: "FootfallRandom", package: "Footfall"),
                .product(name: "FootfallText", package: "Footfall"),
                .product(name: "FootfallTraces", package: "Footfall"),
            ]
        ),
        // Writes the development sets and single gesture traces.
        .executableTarget(
            name: "footfall-devsets",
            dependencies: [
                "FootfallSimulation",
                .product(name: "FootfallAnalysis", package: "Footfall"),
                .product(name: "FootfallText", package: "Footfall"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The simulators are deterministic and physical, the detector counts no simulated hand, the
        // daily-living set carries its truth; footfall-devsets run as a process (it depends on the
        // executable so it is built first) writes the committed gesture traces byte for byte.
        .testTarget(
            name: "FootfallSimulationTests",
            dependencies: [
                "FootfallSimulation", "footfall-devsets",
                .product(name: "FootfallDetection", package: "Footfall"),
                .product(name: "FootfallTraces", package: "Footfall"),
                .product(name: "FootfallTestSupport", package: "Footfall"),
            ]
        ),
    ]
)
