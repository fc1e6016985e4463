#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallGoals
import FootfallInput
import FootfallProtocol
import FootfallStore
import FootfallVocabulary
import NIOConcurrencyHelpers

/// Today's steps and everything not yet written to disk, in memory, under one lock, with no
/// I/O: the sensor thread adds steps, the store service takes what changed, the socket reads
/// figures. So neither a slow disk nor a slow client can hold up counting.
///
/// The rule for days (docs/days.md): a step belongs to the local day, by the configured day
/// start and the time zone in force, in which it happened, judged by the wall clock when the
/// step is recorded (a fraction of a second after it happened); detection runs on the monotonic
/// clock. Each step is added to exactly one minute bucket once, so a wall-clock jump neither
/// loses nor duplicates steps: those before the jump stay where they were filed, those after go
/// where the new clock says. While the wall clock is implausible (before 2024: a board without
/// a real-time clock, before NTP) steps wait in memory, by monotonic time, and are filed once the
/// clock is set, so they land on the right day. Every step is filed under the backend of the
/// device that counted it, as the sensor thread reports it.
public final class StepLedger: SensorSink, Sendable {
    struct State {
        var boundary: DayBoundary
        var goals: GoalHistory
        var today: LocalDay
        var todaySteps: Int
        var tracker: MilestoneTracker
        var reached: [Milestone]
        var pendingMinutes = MinuteTally()
        var pendingDayGoals: [LocalDay: Int] = [:]
        var pendingMilestones: [MilestoneRecord] = []
        var pendingGoalChanges: [GoalChange] = []
        var waitingForClock: [WaitingStep] = []
        var recentSteps: [StepRecord] = []
        /// Provisional steps reported since the last STEP event, and the provisional steps withdrawn.
        var recentProvisional: [StepRecord] = []
        var recentWithdrawn = 0
        /// Today's minutes filed since the daemon started, written or not.
        var todayMinutes = MinuteTally()
        /// Steps the chip's own counter counted today since the daemon started, once it was read.
        var hardwareStepsToday: Int?
        var walking = false
        var cadence = 0.0
        /// The detector's provisional steps not yet decided (`SensorUpdate.pendingSteps`).
        var pending = 0
        var lifetime: Int
        var progressVersion = 0
    }

    /// A step counted while the wall clock was unset; or several, counted by a chip's own
    /// counter between two readings, which has no times (`timed` false) and no cadence.
    struct WaitingStep {
        var time: Double
        var cadence: Double
        var backend: SensorBackend
        var count = 1
        var timed = true
    }

    // A pthread mutex (NIO's box) rather than Synchronization's Mutex: on Linux the latter's
    // contended path waits in the uninstrumented standard library, so ThreadSanitizer misses
    // the ordering and reports every access under the lock as a race. The package's one lock.
    let state: NIOLockedValueBox<State>
    let clock: DaemonClock
    /// Steps held while the clock is unset, at most; beyond that the oldest are filed anyway.
    let waitingLimit = 100_000

    /// Creates the ledger from what the store holds.
    /// - Parameters:
    ///   - clock: the daemon's clocks.
    ///   - boundary: where days start.
    ///   - goals: the goal history.
    ///   - todaySteps: steps already stored for today.
    ///   - reachedToday: milestones already announced today.
    ///   - lifetime: steps ever stored.
    public init(clock: DaemonClock, boundary: DayBoundary, goals: GoalHistory, todaySteps: Int,
                reachedToday: [Milestone], lifetime: Int) {
        let today = boundary.day(containing: clock.now())
        let tracker = MilestoneTracker(day: today, highestAnnounced: reachedToday.max())
        state = NIOLockedValueBox(State(boundary: boundary, goals: goals, today: today, todaySteps: todaySteps, tracker: tracker,
                                        reached: reachedToday.sorted(), lifetime: lifetime))
        self.clock = clock
    }

    /// Files the steps of one sensor read.
    public func ingest(_ update: SensorUpdate) {
        let plausible = clock.wallClockIsPlausible()
        state.withLockedValue { state in
            state.walking = update.walking
            state.cadence = update.cadence
            let pendingChanged = state.pending != update.pendingSteps
            state.pending = update.pendingSteps
            state.recentWithdrawn += update.withdrawnSteps
            if plausible {
                for step in update.provisionalSteps {
                    state.recentProvisional.append(Self.record(at: clock.wallTime(ofMonotonic: step.time).timeIntervalSince1970,
                                                               cadence: step.cadence))
                }
            }
            if plausible && !state.waitingForClock.isEmpty {
                let waiting = state.waitingForClock
                state.waitingForClock.removeAll()
                for step in waiting { file(step, in: &state) }
            }
            var steps = update.steps.map { WaitingStep(time: $0.time, cadence: $0.cadence, backend: update.backend) }
            if let counted = update.hardwareSteps {
                if plausible { countBeside(counted, in: &state) }
                // The chip's count is the day's count only when it is the source.
                if update.backend == .hardwareSteps && counted.count > 0 {
                    steps.append(WaitingStep(time: counted.time, cadence: 0, backend: .hardwareSteps, count: counted.count, timed: false))
                }
            }
            for step in steps {
                if plausible {
                    file(step, in: &state)
                } else {
                    if state.waitingForClock.count >= waitingLimit { file(state.waitingForClock.removeFirst(), in: &state) }
                    state.waitingForClock.append(step)
                }
            }
            if !steps.isEmpty { checkMilestones(&state) }
            if !steps.isEmpty || update.walking || pendingChanged { state.progressVersion += 1 }
        }
    }

    /// Adds what the chip's counter counted to its count for today, shown beside the day's count.
    private func countBeside(_ counted: (count: Int, time: Double), in state: inout State) {
        let day = state.boundary.day(containing: clock.wallTime(ofMonotonic: counted.time))
        if day > state.today { roll(to: day, &state) }
        let before = state.hardwareStepsToday
        if day == state.today { state.hardwareStepsToday = (state.hardwareStepsToday ?? 0) + counted.count }
        if state.hardwareStepsToday != before { state.progressVersion += 1 }
    }

    /// Adds one step (or a chip's untimed steps) to its minute and day.
    private func file(_ step: WaitingStep, in state: inout State) {
        let wall = clock.wallTime(ofMonotonic: step.time)
        let seconds = wall.timeIntervalSince1970
        let minute = Int64((seconds / 60).rounded(.down)) * 60
        let day = state.boundary.day(containing: wall)
        if day > state.today { roll(to: day, &state) }
        let delta = MinuteDelta(start: minute, source: step.backend, day: day, steps: step.count,
                                cadenceSum: step.cadence * Double(step.count))
        state.pendingMinutes.add(delta)
        state.pendingDayGoals[day] = state.goals.goal(for: day, boundary: state.boundary)
        if day == state.today {
            state.todaySteps += step.count
            state.todayMinutes.add(delta)
        }
        state.lifetime += step.count
        // A STEP event says when a step happened: the chip's counter does not know.
        guard step.timed else { return }
        state.recentSteps.append(Self.record(at: seconds, cadence: step.cadence))
    }

    /// A step as a STEP event reports it, final or provisional: its time to the millisecond,
    /// its cadence to a tenth.
    private static func record(at unixSeconds: Double, cadence: Double) -> StepRecord {
        StepRecord(time: (unixSeconds * 1000).rounded() / 1000, cadenceSpm: DaemonSnapshot.reported(tenths: cadence))
    }

    private func roll(to day: LocalDay, _ state: inout State) {
        state.today = day
        state.todaySteps = 0
        state.reached = []
        state.todayMinutes.removeAll()
        state.hardwareStepsToday = state.hardwareStepsToday.map { _ in 0 }
        state.progressVersion += 1
    }

    private func checkMilestones(_ state: inout State) {
        let goal = state.goals.goal(at: clock.now())
        guard let reached = try? state.tracker.update(day: state.today, steps: state.todaySteps, goal: goal) else { return }
        let now = clock.now().timeIntervalSince1970
        for milestone in reached {
            state.reached.append(milestone)
            state.pendingMilestones.append(MilestoneRecord(day: state.today, milestone: milestone,
                                                           steps: state.todaySteps, goal: goal, reachedAt: now))
        }
    }

    /// Moves to a new day when midnight (or the configured day start) has passed without steps.
    public func tick() {
        let now = clock.now()
        guard clock.wallClockIsPlausible() else { return }
        state.withLockedValue { state in
            let day = state.boundary.day(containing: now)
            if day > state.today { roll(to: day, &state) }
        }
    }

    /// Everything to write since the last call; the ledger forgets it until `restore` gives
    /// it back (when the write failed).
    public func takeBatch() -> StoreBatch {
        state.withLockedValue { state in
            let batch = StoreBatch(minutes: state.pendingMinutes.deltas, dayGoals: state.pendingDayGoals,
                                   milestones: state.pendingMilestones, goalChanges: state.pendingGoalChanges)
            state.pendingMinutes.removeAll()
            state.pendingDayGoals.removeAll(keepingCapacity: true)
            state.pendingMilestones.removeAll()
            state.pendingGoalChanges.removeAll()
            return batch
        }
    }

    /// Takes back a batch that could not be written, merging it with what came since.
    public func restore(_ batch: StoreBatch) {
        state.withLockedValue { state in
            state.pendingMinutes.add(contentsOf: batch.minutes)
            for (day, goal) in batch.dayGoals where state.pendingDayGoals[day] == nil { state.pendingDayGoals[day] = goal }
            state.pendingMilestones = batch.milestones + state.pendingMilestones
            state.pendingGoalChanges = batch.goalChanges + state.pendingGoalChanges
        }
    }

    /// Minutes whose steps are not yet on disk (for history that must include them).
    public func pendingMinutes() -> [MinuteDelta] {
        state.withLockedValue { $0.pendingMinutes.deltas }
    }

    /// Everything of today the ledger knows, as one batch for a fresh store (after the old
    /// one was found corrupt): today's minutes filed since the start, written or not, each under
    /// its own source; the rest of today's count (stored before the start) as steps without a
    /// minute; today's goal; the milestones reached today; the whole goal history.
    public func todayRebuildBatch() -> StoreBatch {
        state.withLockedValue { state in
            let day = state.today
            let goal = state.goals.goal(for: day, boundary: state.boundary)
            let reachedAt = clock.now().timeIntervalSince1970
            let milestones = state.reached.map {
                MilestoneRecord(day: day, milestone: $0, steps: $0.threshold(goal: goal), goal: goal, reachedAt: reachedAt)
            }
            let changes = state.goals.changes.map { GoalChange($0, changedBy: nil) }
            let earlier = state.todaySteps - state.todayMinutes.steps
            return StoreBatch(minutes: state.todayMinutes.deltas, stepsWithoutMinutes: earlier > 0 ? [day: earlier] : [:],
                              dayGoals: [day: goal], milestones: milestones, goalChanges: changes)
        }
    }

    /// The day the ledger counts now.
    public var today: LocalDay { state.withLockedValue { $0.today } }

    /// Steps not yet on disk.
    public var unwrittenSteps: Int {
        state.withLockedValue { $0.pendingMinutes.steps + $0.waitingForClock.reduce(0) { $0 + $1.count } }
    }

    /// Whether anything waits to be written: steps, goals, milestones.
    public var hasUnwritten: Bool {
        state.withLockedValue {
            !$0.pendingMinutes.isEmpty || !$0.pendingDayGoals.isEmpty || !$0.pendingMilestones.isEmpty || !$0.pendingGoalChanges.isEmpty
        }
    }

    /// Changes whenever today's figures may have: a step, a walk going on, a new goal or day.
    public var progressVersion: Int { state.withLockedValue { $0.progressVersion } }

    /// Steps filed since the last call, for STEP events.
    public func takeRecentSteps() -> [StepRecord] {
        state.withLockedValue { state in
            let steps = state.recentSteps
            state.recentSteps.removeAll(keepingCapacity: true)
            return steps
        }
    }

    /// Provisional steps reported and provisional steps withdrawn since the last call, with the
    /// pending count now, for STEP events.
    public func takeRecentProvisional() -> (steps: [StepRecord], withdrawn: Int, pending: Int) {
        state.withLockedValue { state in
            let steps = state.recentProvisional, withdrawn = state.recentWithdrawn
            state.recentProvisional.removeAll(keepingCapacity: true)
            state.recentWithdrawn = 0
            return (steps, withdrawn, state.pending)
        }
    }

    /// Sets the goal from now on; milestones the new goal passes are reached now.
    /// - Returns: the goal history after the change.
    public func setGoal(_ goal: Int, changedBy uid: UInt32?) throws -> GoalHistory {
        let now = clock.now()
        return try state.withLockedValue { state in
            try state.goals.setGoal(goal, at: now)
            state.pendingGoalChanges.append(GoalChange(effectiveAt: now.timeIntervalSince1970, goal: goal, changedBy: uid))
            state.pendingDayGoals[state.today] = goal
            checkMilestones(&state)
            state.progressVersion += 1
            return state.goals
        }
    }

    /// Applies a new day start (after a configuration reload); future steps follow it.
    public func setBoundary(_ boundary: DayBoundary) {
        state.withLockedValue { $0.boundary = boundary }
        tick()
    }

    /// Follows a change of the system's time zone (the administrator ran timedatectl, or
    /// /etc/localtime changed): steps from now on are filed by the new zone.
    /// - Returns: the new zone's identifier when it changed.
    @discardableResult
    public func followSystemTimeZone() -> String? {
        let zone = SystemTimeZone.current()
        let changed: Bool = state.withLockedValue { state in
            guard state.boundary.timeZone.identifier != zone.identifier
                    || state.boundary.timeZone.secondsFromGMT() != zone.secondsFromGMT() else { return false }
            if let boundary = try? DayBoundary(timeZone: zone, startHour: state.boundary.startHour,
                                               startMinute: state.boundary.startMinute) {
                state.boundary = boundary
                return true
            }
            return false
        }
        if changed { tick() }
        return changed ? zone.identifier : nil
    }

    /// Today's figures now.
    public func figures() -> Figures {
        let now = clock.now()
        return state.withLockedValue { state in
            Figures(day: state.today, steps: state.todaySteps, goal: state.goals.goal(at: now), reached: state.reached,
                    walking: state.walking, cadence: state.walking ? state.cadence : 0, lifetime: state.lifetime,
                    todayMinutes: state.todayMinutes, goalSince: state.goals.changes.last { $0.effective <= now }?.effective,
                    boundary: state.boundary, goals: state.goals, version: state.progressVersion,
                    hardwareStepsToday: state.hardwareStepsToday, pending: state.pending)
        }
    }
}
