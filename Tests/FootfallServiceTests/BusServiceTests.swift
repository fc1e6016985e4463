import Foundation
import FootfallGoals
import FootfallStore
import FootfallTestSupport
import ServiceLifecycleTestKit
import Testing
@testable import FootfallService
#if canImport(Glibc)
import Glibc
#endif

/// The D-Bus service in process, on a private dbus-daemon, answering through a real
/// `DaemonCore`: properties from the snapshot, the methods, the signals the hub's events turn
/// into, and what it does without a bus or with its name taken.
@Suite(.serialized)
struct BusServiceTests {
    static let name = FootfallBusInterface.busName
    static let path = FootfallBusInterface.objectPath
    let today = localDay("2026-06-01")

    /// Runs `service` while `body` runs, then shuts it down gracefully; it must then return.
    func serving(_ service: BusService, on bus: PrivateBus, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await testGracefulShutdown { trigger in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await service.run() }
                try await eventually("the name on the bus") { (try? bus.busctl(["status", Self.name]))?.status == 0 }
                try await body()
                trigger.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
    }

    /// Whether `service.run()` returns by itself within `timeout` (no shutdown asked).
    func returnsByItself(_ service: BusService, within timeout: Duration = .seconds(60)) async throws -> Bool {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await service.run(); return true }
            group.addTask { try await Task.sleep(for: timeout); return false }
            let first = try await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    @Test(.enabled(if: PrivateBus.isAvailable, Comment(rawValue: PrivateBus.skipReason)))
    func propertiesMethodsAndSignalsOnAPrivateBus() async throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let parts = try DaemonParts()
        parts.walk(40)
        let service = BusService(bus: .session, address: bus.address, core: parts.core, hub: parts.hub, logger: quietLogger)
        let (monitor, signals) = try bus.start("gdbus", ["monitor", "--dest", Self.name, "--object-path", Self.path])
        defer {
            kill(monitor.processIdentifier, SIGKILL)
            monitor.waitUntilExit()
        }
        try await serving(service, on: bus) {
            let properties = try bus.busctl(["get-property", Self.name, Self.path, Self.name, "Steps", "Goal", "SourceState", "Version"])
            #expect(properties.stdout == "u 40\nu 10000\ns \"starting\"\ns \"\(DaemonParts.release)\"\n", "\(properties)")

            // The goal: root may set it (the daemon's user is another), nobody may not.
            #expect(try bus.busctl(["call", Self.name, Self.path, Self.name, "SetGoal", "u", "8000"]).status == 0)
            #expect(parts.ledger.figures().goal == 8000)
            let refused = try bus.gdbus(["call", "--dest", Self.name, "--object-path", Self.path, "--method", "\(Self.name).SetGoal", "100"],
                                        user: 65534)
            #expect(refused.stderr.contains("org.freedesktop.DBus.Error.AccessDenied: only the daemon's user or root may change the goal"),
                    "\(refused)")
            #expect(parts.ledger.figures().goal == 8000)

            // History, through the store's queue and back to the bus thread.
            let days = try bus.busctl(["call", Self.name, Self.path, Self.name, "GetDays", "ss", "2026-05-31", "2026-06-01"])
            #expect(days.stdout == "a(suu) 2 \"2026-05-31\" 0 10000 \"2026-06-01\" 40 8000\n", "\(days)")
            let minutes = try bus.busctl(["call", Self.name, Self.path, Self.name, "GetMinutes", "s", "2026-06-01"])
            #expect(minutes.stdout.hasPrefix("a(xuds) ") && minutes.stdout.contains("\"iio\""), "\(minutes)")
            let badDay = try bus.busctl(["call", Self.name, Self.path, Self.name, "GetMinutes", "s", "yesterday"])
            #expect(badDay.status != 0 && badDay.stderr.contains("'day' must be a day"), "\(badDay)")

            // The hub's events become signals: a report's figures, a stored milestone.
            parts.walk(10)
            parts.hub.publish(DaemonEvent(.progress(parts.ledger.figures())))
            #expect(await signals.waitFor(timeout: 30) { $0.contains(".PropertiesChanged ('\(Self.name)'") && $0.contains("'Steps': <uint32 50>") },
                    "\(signals.current.suffix(5))")
            let half = MilestoneRecord(day: today, milestone: .half, steps: 4000, goal: 8000, reachedAt: 1_780_315_200)
            parts.hub.publish(DaemonEvent(.milestone(half)))
            #expect(await signals.waitFor(timeout: 30) { $0.contains(".MilestoneReached ('2026-06-01', 'half', uint32 4000, uint32 8000)") },
                    "\(signals.current.suffix(5))")

            // A second daemon finds the name taken, says so and ends; this one goes on.
            let second = BusService(bus: .session, address: bus.address, core: parts.core, hub: parts.hub, logger: quietLogger)
            #expect(try await returnsByItself(second))
            #expect(try bus.busctl(["get-property", Self.name, Self.path, Self.name, "Steps"]).stdout == "u 50\n")
        }
        #expect(try bus.busctl(["status", Self.name]).status != 0, "the name is released at shutdown")
    }

    /// Without a bus there is nothing to serve: the service ends by itself (the group ignores
    /// that) instead of waiting for the daemon's shutdown.
    @Test func withoutABusTheServiceEndsByItself() async throws {
        let parts = try DaemonParts()
        let service = BusService(bus: .session, address: "unix:path=\(parts.folder.path)/no-bus", core: parts.core, hub: parts.hub,
                                 logger: quietLogger)
        #expect(try await returnsByItself(service))
        #expect(!parts.hub.hasWatchers, "it stopped watching the hub")
    }
}
