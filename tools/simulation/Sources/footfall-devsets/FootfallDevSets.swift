import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallSimulation
import FootfallText

/// `footfall-devsets`: builds the development sets that the shared datasets lack. A
/// development tool, built from tools/simulation and installed nowhere: simulated motion is a
/// fixture for smoke tests, not evidence and not part of the product.
@main
struct FootfallDevSets: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "footfall-devsets",
        abstract: "Build the daily-living and gesture development sets for 'footfall bench'.",
        discussion: """
        The shared datasets hold long walks, driving, desk work and stillness. A day also has \
        short, slow, uneven walks between rooms, and hands that brush teeth and comb hair. \
        These commands build both, deterministically from a seed, so that 'footfall bench' can \
        score them beside the recorded sets. The gestures are simulated: smoke tests, never \
        evidence. With D the shared datasets' folder (../shared/datasets):

          footfall-devsets daily-living --datasets "$D" -o devsets/daily-living
          footfall-devsets gestures -o devsets/gestures
          footfall bench "$D"/* devsets/*

        tools/make-dev-sets builds this tool ('swift build --product footfall-devsets') and \
        runs both. The daily-living set is cut from the recordings themselves, so it carries \
        their licences: build it where you use it and do not publish it.
        """,
        subcommands: [DailyLiving.self, Gestures.self, Gesture.self]
    )
}

extension FootfallDevSets {
    /// `footfall-devsets daily-living`.
    struct DailyLiving: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "daily-living",
            abstract: "Cut short walks with real starts and stops from recorded walks, and join them through standing and sitting.",
            discussion: """
            One trace per source recording of ipol-lowerback and oxford-phone that has a second of standing before its first step and after its last: four to seven walks of 3 to 30 steps (the recording's first steps spliced to its last ones in mid-stance, or the whole walk with its U-turn), some slowed and made uneven, joined by the recording's own standing played forwards and backwards, and by synthetic sitting down and standing up. The sidecars list every true step and every walk (for recall by walk length). docs/detector.md says exactly how it is made.
            """
        )

        @Option(help: ArgumentHelp("The folder holding ipol-lowerback/ and oxford-phone/.", valueName: "folder"))
        var datasets: String

        @Option(name: [.short, .long], help: ArgumentHelp("The folder to write the traces into (created if missing).", valueName: "folder"))
        var output: String

        @Option(help: "Seed for every random choice.")
        var seed: UInt64 = 1

        @Option(help: ArgumentHelp("Use only this source recording (e.g. oxford-phone/Samsung_Carmelo_Hard_NeckPouch_2); repeat for more.", valueName: "set/name"))
        var only: [String] = []

        func run() throws {
            var set = DailyLivingSet(datasets: datasets)
            set.seed = seed
            set.only = Set(only)
            let traces = try set.build()
            guard !traces.isEmpty else {
                throw ValidationError("No usable recordings under \(datasets) (expected ipol-lowerback/ or oxford-phone/ with sidecars).")
            }
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for trace in traces { try trace.write(into: output) }
            let steps = traces.reduce(0) { $0 + $1.steps.count }
            let walks = traces.reduce(0) { $0 + $1.walks.count }
            print("wrote \(traces.count) traces, \(walks) walks, \(steps) true steps into \(output)")
        }
    }

    /// `footfall-devsets gestures`.
    struct Gestures: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gestures",
            abstract: "Write wrist gesture traces (no steps) at several rates and orientations.",
            discussion: """
            Every gesture of 'footfall-devsets gesture' (brushing, combing, eating, drinking, pouring, waving, clapping, typing, phone), two minutes each, at 12.5, 25, 32 (quantised like a 6-bit wrist sensor), 50 and 100 Hz, with two seeds: 90 traces, three hours of hands that never walk.
            """
        )

        @Option(name: [.short, .long], help: ArgumentHelp("The folder to write the traces into (created if missing).", valueName: "folder"))
        var output: String

        @Option(help: "Seed for every random choice.")
        var seed: UInt64 = 1

        func run() throws {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            var written = 0
            for (g, gesture) in GestureTrace.Gesture.allCases.enumerated() {
                for (r, rate) in [12.5, 25, 32, 50, 100].enumerated() {
                    for copy in 0..<2 {
                        var trace = GestureTrace(gesture: gesture)
                        trace.rateHz = rate
                        trace.duration = 120
                        trace.coarse = rate == 32
                        trace.seed = seed &* 1000 &+ UInt64(g * 100 + r * 10 + copy)
                        let name = "\(gesture.rawValue)-\(formatted(rate, decimals: 1))hz-\(copy + 1).csv"
                        try trace.write(to: (output as NSString).appendingPathComponent(name))
                        written += 1
                    }
                }
            }
            print("wrote \(written) gesture traces into \(output)")
        }
    }

    /// `footfall-devsets gesture`: one gesture trace.
    struct Gesture: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "gesture",
            abstract: "Write one simulated wrist gesture trace (no steps).",
            discussion: """
            The gestures (brushing, combing, eating, drinking, pouring, waving, clapping, typing, phone) are wrist motions built from the physics of a hand carried by the forearm: they hold no steps, so every step counted in them is false. Writes FILE.csv and its sidecar FILE.json. --coarse quantises them like a cheap 6-bit wrist sensor.
            """
        )

        @Argument(help: ArgumentHelp("The CSV file to write.", valueName: "file.csv"))
        var output: String

        @Option(help: "The gesture.")
        var kind: GestureTrace.Gesture

        @Option(help: "Sample rate, Hz.")
        var rate: Double = 50

        @Option(help: "Length, seconds.")
        var duration: Double = 60

        @Option(help: "Seed for the randomness.")
        var seed: UInt64 = 1

        @Flag(help: "Quantise like a 6-bit, +-1.5 g wrist sensor.")
        var coarse = false

        func validate() throws {
            if let problem = SyntheticTrace.problem(rateHz: rate, duration: duration, output: output) {
                throw ValidationError(problem)
            }
        }

        func run() throws {
            var trace = GestureTrace(gesture: kind)
            trace.rateHz = rate
            trace.duration = duration
            trace.coarse = coarse
            trace.seed = seed
            try trace.write(to: output)
            print("wrote \(output): \(trace.summary)")
        }
    }
}

extension GestureTrace.Gesture: ExpressibleByArgument {}
