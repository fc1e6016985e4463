// swift-tools-version:6.1
// libFuzzer targets for Footfall's parsers: one executable per fuzzer, each running libFuzzer's
// driver on a fuzz target function. A package of its own so that the main package's `swift build` and
// `swift test` never see the fuzzer flags. Build and run them with tools/fuzz/ (build.sh,
// run.sh, ci.sh); see docs/reliability.md, "Fuzzing".
import PackageDescription

let package = Package(
    name: "FootfallFuzz",
    dependencies: [
        .package(name: "Footfall", path: ".."),
        // Only for NIOEmbedded's EmbeddedChannel in fuzz-line-frame; the main package already depends on it.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Declares libFuzzer's driver; FuzzSupport runs it and checks the targets' invariants.
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        // The check the recording targets share (Footfall's own traces also against strtod).
        .target(name: "RecordingFuzzing", dependencies: ["FuzzSupport", .product(name: "FootfallTraces", package: "Footfall")]),
        // Recordings of every format and compression, through the one interface.
        .executableTarget(name: "fuzz-recording", dependencies: ["FuzzSupport", "RecordingFuzzing"]),
        // One reader each, with the whole minute: delimited text, CWA, GT3X, GENEActiv.
        .executableTarget(name: "fuzz-delimited", dependencies: ["FuzzSupport", "RecordingFuzzing"]),
        .executableTarget(name: "fuzz-cwa", dependencies: ["FuzzSupport", "RecordingFuzzing"]),
        .executableTarget(name: "fuzz-gt3x", dependencies: ["FuzzSupport", "RecordingFuzzing"]),
        .executableTarget(name: "fuzz-geneactiv", dependencies: ["FuzzSupport", "RecordingFuzzing"]),
        // The trace sidecar (JSON).
        .executableTarget(name: "fuzz-sidecar", dependencies: ["FuzzSupport", .product(name: "FootfallTraces", package: "Footfall")]),
        // The daemon's YAML configuration.
        .executableTarget(name: "fuzz-config", dependencies: ["FuzzSupport", .product(name: "FootfallService", package: "Footfall")]),
        // The socket's request lines.
        .executableTarget(name: "fuzz-request", dependencies: ["FuzzSupport", .product(name: "FootfallProtocol", package: "Footfall")]),
        // The socket's line framing, through an EmbeddedChannel.
        .executableTarget(
            name: "fuzz-line-frame",
            dependencies: [
                "FuzzSupport",
                .product(name: "FootfallProtocol", package: "Footfall"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
    ]
)
