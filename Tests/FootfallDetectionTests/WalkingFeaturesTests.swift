import Testing
@testable import FootfallDetection

/// The features the walking decision reads: the split across and along gravity counts only
/// the motion across that repeats every step, so an arm swinging wide is not a hand at work.
struct WalkingFeaturesTests {
    /// A watch moving mostly across gravity (across 2 m/s² rms against 0.6 vertical), over the
    /// stretch and over the seconds before it.
    func features(acrossStep: Double) -> WalkingFeatures {
        let evidence = WindowEvidence(verticalStep: 0.5, acrossStep: acrossStep, verticalLevel: 0.6, acrossLevel: 2)
        let context = ContextEvidence(verticalLevel: 0.6, acrossLevel: 2)
        return WalkingFeatures(evidence: evidence, context: context, similarity: 0.8,
                               timing: CandidateTiming(gapVariation: 0.1, heightVariation: 0.2),
                               stepPeriod: 0.5, placement: .wrist)
    }

    func value(_ name: String, _ f: WalkingFeatures) throws -> Double {
        f.values[try #require(WalkingFeatures.names.firstIndex(of: name))]
    }

    @Test func aSwingIsNotAStroke() throws {
        // An arm's swing reverses its motion across gravity every step; a clap repeats it.
        let swing = features(acrossStep: -0.9), clap = features(acrossStep: 0.5)
        for name in ["log_stroke_to_vertical", "context_log_stroke_to_vertical"] {
            let difference = try value(name, clap) - value(name, swing)
            // ln((0.75 + 0.05) / (0.05 + 0.05)): the swing's split is an eighth of the clap's.
            #expect(abs(difference - naturalLogarithm(8)) < 1e-9, "\(name): \(difference)")
        }
        // Mostly across gravity, the clap's split stays well above even: a hand at work.
        #expect(try value("log_stroke_to_vertical", clap) > 2)
        #expect(try value("log_stroke_to_vertical", swing) < 0.3)
    }

    @Test func theSplitIsWeighedByTheShareRepeatedEveryStep() throws {
        let f = features(acrossStep: 0)
        let acrossToVertical = (2.0 * 2 + 0.0036) / (0.6 * 0.6 + 0.0036)
        #expect(abs(try value("log_stroke_to_vertical", f) - naturalLogarithm(0.55 * acrossToVertical)) < 1e-9)
        #expect(abs(try value("context_log_stroke_to_vertical", f) - naturalLogarithm(0.55 * acrossToVertical)) < 1e-9)
        #expect(WalkingFeatures.strokeShare(acrossStep: 1) == 1.05)
        #expect(WalkingFeatures.strokeShare(acrossStep: -1) == 0.05)
    }
}
