// swift-tools-version:6.1
// Footfall: a pedometer engine for Linux.
//
// Dependencies point one way: sensor input -> detection -> goal tracking -> store -> service -> clients.
// FootfallDetection is pure Swift with no imports so it runs the same on a board, in a test and in a benchmark.
import PackageDescription

let package = Package(
    name: "Footfall",
    products: [
        .executable(name: "footfall", targets: ["footfall"]),
        .executable(name: "footfalld", targets: ["footfalld"]),
        .library(name: "FootfallDetection", targets: ["FootfallDetection"]),
        // For the fuzzers in Fuzz/ and the simulations in tools/simulation, packages of their own
        // that depend on this one by path.
        .library(name: "FootfallTraces", targets: ["FootfallTraces"]),
        .library(name: "FootfallProtocol", targets: ["FootfallProtocol"]),
        .library(name: "FootfallService", targets: ["FootfallService"]),
        .library(name: "FootfallAnalysis", targets: ["FootfallAnalysis"]),
        .library(name: "FootfallRandom", targets: ["FootfallRandom"]),
        .library(name: "FootfallText", targets: ["FootfallText"]),
        // tools/simulation's tests run footfall-devsets and check its help as this package's
        // tests do footfall's (as NIO ships NIOTestUtils).
        .library(name: "FootfallTestSupport", targets: ["FootfallTestSupport"]),
    ],
    dependencies: [
        // Command-line parsing, help, completions and man pages for both executables.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Typed file descriptors and errno for the device adapters and the daemon's wakeups (no
        // hand-written errno tables).
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // Structured logging; only the executables choose where logs go.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The Unix-socket server and client: event loops, framing, backpressure.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Start-up and graceful shutdown ordering of the daemon's services, signals.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Reading CSV written by people and spreadsheets (quotes, line breaks in quotes, a
        // byte-order mark, CRLF) one row at a time: a cohort's manifest and plan.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        // The step-detection core: resampling, filtering, peak detection, walking gate. No I/O, no Foundation.
        .target(name: "FootfallDetection"),
        // The words the layers share, with no dependencies: which kind of driver a sensor comes
        // through (`SensorBackend`), the civil calendar's day arithmetic, a duration in whole
        // milliseconds, the release.
        .target(name: "FootfallVocabulary"),
        // Reading and writing recorded traces (CSV + JSON sidecar).
        .target(name: "FootfallTraces", dependencies: ["FootfallDetection", "FootfallVocabulary", "CFootfallCompression"]),
        // zlib, liblzma and libzstd (Debian: zlib1g-dev, liblzma-dev, libzstd-dev): recordings
        // compressed with gzip, xz or zstd are read through the reference decompressors, which
        // libiio already loads on most boards.
        .systemLibrary(name: "CFootfallCompression", providers: [.apt(["zlib1g-dev", "liblzma-dev", "libzstd-dev"])]),
        // libiio and libevdev, as system libraries (Debian: libiio-dev, libevdev-dev).
        .systemLibrary(name: "CFootfallIIO", pkgConfig: "libiio", providers: [.apt(["libiio-dev"])]),
        .systemLibrary(name: "CFootfallEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // libsystemd (Debian: libsystemd-dev): sd-bus for footfalld's D-Bus interface, without a
        // hand-written wire protocol, and sd_notify for systemd's notifications; the library
        // systemd's own services use.
        .systemLibrary(name: "CFootfallSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        // SQLite's C library (Debian: libsqlite3-dev), the store's database: the well-kept library
        // itself, without a Swift layer that would bring full Foundation into the daemon.
        .systemLibrary(name: "CFootfallSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libyaml (Debian: libyaml-dev), the parser Yams wraps, for the configuration file.
        .systemLibrary(name: "CFootfallYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // SQLite, typed: connections, statements, values, result codes. Every sqlite3_ call is in
        // this module. No Foundation.
        .target(name: "FootfallSQLite", dependencies: ["FootfallVocabulary", "CFootfallSQLite"]),
        // YAML through libyaml: a document composed into nodes with their lines. Every libyaml
        // call is in this module.
        .target(name: "FootfallYAML", dependencies: ["CFootfallYAML"]),
        // Sensor input: one SensorSource per backend (IIO, evdev, trace replay), discovery, supervision.
        .target(
            name: "FootfallInput",
            dependencies: [
                "FootfallDetection", "FootfallTraces", "FootfallVocabulary",
                .target(name: "CFootfallIIO", condition: .when(platforms: [.linux])),
                .target(name: "CFootfallEvdev", condition: .when(platforms: [.linux])),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The daemon's persistent store: per-minute buckets, day totals, goal history, milestones (SQLite, WAL).
        // Its records hold the domain types: LocalDay and Milestone (Goals), the SensorBackend a minute came from (Vocabulary).
        .target(
            name: "FootfallStore",
            dependencies: [
                "FootfallGoals", "FootfallVocabulary", "FootfallSQLite",
                .product(name: "Logging", package: "swift-log"),
                // The package's one lock type (see StepLedger for why NIO's).
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The socket protocol: typed requests and replies, JSON lines, framing with a size cap. Days,
        // milestones, tiers and palettes on the wire are Goals' types.
        .target(name: "FootfallProtocol", dependencies: ["FootfallGoals", .product(name: "NIOCore", package: "swift-nio")]),
        // The daemon's parts: configuration, clocks, the step ledger, and one Service each for
        // the sensor, the store, the socket, D-Bus and metrics.
        .target(
            name: "FootfallService",
            dependencies: [
                "FootfallDetection", "FootfallInput", "FootfallProtocol", "FootfallGoals", "FootfallStore", "FootfallDBus",
                "FootfallVocabulary",
                // The configuration file's YAML.
                "FootfallYAML",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // Its pthread-based lock, which ThreadSanitizer understands (see StepLedger): the package's one lock type.
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // SIGHUP as an async sequence, for the reload service.
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                // The sensor thread's wakeup pipe, as typed descriptors with their errno.
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // libsystemd: D-Bus through sd-bus (a connection, an exported object described by its
        // interface, typed values, sender credentials) and sd_notify. Every libsystemd call is in
        // this module.
        .target(
            name: "FootfallDBus",
            dependencies: [
                "FootfallVocabulary",
                .target(name: "CFootfallSystemd", condition: .when(platforms: [.linux])),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // A client of the daemon's socket, for the CLI and the end-to-end tests.
        .target(
            name: "FootfallClient",
            dependencies: [
                "FootfallProtocol",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Text the goals, the analysis and the CLI write the same way: XML escaping, numbers without a
        // locale, thousands grouping, terminal colour codes. Pure Swift, no imports.
        .target(name: "FootfallText"),
        // Deterministic randomness (SeededRandom) for synthetic traces, simulations and randomised
        // tests: one small module, so that what needs only that does not import FootfallAnalysis.
        .target(name: "FootfallRandom"),
        // Offline analysis: scoring against ground truth, benchmark runs, diagnostic plots.
        .target(name: "FootfallAnalysis", dependencies: ["FootfallDetection", "FootfallTraces", "FootfallText", "FootfallGoals", "FootfallRandom"]),
        // A study's recordings summarised by day on a cluster or one machine: the plan, shards by
        // a stable hash of the ids, a part per recording written whole, the streaming merge, and
        // the Slurm array's scripts (`footfall cohort`).
        .target(
            name: "FootfallCohort",
            dependencies: [
                "FootfallAnalysis", "FootfallTraces", "FootfallDetection", "FootfallText", "FootfallVocabulary",
                .product(name: "CSV", package: "CSV.swift"),
                // The package's one lock type, for the tasks' working threads.
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // Goal tracking: local days, the goal history, progress tiers, milestones, the goal bar and the Move ring.
        // FoundationEssentials only (Date); a day's zone is the C library's local time in the daemon
        // (WallClockZone: no ICU) or a Foundation TimeZone in tests. It needs nothing from the detector.
        .target(name: "FootfallGoals", dependencies: ["FootfallText", "FootfallVocabulary"]),
        // The `footfall` command-line tool.
        .executableTarget(
            name: "footfall",
            dependencies: [
                "FootfallDetection", "FootfallTraces", "FootfallAnalysis", "FootfallInput", "FootfallGoals",
                "FootfallClient", "FootfallProtocol", "FootfallText", "FootfallVocabulary", "FootfallCohort",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                // The package's one lock type, for the progress bar the benchmark's threads draw.
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // Exists only for FootfallStoreTests' crash test: writes batches until the test SIGKILLs it.
        .executableTarget(name: "footfall-store-crash-helper", dependencies: ["FootfallStore", "FootfallRandom", "FootfallGoals", "FootfallVocabulary"]),
        // The address of Swift concurrency's global-enqueue hook, for a footfalld with the runtime
        // linked in, where NIO's dlsym cannot find it (ConcurrencyOnTheEventLoop).
        .target(name: "CFootfallConcurrencyHook"),
        // The daemon: its command line, its logging, and the wiring of FootfallService's parts.
        .executableTarget(
            name: "footfalld",
            dependencies: [
                "FootfallService", "FootfallInput", "FootfallDetection", "FootfallDBus", "FootfallVocabulary", "CFootfallConcurrencyHook",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // One event loop thread, running Swift concurrency's jobs too (Footfalld.main).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Test support: sample-trace lookup, test signals, the daemon and the tools run as
        // processes, the help layout check; a malloc counter for the no-allocation tests.
        .target(name: "FootfallTestSupport", dependencies: ["FootfallDetection", "FootfallClient", "FootfallProtocol", "FootfallGoals",
                                                            "FootfallSQLite", "FootfallTraces"],
                path: "Tests/FootfallTestSupport"),
        .target(name: "CMallocCounter", path: "Tests/CMallocCounter"),
        .testTarget(name: "FootfallDetectionTests",
                    dependencies: ["FootfallDetection", "FootfallTraces", "FootfallAnalysis", "FootfallRandom", "FootfallTestSupport",
                                   "CMallocCounter"]),
        // Real SQLite files in temporary folders; depends on the crash helper so it is built first.
        // Fixtures: a store written by an earlier release, read from the source tree.
        .testTarget(name: "FootfallStoreTests",
                    dependencies: ["FootfallStore", "FootfallRandom", "FootfallGoals", "footfall-store-crash-helper",
                                   "FootfallSQLite", "FootfallVocabulary"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "FootfallTracesTests", dependencies: ["FootfallTraces", "FootfallTestSupport"],
                    exclude: ["Fixtures"]),
        // SQLite through FootfallSQLite, on real files in temporary folders.
        .testTarget(name: "FootfallSQLiteTests", dependencies: ["FootfallSQLite"]),
        // The shared vocabulary: the calendar's arithmetic, durations, the names stores hold.
        .testTarget(name: "FootfallVocabularyTests", dependencies: ["FootfallVocabulary"]),
        // libyaml through FootfallYAML: the nodes it composes and the texts it refuses.
        .testTarget(name: "FootfallYAMLTests", dependencies: ["FootfallYAML"]),
        .testTarget(name: "FootfallInputTests", dependencies: ["FootfallInput", "FootfallTestSupport"],
                    exclude: ["Fixtures"]),
        // Studies in temporary folders: real recordings (SampleTraces' device files, copied and
        // damaged), real parts, merges and scripts; Slurm's commands as scripts on PATH.
        .testTarget(name: "FootfallCohortTests", dependencies: ["FootfallCohort", "FootfallAnalysis", "FootfallTraces", "FootfallTestSupport"]),
        .testTarget(name: "FootfallAnalysisTests", dependencies: ["FootfallAnalysis", "FootfallTraces", "FootfallTestSupport"]),
        // The goal bar's golden files live in Snapshots/ and are read from the source tree, not bundled.
        .testTarget(name: "FootfallGoalsTests", dependencies: ["FootfallGoals", "FootfallRandom", "FootfallText"], exclude: ["Snapshots"]),
        .testTarget(name: "FootfallTextTests", dependencies: ["FootfallText"]),
        // The adapters against real kernel interfaces (QEMU guest) and host-side fakes; run by
        // tools/hwsim/hardware-tests.sh, skipped by a plain 'swift test'.
        .testTarget(name: "FootfallHardwareTests",
                    dependencies: ["FootfallInput", "FootfallDetection", "FootfallAnalysis", "FootfallTraces", "FootfallTestSupport",
                                   "FootfallStore", "FootfallProtocol", "footfalld", "footfall",
                                   .product(name: "Logging", package: "swift-log")]),
        // The sd-bus adapter against a private dbus-daemon, checked with busctl and gdbus.
        .testTarget(name: "FootfallDBusTests", dependencies: ["FootfallDBus", "FootfallTestSupport"]),
        // The daemon's parts in process: configuration, ledger, event hub, the core's answers, the
        // sensor, store, socket (a real Unix socket, DaemonClient) and D-Bus (a private dbus-daemon)
        // services, recovery, reload; graceful shutdown through service-lifecycle's test kit.
        // Fixtures: the configuration parser's answers of the Yams era, read from the source tree.
        .testTarget(name: "FootfallServiceTests",
                    dependencies: ["FootfallService", "FootfallStore", "FootfallGoals", "FootfallInput", "FootfallProtocol",
                                   "FootfallDetection", "FootfallTestSupport", "FootfallVocabulary", "FootfallClient",
                                   .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                                   .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle")],
                    exclude: ["Fixtures"]),
        // The socket protocol in process: request parsing, message encoding, the line decoder.
        .testTarget(name: "FootfallProtocolTests",
                    dependencies: ["FootfallProtocol", "FootfallGoals",
                                   .product(name: "NIOCore", package: "swift-nio"),
                                   .product(name: "NIOEmbedded", package: "swift-nio"),
                                   // ByteToMessageDecoderVerifier, for the line decoder.
                                   .product(name: "NIOTestUtils", package: "swift-nio")]),
        // The socket's client against a real Unix socket whose server plays a script.
        .testTarget(name: "FootfallClientTests", dependencies: ["FootfallClient", "FootfallProtocol", "FootfallGoals"]),
        // Runs the real daemon and CLI end to end; depends on the executables so they are built first.
        .testTarget(name: "FootfalldTests",
                    dependencies: ["footfalld", "footfall", "FootfallRandom", "FootfallClient", "FootfallProtocol", "FootfallStore", "FootfallTestSupport",
                                   "FootfallGoals", "FootfallInput", "FootfallSQLite"]),
        // Runs the built executables as a user would (and renders their help); depends on them so they are built first.
        .testTarget(name: "FootfallCLITests", dependencies: ["footfall", "footfalld", "FootfallTestSupport"]),
    ]
)
