import Foundation
import FootfallGoals
import FootfallInput
import FootfallStore
import FootfallTestSupport
import Testing
@testable import FootfallService

/// The ledger in process: steps filed to their minute, day and source; batches taken and given
/// back without loss; today rebuilt for a fresh store with nothing made up.
struct StepLedgerTests {
    let today = localDay("2026-06-01")

    @Test func eachStepIsFiledUnderItsUpdatesBackend() throws {
        let ledger = try emptyLedger()
        ledger.ingest(SensorUpdate(steps: steps(3), samples: 150, walking: true, cadence: 110, backend: .evdev))
        ledger.ingest(SensorUpdate(steps: steps(2), samples: 100, walking: true, cadence: 110, backend: .iio))
        let batch = ledger.takeBatch()
        #expect(Dictionary(grouping: batch.minutes, by: \.source).mapValues { $0.reduce(0) { $0 + $1.steps } } == [.evdev: 3, .iio: 2])
        #expect(batch.minutes.allSatisfy { $0.day == today })
        #expect(batch.dayGoals == [today: 10_000])
        #expect(ledger.figures().steps == 5)
    }

    @Test func provisionalStepsAreShownAsPendingAndNeverFiled() throws {
        // Provisional steps are shown beside the count (pending) and on STEP events; only final
        // steps are filed, so the store, the day's total and milestones never see a step the
        // decision later withdraws.
        let ledger = try emptyLedger()
        var update = SensorUpdate(steps: [], samples: 100, walking: true, cadence: 110, backend: .iio)
        update.provisionalSteps = steps(4)
        update.pendingSteps = 4
        ledger.ingest(update)
        #expect(ledger.figures().steps == 0 && ledger.figures().pending == 4)
        #expect(ledger.takeBatch().minutes.isEmpty)
        #expect(ledger.takeRecentProvisional().steps.count == 4)
        // The decision: three final, one withdrawn; nothing is pending any more.
        var decided = SensorUpdate(steps: steps(3), samples: 100, walking: true, cadence: 110, backend: .iio)
        decided.withdrawnSteps = 1
        ledger.ingest(decided)
        let figures = ledger.figures()
        #expect(figures.steps == 3 && figures.pending == 0)
        #expect(ledger.takeBatch().minutes.reduce(0) { $0 + $1.steps } == 3)
        let recent = ledger.takeRecentProvisional()
        #expect(recent.steps.isEmpty && recent.withdrawn == 1 && recent.pending == 0)
    }

    /// The chip's counter as the source: its steps are the day's, filed under `hardware-steps`
    /// in the minute of the reading, with no cadence and no STEP times, which it does not know.
    @Test func theChipsCountedStepsAreFiledWithoutTimesOrCadence() throws {
        let ledger = try emptyLedger()
        let now = MonotonicClock.now()
        ledger.ingest(SensorUpdate(steps: [], samples: 0, walking: false, cadence: 0, backend: .hardwareSteps,
                                   hardwareSteps: (count: 0, time: now - 2)))
        #expect(ledger.figures().hardwareStepsToday == 0)
        ledger.ingest(SensorUpdate(steps: [], samples: 0, walking: false, cadence: 0, backend: .hardwareSteps,
                                   hardwareSteps: (count: 17, time: now - 1)))
        ledger.ingest(SensorUpdate(steps: [], samples: 0, walking: false, cadence: 0, backend: .hardwareSteps,
                                   hardwareSteps: (count: 5, time: now)))
        let figures = ledger.figures()
        #expect(figures.steps == 22)
        #expect(figures.hardwareStepsToday == 22)
        #expect(figures.lifetime == 22)
        #expect(ledger.takeRecentSteps().isEmpty)
        let batch = ledger.takeBatch()
        #expect(batch.minutes.allSatisfy { $0.source == .hardwareSteps && $0.cadenceSum == 0 && $0.day == today })
        #expect(batch.steps == 22)
    }

    /// The chip's counter beside the accelerometer: the detector's steps stay the day's count,
    /// the chip's are only shown beside them.
    @Test func theChipsCountBesideTheDetectorsIsShownNotFiled() throws {
        let ledger = try emptyLedger()
        let now = MonotonicClock.now()
        ledger.ingest(SensorUpdate(steps: steps(3, endingAt: now), samples: 100, walking: true, cadence: 110, backend: .iio,
                                   hardwareSteps: (count: 4, time: now)))
        let figures = ledger.figures()
        #expect(figures.steps == 3)
        #expect(figures.hardwareStepsToday == 4)
        #expect(ledger.takeRecentSteps().count == 3)
        let batch = ledger.takeBatch()
        #expect(batch.minutes.allSatisfy { $0.source == .iio })
        #expect(batch.steps == 3)
    }

    @Test func aBatchThatCouldNotBeWrittenComesBackMergedWithWhatCameSince() throws {
        let ledger = try emptyLedger()
        let now = MonotonicClock.now()
        ledger.ingest(SensorUpdate(steps: steps(4, endingAt: now), samples: 100, walking: true, cadence: 110, backend: .iio))
        let failed = ledger.takeBatch()
        #expect(ledger.unwrittenSteps == 0)
        ledger.ingest(SensorUpdate(steps: steps(3, endingAt: now), samples: 100, walking: true, cadence: 110, backend: .iio))
        ledger.restore(failed)
        #expect(ledger.unwrittenSteps == 7)
        let retry = ledger.takeBatch()
        #expect(retry.steps == 7)
        // Minutes the two shared are one bucket each, not two rows.
        #expect(Set(retry.minutes.map(\.start)).count == retry.minutes.count)
    }

    @Test func todayRebuiltForAFreshStoreKeepsStepsFromBeforeTheStartWithoutInventingMinutes() throws {
        // 500 steps were stored today before this daemon started; it has counted 6 since.
        let ledger = try emptyLedger(todaySteps: 500)
        ledger.ingest(SensorUpdate(steps: steps(6), samples: 300, walking: true, cadence: 110, backend: .evdev))
        let rebuilt = ledger.todayRebuildBatch()
        #expect(rebuilt.minutes.reduce(0) { $0 + $1.steps } == 6)
        #expect(rebuilt.minutes.allSatisfy { $0.source == .evdev && $0.cadenceSum == 110 * Double($0.steps) })
        #expect(rebuilt.stepsWithoutMinutes == [today: 500])
        #expect(rebuilt.steps == ledger.figures().steps)
        #expect(rebuilt.dayGoals == [today: 10_000])
    }

    @Test func milestonesAreRecordedOnceWithTheirDay() throws {
        let ledger = StepLedger(clock: clock(), boundary: utcDays, goals: try GoalHistory(initialGoal: 4), todaySteps: 0,
                                reachedToday: [], lifetime: 0)
        ledger.ingest(SensorUpdate(steps: steps(4), samples: 200, walking: true, cadence: 110, backend: .iio))
        let batch = ledger.takeBatch()
        #expect(batch.milestones.map(\.milestone) == [.half, .multiple(1)])
        #expect(batch.milestones.allSatisfy { $0.day == today && $0.goal == 4 })
        #expect(ledger.figures().reached == [.half, .multiple(1)])
    }

    @Test func stepsWaitForAPlausibleClockAndAreFiledOnceItIsSet() throws {
        // A board without a real-time clock: 1970 until NTP.
        let unset = try emptyLedger(clock: clock(startingAt: Date(timeIntervalSince1970: 3600)))
        unset.ingest(SensorUpdate(steps: steps(5), samples: 100, walking: true, cadence: 110, backend: .iio))
        #expect(unset.takeBatch().isEmpty)
        #expect(unset.unwrittenSteps == 5)
    }
}
