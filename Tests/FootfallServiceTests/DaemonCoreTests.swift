import Foundation
import FootfallGoals
import FootfallProtocol
import FootfallStore
import FootfallTestSupport
import Testing
@testable import FootfallService

/// The daemon's answers in process: `DaemonCore` on a real store, with the ledger's steps
/// still in memory, for peers the kernel would name.
struct DaemonCoreTests {
    let today = localDay("2026-06-01")
    let owner = PeerCredentials(pid: 1, uid: DaemonParts.daemonUID, gid: DaemonParts.daemonUID)
    let stranger = PeerCredentials(pid: 2, uid: DaemonParts.daemonUID + 1, gid: DaemonParts.daemonUID + 1)

    func ask(_ parts: DaemonParts, _ request: Request, id: RequestID? = .number(7), from peer: PeerCredentials?) async -> ServerMessage {
        await parts.core.reply(to: RequestEnvelope(request, id: id), from: peer)
    }

    @Test func theBannerAndVersionNameTheRelease() async throws {
        let parts = try DaemonParts()
        #expect(parts.core.banner == .version(VersionMessage(release: DaemonParts.release)))
        #expect(await ask(parts, .version, from: nil) == .version(VersionMessage(release: DaemonParts.release, id: .number(7))))
    }

    @Test func statusIsTheLedgersDayWithTheSourceNotYetOpen() async throws {
        let parts = try DaemonParts()
        parts.walk(40)
        guard case .status(let status) = await ask(parts, .status, from: nil) else { Issue.record("no STATUS"); return }
        #expect(status.id == .number(7))
        #expect(status.day == today && status.steps == 40 && status.goal == 10_000)
        #expect(status.progress == 0.004 && status.tier == .low && status.walking && status.cadenceSpm == 110)
        #expect(status.distanceM == 20, "40 steps of the configured 0.5 m")
        #expect(status.source.kind == .none && status.source.state == .starting)
    }

    @Test func onlyTheDaemonsUserOrRootSetsTheGoal() async throws {
        let parts = try DaemonParts()
        for peer in [stranger, nil] {
            guard case .error(let refusal) = await ask(parts, .goal(set: 8000), from: peer) else { Issue.record("not refused"); return }
            #expect(refusal.code == .notPermitted && refusal.id == .number(7))
        }
        #expect(parts.ledger.figures().goal == 10_000)
        guard case .goal(let set) = await ask(parts, .goal(set: 8000), from: owner) else { Issue.record("no GOAL"); return }
        #expect(set.goal == 8000 && set.since == parts.ledger.figures().goalSince?.timeIntervalSince1970 && set.since != nil)
        #expect(parts.ledger.figures().goal == 8000)
        let root = PeerCredentials(pid: 3, uid: 0, gid: 0)
        guard case .goal = await ask(parts, .goal(set: 9000), from: root) else { Issue.record("root was refused"); return }
        guard case .goal(let read) = await ask(parts, .goal(set: nil), from: stranger) else { Issue.record("no GOAL"); return }
        #expect(read.goal == 9000, "anyone may read it")
    }

    /// The socket's parser refuses such goals first; D-Bus's SetGoal reaches the core with any uint32.
    @Test func aGoalOutsideTheAllowedOnesIsRefusedWhoeverAsks() throws {
        let parts = try DaemonParts()
        for goal in [0, GoalHistory.allowedGoals.upperBound + 1] {
            #expect(throws: GoalChangeRefusal.invalid("the goal must be a whole number of steps from 1 to 1000000")) {
                try parts.core.setGoal(goal, requestedBy: 0)
            }
        }
        #expect(parts.ledger.figures().goal == 10_000)
    }

    @Test func aHistoryOfDaysJoinsTheStoreAndTheStepsStillInMemory() async throws {
        let parts = try DaemonParts()
        let yesterday = today.previous
        try parts.store.current.write(StoreBatch(
            minutes: [MinuteDelta(start: 1_780_228_800, source: .evdev, day: yesterday, steps: 300, cadenceSum: 33_000)],
            dayGoals: [yesterday: 9000]))
        parts.walk(42)
        guard case .history(let history) = await ask(parts, .history(Request.HistoryQuery(days: 3)), from: nil) else {
            Issue.record("no HISTORY"); return
        }
        #expect(history.id == .number(7) && history.from == today.adding(days: -2) && history.to == today)
        #expect(history.days == [DayTotal(day: today.adding(days: -2), steps: 0, goal: 10_000),
                                 DayTotal(day: yesterday, steps: 300, goal: 9000),
                                 DayTotal(day: today, steps: 42, goal: 10_000)])
        #expect(parts.ledger.unwrittenSteps == 42, "reading history writes nothing")
    }

    @Test func aHistoryOfMinutesAddsUnwrittenStepsToTheirStoredMinute() async throws {
        let parts = try DaemonParts()
        parts.walk(30)
        let pending = parts.ledger.pendingMinutes()
        let first = try #require(pending.first)
        // The same minute already has steps on disk (a flush before this batch), and so has 10:00.
        try parts.store.current.write(StoreBatch(
            minutes: [MinuteDelta(start: first.start, source: .iio, day: today, steps: 20, cadenceSum: 2000),
                      MinuteDelta(start: 1_780_308_000, source: .evdev, day: today, steps: 50, cadenceSum: 6000)],
            dayGoals: [today: 10_000]))
        let query = Request.HistoryQuery(granularity: .minute, from: today, to: today)
        guard case .history(let history) = await ask(parts, .history(query), from: nil), let minutes = history.minutes else {
            Issue.record("no minutes"); return
        }
        #expect(minutes.first == HistoryMinute(start: 1_780_308_000, steps: 50, cadenceSpm: 120, source: .evdev))
        let merged = try #require(minutes.first { $0.start == Double(first.start) })
        let mergedSteps = 20 + first.steps
        let mergedCadence = DaemonSnapshot.reported(tenths: (2000 + first.cadenceSum) / Double(mergedSteps))
        #expect(merged == HistoryMinute(start: Double(first.start), steps: mergedSteps, cadenceSpm: mergedCadence, source: .iio))
        let total = minutes.reduce(0) { $0 + $1.steps }
        #expect(total == 50 + 20 + 30)
        #expect(minutes.count == pending.count + 1, "one entry per minute, stored and unwritten together")
    }

    @Test func aHistoryTooLongIsRefusedWithTheRequestsId() async throws {
        let parts = try DaemonParts()
        let query = Request.HistoryQuery(granularity: .minute, from: today.adding(days: -40), to: today)
        guard case .error(let refusal) = await ask(parts, .history(query), id: .string("h"), from: nil) else {
            Issue.record("not refused"); return
        }
        #expect(refusal.code == .badArgument && refusal.id == .string("h"))
    }
}
