import Foundation
import FootfallGoals
import FootfallInput
import FootfallProtocol
import FootfallStore
import NIOConcurrencyHelpers

/// Answers the socket's requests from the ledger (today), the store (history) and the sensor
/// service (the device). State changes (setting the goal) are allowed only to the daemon's own
/// user and root, as the kernel reports them (SO_PEERCRED).
public final class DaemonCore: RequestHandler {
    let ledger: StepLedger
    let store: StoreHandle
    let executor: BlockingExecutor
    let sensor: SensorService
    let catalog: SensorCatalog?
    let started: Double
    let release: String
    let settings: NIOLockedValueBox<Settings>
    let daemonUID: UInt32

    /// What a configuration reload can change while running.
    public struct Settings: Sendable {
        public var stride: Double
        public var approximations: Bool
        public var userName: String?
        public var palette: String
        public init(stride: Double, approximations: Bool, userName: String?, palette: String) {
            self.stride = stride
            self.approximations = approximations
            self.userName = userName
            self.palette = palette
        }
    }

    /// Creates the core.
    public init(ledger: StepLedger, store: StoreHandle, executor: BlockingExecutor, sensor: SensorService,
                catalog: SensorCatalog?, release: String, settings: Settings, daemonUID: UInt32 = getuid()) {
        self.ledger = ledger
        self.store = store
        self.executor = executor
        self.sensor = sensor
        self.catalog = catalog
        self.release = release
        self.settings = NIOLockedValueBox(settings)
        self.daemonUID = daemonUID
        started = MonotonicClock.now()
    }

    /// Applies reloaded settings.
    public func update(_ new: Settings) { settings.withLockedValue { $0 = new } }

    public var banner: ServerMessage { .version(VersionMessage(release: release)) }

    public func reply(to envelope: RequestEnvelope, from peer: PeerCredentials?) async -> ServerMessage {
        let id = envelope.id
        switch envelope.request {
        case .version:
            return .version(VersionMessage(release: release, id: id))
        case .status:
            var message = status()
            message.id = id
            return .status(message)
        case .watch(let enable):
            return .watch(WatchMessage(enable: enable, id: id))
        case .goal(let set):
            if let set {
                guard peer?.mayChangeState(daemonUID: daemonUID) ?? false else {
                    return .error(ErrorMessage(ProtocolError(.notPermitted, "only the daemon's user or root may change the goal", id: id)))
                }
                do {
                    let history = try ledger.setGoal(set, changedBy: peer?.uid)
                    return .goal(GoalMessage(goal: set, since: history.changes.last?.effective.timeIntervalSince1970, id: id))
                } catch {
                    return .error(ErrorMessage(ProtocolError(.badArgument, "\(error)", id: id)))
                }
            }
            let figures = ledger.figures()
            return .goal(GoalMessage(goal: figures.goal, since: figures.goalSince?.timeIntervalSince1970, id: id))
        case .devices:
            return .devices(DevicesMessage(devices: await devices(), id: id))
        case .history(let query):
            do {
                var message = try await history(query)
                message.id = id
                return .history(message)
            } catch let error as ProtocolError {
                var error = error
                error.id = id
                return .error(ErrorMessage(error))
            } catch {
                return .error(ErrorMessage(ProtocolError(.unavailable, "the store cannot be read: \(error)", id: id)))
            }
        }
    }

    /// Today's figures as a STATUS message.
    public func status() -> StatusMessage {
        let figures = ledger.figures()
        let source = sensor.state
        let settings = settings.withLockedValue { $0 }
        let progress = Double(figures.steps) / Double(max(figures.goal, 1))
        var exercise: Int?
        var active: Int?
        if settings.approximations {
            let minutes = figures.todayMinutes.compactMap { start, steps in
                try? MinuteStepCount(start: Date(timeIntervalSince1970: Double(start)), steps: steps)
            }
            let approximation = ActivityApproximation(minutes: minutes, day: figures.day, boundary: figures.boundary)
            exercise = approximation.exerciseMinutes
            active = approximation.activeHours
        }
        let device = source.device
        return StatusMessage(
            day: figures.day.description, steps: figures.steps, goal: figures.goal,
            progress: (progress * 10_000).rounded() / 10_000, tier: ProgressTier(progress: progress).name,
            cadenceSpm: (figures.cadence * 10).rounded() / 10, walking: figures.walking,
            distanceM: (Double(figures.steps) * settings.stride * 10).rounded() / 10,
            milestones: figures.reached.map(\.description),
            source: SourceStatus(kind: device?.backend.rawValue ?? "none", device: device?.id ?? "", name: device?.name ?? "",
                                 state: source.state, losses: source.losses, rateHz: device?.currentRateHz),
            hardwareSteps: source.hardwareSteps, samplesProcessed: source.samplesProcessed,
            uptimeS: ((MonotonicClock.now() - started) * 10).rounded() / 10,
            exerciseMinutes: exercise, activeHours: active, userName: settings.userName, palette: settings.palette)
    }

    func devices() async -> [DeviceRecord] {
        let active = sensor.state.device
        var found: [SensorDevice] = []
        if let catalog, let report = try? await executor.run({ catalog.discover() }) { found = report.devices }
        if let active, !found.contains(where: { $0.id == active.id }) { found.insert(active, at: 0) }
        return found.map {
            DeviceRecord(backend: $0.backend.rawValue, id: $0.id, name: $0.name, currentRateHz: $0.currentRateHz,
                         mountMatrix: $0.mountMatrix.description, hardwareStepCounter: $0.hasHardwareStepCounter, active: $0.id == active?.id)
        }
    }

    func history(_ query: Request.HistoryQuery) async throws -> HistoryMessage {
        let figures = ledger.figures()
        let to = try query.to.map { try LocalDay($0) } ?? figures.day
        let from = try query.from.map { try LocalDay($0) } ?? to.adding(days: -((query.days ?? 7) - 1))
        guard from <= to else { throw ProtocolError(.badArgument, "'from' is after 'to'") }
        let store = self.store
        switch query.granularity {
        case .day:
            guard to.daysSince1970 - from.daysSince1970 <= 36_600 else { throw ProtocolError(.badArgument, "at most 36600 days at once") }
            let ledger = self.ledger
            let (pending, stored) = try await executor.run {
                (ledger.pendingMinutes(), try store.current.days(from: from.description, to: to.description))
            }
            var byDay = Dictionary(stored.map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
            // Past days can have unwritten steps too (a wall clock set back across midnight).
            for delta in pending {
                let goal = (try? LocalDay(delta.day)).map { figures.goals.goal(for: $0, boundary: figures.boundary) } ?? figures.goal
                var row = byDay[delta.day] ?? DayTotal(day: delta.day, steps: 0, goal: goal)
                row.steps += delta.steps
                byDay[delta.day] = row
            }
            // Steps still in memory belong to the figures too.
            var records: [DayRecord] = []
            var day = from
            while day <= to {
                let row = byDay[day.description]
                var steps = row?.steps ?? 0
                var goal = row?.goal ?? figures.goals.goal(for: day, boundary: figures.boundary)
                if day == figures.day {
                    steps = figures.steps
                    goal = figures.goal
                }
                records.append(DayRecord(day: day.description, steps: steps, goal: goal))
                day = day.next
            }
            return HistoryMessage(granularity: .day, from: from.description, to: to.description, days: records)
        case .minute:
            guard to.daysSince1970 - from.daysSince1970 <= 31 else { throw ProtocolError(.badArgument, "at most 31 days of minutes at once") }
            let start = Int64(figures.boundary.start(of: from).timeIntervalSince1970)
            let end = Int64(figures.boundary.start(of: to.next).timeIntervalSince1970)
            // Unwritten minutes and the store, read together on the store's queue: the flush takes
            // and writes on the same queue, so every step is in exactly one of the two.
            let ledger = self.ledger
            let (pending, rows) = try await executor.run {
                (ledger.pendingMinutes().filter { $0.start >= start && $0.start < end }, try store.current.minutes(from: start, to: end))
            }
            var merged: [String: (start: Int64, source: String, steps: Int, cadenceSum: Double)] = [:]
            for row in rows {
                merged["\(row.start)/\(row.source)"] = (row.start, row.source, row.steps, row.cadence * Double(row.steps))
            }
            for delta in pending {
                let key = "\(delta.start)/\(delta.source)"
                var entry = merged[key] ?? (delta.start, delta.source, 0, 0)
                entry.steps += delta.steps
                entry.cadenceSum += delta.cadenceSum
                merged[key] = entry
            }
            let minutes = merged.values.sorted { ($0.start, $0.source) < ($1.start, $1.source) }.map {
                MinuteRecord(start: Double($0.start), steps: $0.steps,
                             cadenceSpm: $0.steps > 0 ? ($0.cadenceSum / Double($0.steps) * 10).rounded() / 10 : 0, source: $0.source)
            }
            return HistoryMessage(granularity: .minute, from: from.description, to: to.description, minutes: minutes)
        }
    }
}
