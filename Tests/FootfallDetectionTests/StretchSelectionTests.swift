import Testing
@testable import FootfallDetection

/// Which stretches of held candidates the gate asks about: runs evenly spaced as a walk's,
/// judged at the right step period, resumed and rhythmic walks, and the finished walk with its
/// faint last step.
struct StretchSelectionTests {
    let selection = StretchSelection(configuration: .default)

    let noRhythm = Rhythm.none

    @Test func aRunThatIsNotEvenIsNotAShortWalk() {
        // Three steps half a second apart, then a pause of 1.2 s: more than twice the shortest
        // gap, so the run starts again at the last two.
        let paused = heldCandidates([0, 0.5, 1.0, 1.5, 2.7])
        #expect(selection.evenRunStart(of: paused, after: -.infinity) == 3)
        #expect(selection.shortWalk(in: paused, after: -.infinity, rhythm: noRhythm) == nil)
        // Faster than a sprint breaks a run too, and so does a gap longer than a walk's.
        #expect(selection.evenRunStart(of: heldCandidates([0, 0.5, 1.0, 1.25, 1.75]), after: -.infinity) == 3)
        #expect(selection.evenRunStart(of: heldCandidates([0, 1.7, 3.2, 4.7]), after: -.infinity) == 1)
        // Uneven but a walk's (a slow walker, a turn): the longest at most twice the shortest.
        #expect(selection.evenRunStart(of: heldCandidates([0, 0.5, 1.5, 2.0, 2.6]), after: -.infinity) == 0)
    }

    @Test func anEvenRunIsJudgedWholeAtItsMedianGap() throws {
        let walk = heldCandidates([0, 0.5, 1.05, 1.6, 2.1, 2.62])
        let stretch = try #require(selection.shortWalk(in: walk, after: -.infinity, rhythm: noRhythm))
        #expect(stretch.start == 0)
        // The lag is the mean gap of the last four; the period the median of their gaps.
        #expect(abs(stretch.lag - (2.62 - 1.05) / 3) < 1e-12)
        #expect(abs(stretch.period - 0.52) < 1e-12)
        #expect(stretch.lastStep == nil)
        // Nothing is asked back over a stretch judged clearly not walking.
        let after = try #require(selection.shortWalk(in: walk, after: 0.5, rhythm: noRhythm))
        #expect(after.start == 2)
        #expect(selection.shortWalk(in: walk, after: 1.05, rhythm: noRhythm) == nil)
    }

    @Test func aLongRunIsJudgedOverItsLastEight() throws {
        // Twelve even candidates (someone getting up, then walking): the walking model learned
        // from stretches of 4 and 8, so the newest 8 are judged, and credited from there.
        let run = heldCandidates((0..<12).map { 0.55 * Double($0) })
        #expect(selection.evenRunStart(of: run, after: -.infinity) == 0)
        let stretch = try #require(selection.shortWalk(in: run, after: -.infinity, rhythm: noRhythm))
        #expect(stretch.start == 4)
        var whole = DetectorConfiguration.default
        whole.selection.longestShortWalk = 64
        #expect(try #require(StretchSelection(configuration: whole).shortWalk(in: run, after: -.infinity, rhythm: noRhythm)).start == 0)
    }

    @Test func candidatesAStrideApartAreJudgedAtTheStep() throws {
        // A wrist whose every other step makes no peak: candidates a second apart on a strong
        // rhythm of half a second.
        let wrist = heldCandidates([0, 1.0, 2.0, 3.0])
        let rhythmic = Rhythm(stepPeriod: 0.5, strength: 0.8)
        let stretch = try #require(selection.shortWalk(in: wrist, after: -.infinity, rhythm: rhythmic))
        #expect(stretch.lag == 0.5 && stretch.period == 0.5)
        // On a weak rhythm they are read at their own gap.
        let weak = try #require(selection.shortWalk(in: wrist, after: -.infinity, rhythm: Rhythm(stepPeriod: 0.5, strength: 0.2)))
        #expect(weak.lag == 1.0 && weak.period == 1.0)
        #expect(selection.shortWalkLag(meanGap: 1.0, rhythm: rhythmic).strideSpaced)
        #expect(!selection.shortWalkLag(meanGap: 1.2, rhythm: rhythmic).strideSpaced)
    }

    @Test func theMedianGapOfTheLastFew() {
        // Gaps 0.5, 0.7 and 0.6: the median of three, then of the last two.
        #expect(abs(StretchSelection.medianGap(of: heldCandidates([0, 0.5, 1.2, 1.8]), last: 4) - 0.6) < 1e-12)
        #expect(abs(StretchSelection.medianGap(of: heldCandidates([0, 0.5, 1.2, 1.8]), last: 3) - 0.65) < 1e-12)
        // At most eight gaps are read: the pause of five seconds is the ninth.
        let long = heldCandidates([0, 5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9])
        #expect(StretchSelection.medianGap(of: long, last: 20) == 0.5)
    }

    @Test func aWalkResumesOnGapsOfWholeStepsAtItsOldPace() throws {
        // The last walk: 0.5 s steps, ended at 10 s. A step, a gap of two (a faint step
        // between), a step: four steps at its pace.
        let resuming = heldCandidates([11.0, 12.0, 12.5])
        let stretch = try #require(selection.resumedWalk(in: resuming, lastWalkEnded: 10, lastWalkPeriod: 0.5))
        #expect(stretch.start == 0 && stretch.lag == 0.5 && stretch.period == 0.5)
        // Too late, no walk to resume, or a gap of one and a half steps: not asked.
        #expect(selection.resumedWalk(in: heldCandidates([19.0, 20.0, 20.5]), lastWalkEnded: 10, lastWalkPeriod: 0.5) == nil)
        #expect(selection.resumedWalk(in: resuming, lastWalkEnded: 10, lastWalkPeriod: 0) == nil)
        #expect(selection.resumedWalk(in: heldCandidates([11.0, 11.75, 12.5]), lastWalkEnded: 10, lastWalkPeriod: 0.5) == nil)
    }

    @Test func aRhythmIsAskedAboutOnceItHasFiveStepsWhereverTheDeviceIsWorn() throws {
        let times = (0..<8).map { Double($0) * 0.5 }
        let steady = heldCandidates(times)
        let rhythm = Rhythm(stepPeriod: 0.5, strength: 0.8)
        let stretch = try #require(selection.rhythmWalk(in: steady, stepsOnRhythm: 5, since: 1.0, after: -.infinity, rhythm: rhythm))
        #expect(stretch.start == 2 && stretch.period == 0.5)
        #expect(selection.rhythmWalk(in: steady, stepsOnRhythm: 4, since: 1.0, after: -.infinity, rhythm: rhythm) == nil)
        // The wrist asks the same: what it asks more of is the placement's policy's.
        var atTheWrist = DetectorConfiguration.default
        atTheWrist.placement = .wrist
        let wrist = StretchSelection(configuration: atTheWrist)
        #expect(wrist.rhythmWalk(in: steady, stepsOnRhythm: 5, since: 1.0, after: -.infinity, rhythm: rhythm) == stretch)
        // Four steps a second is a hand scrubbing, not a run.
        #expect(selection.rhythmWalk(in: steady, stepsOnRhythm: 7, since: 0, after: -.infinity,
                                     rhythm: Rhythm(stepPeriod: 0.25, strength: 0.9)) == nil)
        // Not back over what was judged not walking: three candidates left are too few.
        #expect(selection.rhythmWalk(in: steady, stepsOnRhythm: 7, since: 0, after: 2.0, rhythm: rhythm) == nil)
    }

    @Test func stepsOnTheRhythmCountWholeStepsOfAPeriodicSignal() {
        let rhythm = Rhythm(stepPeriod: 0.5, strength: 0.8)
        #expect(selection.stepsOnRhythm(at: 2.0, last: 1.0, before: 0.5, rhythm: rhythm) == 2)
        #expect(selection.stepsOnRhythm(at: 1.75, last: 1.0, before: 0.5, rhythm: rhythm) == nil)
        #expect(selection.stepsOnRhythm(at: 2.0, last: 1.0, before: 0.5, rhythm: Rhythm(stepPeriod: 0.5, strength: 0.3)) == nil)
    }

    @Test func aFinishedWalkEndsOnAFaintStepWhereTheNextWasDue() throws {
        let three = heldCandidates([0, 0.5, 1.0])
        let faint = StepCandidate(time: 1.45, height: 0.3, isStrong: false)
        let stretch = try #require(selection.finishedWalk(in: three, lastStep: faint, after: -.infinity))
        #expect(stretch.start == 0 && stretch.period == 0.5 && stretch.lag == 0.5 && stretch.lastStep == 1.45)
        // A faint bump too soon (0.4 of a step), or none, is no finished walk.
        #expect(selection.finishedWalk(in: three, lastStep: StepCandidate(time: 1.2, height: 0.3, isStrong: false),
                                       after: -.infinity) == nil)
        #expect(selection.finishedWalk(in: three, lastStep: nil, after: -.infinity) == nil)
        // Two strong steps are too few; eight were asked about as short walks on the way.
        #expect(selection.finishedWalk(in: heldCandidates([0.5, 1.0]), lastStep: faint, after: -.infinity) == nil)
        let eight = heldCandidates((0..<8).map { Double($0) * 0.5 })
        #expect(selection.finishedWalk(in: eight, lastStep: StepCandidate(time: 3.95, height: 0.3, isStrong: false),
                                       after: -.infinity) == nil)
        #expect(selection.finishedWalk(in: heldCandidates((0..<7).map { Double($0) * 0.5 }),
                                       lastStep: StepCandidate(time: 3.45, height: 0.3, isStrong: false), after: -.infinity) != nil)
    }

    @Test func theStillnessAroundAFinishedWalkIsMeasuredBeforeAndAfterIt() {
        // A device at rest on its z axis, moving up and down at 1 m/s² over the steps (5 to
        // 7 s) and at 0.2 m/s² from 3.5 to 4.6 s, before the first step.
        var motion = MotionEvidence(configuration: .default)
        var time = 0.0
        while time < 10 {
            let level: Float = (time >= 5 && time <= 7) ? 1 : (time >= 3.5 && time <= 4.6 ? 0.2 : 0)
            let sign: Float = Int(time * 25) % 2 == 0 ? 1 : -1
            motion.process(time: time, raw: SIMD4(0, 0, 0, 9.8), bandPassed: SIMD4(0, 0, 0, sign * level))
            time += 0.04
        }
        let walk = heldCandidates([5, 5.5, 6])
        let stretch = StretchSelection.Stretch(start: 0, lag: 0.5, period: 0.5, lastStep: 6.5)
        let stillness = selection.stillness(around: stretch, in: walk, motion: motion)
        #expect(abs(stillness.steps - 1) < 0.05)
        // Before: 3.8 to 4.5 s, where the body moved at 0.2; after: 6.9 to 7.7 s, still but for
        // the steps' last frames.
        #expect(abs(stillness.before - 0.2) < 0.05)
        #expect(stillness.after < 0.5 && stillness.after < stillness.steps)
        // A window that reaches into the steps sees them.
        var configuration = DetectorConfiguration()
        configuration.selection.stillBeforeEnd = .milliseconds(-300)
        let late = StretchSelection(configuration: configuration).stillness(around: stretch, in: walk, motion: motion)
        #expect(late.before > stillness.before)
    }

    @Test func aRunFollowedIsJudgedOnItsLatestStrongSteps() throws {
        let recent = heldCandidates((0..<8).map { Double($0) * 0.5 })
        let stretch = try #require(selection.stillWalking(recent, period: 0.5))
        #expect(stretch.start == 0 && stretch.period == 0.5 && stretch.lag == 0.5)
        // A young run is judged on its last short walk's worth.
        let young = try #require(selection.stillWalking(recent, period: 0.5, young: true))
        #expect(young.start == 4)
        // Fewer than a short walk's steps are not judged.
        #expect(selection.stillWalking(heldCandidates([0, 0.5, 1.0]), period: 0.5) == nil)
        #expect(selection.judgementSteps == 8 && selection.judgementInterval == 8)
    }
}
