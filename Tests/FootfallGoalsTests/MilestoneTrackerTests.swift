import FootfallRandom
import Foundation
import Testing
@testable import FootfallGoals

/// MilestoneTracker: each milestone exactly once a day, across restarts, goal changes and rollover.
struct MilestoneTrackerTests {
    let day: LocalDay

    init() throws {
        day = try LocalDay("2026-06-10")
    }

    /// What the store does at a daemon restart: encode the state, decode it in a new process.
    static func restarted(_ tracker: MilestoneTracker) throws -> MilestoneTracker {
        try JSONDecoder().decode(MilestoneTracker.self, from: JSONEncoder().encode(tracker))
    }

    @Test func eachMilestoneOnceAcrossRestarts() throws {
        var tracker = MilestoneTracker()
        #expect(try tracker.update(day: day, steps: 4999, goal: 10_000) == [])
        #expect(try tracker.update(day: day, steps: 5000, goal: 10_000) == [.half])
        tracker = try Self.restarted(tracker)
        #expect(try tracker.update(day: day, steps: 5000, goal: 10_000) == [])
        #expect(try tracker.update(day: day, steps: 9999, goal: 10_000) == [])
        #expect(try tracker.update(day: day, steps: 10_000, goal: 10_000) == [.multiple(1)])
        tracker = try Self.restarted(tracker)
        #expect(try tracker.update(day: day, steps: 10_400, goal: 10_000) == [])
        #expect(try tracker.update(day: day, steps: 20_000, goal: 10_000) == [.multiple(2)])
        let stored = String(decoding: try JSONEncoder().encode(tracker), as: UTF8.self)
        #expect(stored.contains("\"2026-06-10\"") && stored.contains("\"2x\""))
    }

    @Test func aLoweredGoalAnnouncesEveryMilestonePassedInOrder() throws {
        var tracker = MilestoneTracker()
        #expect(try tracker.update(day: day, steps: 9000, goal: 10_000) == [.half])
        #expect(try tracker.update(day: day, steps: 9000, goal: 2000) == [.multiple(1), .multiple(2), .multiple(3), .multiple(4)])
        #expect(try tracker.update(day: day, steps: 9000, goal: 2000) == [])
    }

    @Test func aRaisedGoalRetractsNothingAndRepeatsNothing() throws {
        var tracker = MilestoneTracker()
        #expect(try tracker.update(day: day, steps: 20_000, goal: 10_000) == [.half, .multiple(1), .multiple(2)])
        // Raised: now only halfway, but nothing is taken back or announced again...
        #expect(try tracker.update(day: day, steps: 20_000, goal: 40_000) == [])
        #expect(tracker.highestAnnounced == .multiple(2))
        #expect(try tracker.update(day: day, steps: 80_000, goal: 40_000) == [])
        // ...until a milestone beyond the highest announced is reached.
        #expect(try tracker.update(day: day, steps: 120_000, goal: 40_000) == [.multiple(3)])
    }

    @Test func rolloverStartsAfreshAndIgnoresThePastDay() throws {
        var tracker = MilestoneTracker()
        #expect(try tracker.update(day: day, steps: 12_000, goal: 10_000) == [.half, .multiple(1)])
        let tomorrow = day.next
        #expect(try tracker.update(day: tomorrow, steps: 300, goal: 10_000) == [])
        #expect(tracker.day == tomorrow && tracker.highestAnnounced == nil)
        // Late steps credited to yesterday after rollover announce nothing and leave today alone.
        #expect(try tracker.update(day: day, steps: 30_000, goal: 10_000) == [])
        #expect(tracker.day == tomorrow)
        #expect(try tracker.update(day: tomorrow, steps: 5000, goal: 10_000) == [.half])
        // A restart on a later day, from yesterday's stored state.
        var restored = try Self.restarted(tracker)
        #expect(try restored.update(day: tomorrow.next, steps: 10_000, goal: 10_000) == [.half, .multiple(1)])
    }

    @Test func aGoalOfOneStep() throws {
        var tracker = MilestoneTracker()
        #expect(try tracker.update(day: day, steps: 0, goal: 1) == [])
        #expect(try tracker.update(day: day, steps: 1, goal: 1) == [.half, .multiple(1)])
        #expect(try tracker.update(day: day, steps: 3, goal: 1) == [.multiple(2), .multiple(3)])
        #expect(Milestone.half.threshold(goal: 1) == 1)
        #expect(Milestone.half.threshold(goal: 3) == 2)
    }

    @Test func fiftyTimesTheGoal() throws {
        var tracker = MilestoneTracker()
        let reached = try tracker.update(day: day, steps: 500_000, goal: 10_000)
        #expect(reached == [.half] + (1...50).map(Milestone.multiple))
        #expect(reached == reached.sorted() && Set(reached).count == 51)
        #expect(try tracker.update(day: day, steps: 509_999, goal: 10_000) == [])
        #expect(try tracker.update(day: day, steps: 510_000, goal: 10_000) == [.multiple(51)])
    }

    @Test func badInputLeavesTheTrackerAlone() throws {
        var tracker = MilestoneTracker()
        _ = try tracker.update(day: day, steps: 5000, goal: 10_000)
        let before = tracker
        #expect(throws: GoalError.goalBelowOne(0)) { try tracker.update(day: day.next, steps: 5000, goal: 0) }
        #expect(throws: GoalError.negativeSteps(-1)) { try tracker.update(day: day.next, steps: -1, goal: 10) }
        #expect(tracker == before)
    }

    /// A seeded day of random updates, goal changes and restarts: every milestone up to the
    /// highest ever reached is announced exactly once, in order, and nothing else.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func randomDaysAnnounceEachReachedMilestoneOnce(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var tracker = MilestoneTracker()
        var steps = 0, goal = 10_000
        var announced: [Milestone] = []
        var highestRank = 0
        for _ in 0..<200 {
            switch random.next() % 10 {
            case 0: goal = 1 + Int(random.next() % 20_000)
            case 1: tracker = try Self.restarted(tracker)
            default: steps += Int(random.next() % 1500)
            }
            announced += try tracker.update(day: day, steps: steps, goal: goal)
            if let reached = MilestoneTracker.highestReached(steps: steps, goal: goal) {
                highestRank = max(highestRank, reached.rank)
            }
        }
        #expect(highestRank > 2)
        #expect(announced == (0..<highestRank).map { Milestone(rank: $0 + 1) })
    }

    @Test func milestoneLabelsAndOrder() throws {
        #expect(Milestone.half < .multiple(1) && Milestone.multiple(1) < .multiple(2))
        #expect([Milestone.half, .multiple(1), .multiple(12)].map(\.description) == ["half", "1x", "12x"])
        #expect(Milestone.multiple(1).announcement == "Step goal reached.")
        #expect([Milestone.half, .multiple(3)].map(\.percent) == [50, 300])
        let decoded = try JSONDecoder().decode([Milestone].self, from: Data(#"["half","1x","7x"]"#.utf8))
        #expect(decoded == [.half, .multiple(1), .multiple(7)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Milestone].self, from: Data(#"["0x"]"#.utf8)) }
    }

    @Test func restoresFromStoredColumns() throws {
        var tracker = MilestoneTracker(day: day, highestAnnounced: .multiple(1))
        #expect(try tracker.update(day: day, steps: 25_000, goal: 10_000) == [.multiple(2)])
    }
}
