import Foundation
import Testing
import FootfallAnalysis
import FootfallTestSupport
@testable import FootfallDetection

/// The walking gate counts short walks from their first step, and asks about and judges walks
/// as its configuration says. Rhythmic hands are refused in RealWristActivityTests (real ones)
/// and in tools/simulation's GestureTraceTests (simulated ones, at several rates).
struct WalkingGateTests {
    @Test(arguments: [(4, 90.0), (5, 110.0), (6, 70.0), (8, 130.0)])
    func aShortWalkCountsFromItsFirstStep(steps: Int, cadence: Double) throws {
        var walk = SyntheticTrace(kind: .walk)
        walk.cadence = cadence
        walk.rateHz = 50
        walk.stillMargin = 4
        walk.duration = 8 + Double(steps) * 60 / cadence
        walk.seed = UInt64(steps)
        let (samples, truth) = walk.generate()
        #expect(truth.count == steps)
        let counted = Signals.steps(samples)
        #expect(abs(counted.count - truth.count) <= 1, "\(counted.count) counted of \(truth.count)")
        let first = try #require(counted.first)
        #expect(abs(first.time - truth[0]) < 0.3, "the first step counts: \(first.time) against \(truth[0])")
    }

    @Test func aStretchOutsideTheWalkingEnvelopeIsNeverWalking() {
        // A model whose forest says "walking" everywhere, but whose envelope bounds the first
        // feature: beyond the bound the gate's answer is no, whatever the forest says.
        var upper = SIMD32<Double>(repeating: .infinity)
        upper[0] = 1
        var configuration = DetectorConfiguration()
        configuration.walkingModel = WalkingModel(forest: .constant(10), upperBounds: upper)
        var inside = SIMD32<Double>.zero
        inside[0] = 0.5
        var outside = inside
        outside[0] = 1.5
        let model = configuration.walkingModel
        #expect(model.probability(WalkingFeatures(values: inside)) > 0.99)
        #expect(model.probability(WalkingFeatures(values: outside)) == 0)
        #expect(model.outsideEnvelope(WalkingFeatures(values: outside)) == 0)
        // The same model in the detector: a walk whose stretches all lie beyond the bound
        // counts nothing; within it, the walk counts.
        let walk = Signals.stepRhythm(frequencyHz: 1.8, amplitude: 2, rateHz: 50, duration: 30)
        configuration.walkingModel.upperBounds[0] = -50
        #expect(Signals.steps(walk, configuration: configuration).isEmpty)
        configuration.walkingModel.upperBounds[0] = .infinity
        #expect(Signals.steps(walk, configuration: configuration).count > 45)
    }

    @Test func aWalkTheModelIsSureOfIsAskedAboutHalfAsOften() {
        // A steady walk of a minute, with models that say walking everywhere: at 0.995 (clearly
        // walking) the walk going is asked again every eighth strong step, at 0.9 every fourth.
        let walk = Signals.stepRhythm(frequencyHz: 1.8, amplitude: 2, rateHz: 50, duration: 60)
        func stillWalking(probability: Double, confidentInterval: Int = 8) -> [GateJudgement] {
            var configuration = DetectorConfiguration()
            configuration.walkingModel = WalkingModel(forest: .constant(log(probability / (1 - probability))))
            configuration.selection.confidentVerificationInterval = confidentInterval
            let recording = DetectorRecording(samples: walk, configuration: configuration)
            #expect(recording.steps.count > 95, "the walk counts either way")
            return recording.judgements.filter { $0.question.keepsAWalk }
        }
        let sure = stillWalking(probability: 0.995), unsure = stillWalking(probability: 0.9)
        #expect(unsure.count >= 20)
        #expect(abs(Double(unsure.count) / Double(sure.count) - 2) < 0.3, "\(unsure.count) against \(sure.count)")
        // Set back to every fourth, the sure walk is asked as often as the unsure one.
        #expect(stillWalking(probability: 0.995, confidentInterval: 4).count == unsure.count)
    }

    @Test func aWalkIsAskedWhetherItIsStillWalkingAsUnprovenUntilOneJudgementIsClear() {
        // A steady walk of 30 s at the wrist. A model at 0.95 starts it (the wrist's 0.9) and
        // keeps it at the wrist's bar for an unproven walk (0.8), never clearly: the walk starts
        // once, and every judgement of it going is `stillWalkingUnproven`. With that bar above
        // 0.95 each walk ends after two noes and has to start again. A model at 0.995 starts it
        // clearly: then it is asked `stillWalking`, and that bar does not matter.
        let walk = Signals.stepRhythm(frequencyHz: 1.8, amplitude: 2, rateHz: 50, duration: 30)
        func recording(probability: Double, unprovenBar: Double = 0.8) -> DetectorRecording {
            var configuration = DetectorConfiguration()
            configuration.placement = .wrist
            configuration.walkingModel = WalkingModel(forest: .constant(log(probability / (1 - probability))))
            configuration.decision.wristUnprovenContinueProbability = unprovenBar
            return DetectorRecording(samples: walk, configuration: configuration)
        }
        func starts(_ recording: DetectorRecording) -> Int {
            recording.judgements.filter { $0.question.startsAWalk && $0.walking }.count
        }
        let marginal = recording(probability: 0.95)
        let going = marginal.judgements.filter(\.question.keepsAWalk)
        #expect(going.count >= 5 && going.allSatisfy { $0.question == .stillWalkingUnproven && $0.walking })
        #expect(starts(marginal) == 1 && marginal.steps.count > 40)
        let ended = recording(probability: 0.95, unprovenBar: 0.96)
        let endedGoing = ended.judgements.filter(\.question.keepsAWalk)
        #expect(!endedGoing.isEmpty && endedGoing.allSatisfy { $0.question == .stillWalkingUnproven && !$0.walking })
        #expect(starts(ended) > 2, "\(starts(ended)) starts")
        let clear = recording(probability: 0.995, unprovenBar: 0.999)
        let clearGoing = clear.judgements.filter(\.question.keepsAWalk)
        #expect(!clearGoing.isEmpty && clearGoing.allSatisfy { $0.question == .stillWalking && $0.walking })
        #expect(starts(clear) == 1 && clear.steps.count > 40)
    }

    @Test func aWalkStartedAtTheMarginCountsOnlyOnceASecondJudgementBearsItOut() throws {
        // A steady walk of 30 s at the wrist (54 steps), with models that say walking at 0.95:
        // each start passes the wrist's 0.9, not clearly, so the walk withholds its steps.
        let walk = Signals.stepRhythm(frequencyHz: 1.8, amplitude: 2, rateHz: 50, duration: 30)
        func recording(_ change: (inout DetectorConfiguration) -> Void = { _ in }) -> DetectorRecording {
            var configuration = DetectorConfiguration()
            configuration.placement = .wrist
            configuration.walkingModel = WalkingModel(forest: .constant(log(0.95 / 0.05)))
            change(&configuration)
            return DetectorRecording(samples: walk, configuration: configuration)
        }
        // The next judgement says walking at 0.95 (above 0.9): every step counts, at its time.
        let borneOut = recording()
        #expect(borneOut.steps.count > 45)
        #expect(borneOut.steps.map(\.time) == borneOut.steps.map(\.time).sorted())
        let first = try #require(borneOut.steps.first)
        #expect(first.time < 3, "the first step keeps its time: \(first.time)")
        // Held to a bar above 0.95 while it goes, every walk is judged not walking twice before
        // a yes. Noes at 0.95 only doubt a walk (at or above `refusedBelowProbability`, 0.5):
        // its withheld steps are credited as it ends, as many as crediting them as they came
        // (`mostStepsWithheld` 0).
        let doubted = recording { $0.decision.wristUnprovenContinueProbability = 0.96 }
        let asTheyCome = recording {
            $0.decision.wristUnprovenContinueProbability = 0.96
            $0.crediting.mostStepsWithheld = 0
        }
        #expect(asTheyCome.steps.count > 10, "\(asTheyCome.steps.count) steps")
        #expect(doubted.steps == asTheyCome.steps)
        // Taken as refusals (noes below 0.97), the walks' steps are withdrawn, start after start:
        // only the last walk counts, ended by the recording's end before it was judged again.
        let refused = recording {
            $0.decision.wristUnprovenContinueProbability = 0.96
            $0.decision.refusedBelowProbability = 0.97
        }
        let refusedStarts = refused.judgements.filter { $0.question.startsAWalk && $0.walking }
        #expect(refusedStarts.count > 2)
        let lastStart = try #require(refusedStarts.last)
        #expect(refused.steps.count < 8 && refused.steps.allSatisfy { $0.time >= lastStart.from - 0.1 },
                "\(refused.steps.map(\.time)) after the last start from \(lastStart.from)")
        // Kept (0.95 above 0.8) but never borne out (credited only at 0.96): the steps count
        // when the walk ends of itself.
        let endsOfItself = recording { $0.decision.creditWithheldProbability = 0.96 }
        #expect(endsOfItself.steps.count == borneOut.steps.count)
        // Past mostStepsWithheld, the oldest are credited as new ones come: with 2, a refused
        // walk keeps all but its last 2.
        let capped = recording {
            $0.decision.wristUnprovenContinueProbability = 0.96
            $0.decision.refusedBelowProbability = 0.97
            $0.crediting.mostStepsWithheld = 2
        }
        #expect(capped.steps.count > refused.steps.count && capped.steps.count < asTheyCome.steps.count)
        // On the body nothing is withheld: the same failing walks count as they come.
        func failingAtTheBody(_ change: (inout DetectorConfiguration) -> Void = { _ in }) -> DetectorRecording {
            recording {
                $0.placement = .body
                $0.decision.continueProbability = 0.96
                change(&$0)
            }
        }
        let atTheBody = failingAtTheBody()
        #expect(atTheBody.judgements.contains { $0.question.keepsAWalk && !$0.walking })
        #expect(atTheBody.steps.count > 10
                && atTheBody.steps == failingAtTheBody { $0.crediting.mostStepsWithheld = 0 }.steps)
    }

    @Test func everyWayOfStartingAWalkIsHeldToItsOwnThreshold() {
        // A steady walk of 30 s. With no short walk possible (a start threshold above 1), it
        // still starts on its rhythm, at the rhythm's own threshold.
        let walk = Signals.stepRhythm(frequencyHz: 1.8, amplitude: 2, rateHz: 50, duration: 30)
        var configuration = DetectorConfiguration()
        configuration.decision.startProbability = 1.5
        let recording = DetectorRecording(samples: walk, configuration: configuration)
        #expect(recording.steps.count > 40)
        let shortWalks = recording.judgements.filter { $0.question == .shortWalk }
        #expect(!shortWalks.isEmpty && shortWalks.allSatisfy { !$0.walking && $0.threshold == 1.5 && $0.reason == .belowThreshold })
        let starts = recording.judgements.filter { ($0.question == .rhythm || $0.question == .resumed) && $0.walking }
        #expect(!starts.isEmpty && starts.allSatisfy { $0.threshold == ($0.question == .rhythm ? 0.2 : 0.4) })
        #expect(recording.frames.contains { $0.confirmation == .rhythm })
        // The walk going is kept at the continue threshold, which does not start walks: with
        // every start threshold out of reach, nothing is counted.
        configuration.decision.rhythmStartProbability = 1.5
        configuration.decision.resumedStartProbability = 1.5
        let none = DetectorRecording(samples: walk, configuration: configuration)
        #expect(none.steps.isEmpty)
        #expect(!none.judgements.contains { $0.question.keepsAWalk })
    }
}
