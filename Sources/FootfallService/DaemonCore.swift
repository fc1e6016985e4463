#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import FootfallGoals
import FootfallInput
import FootfallProtocol
import FootfallStore

/// Answers the socket's requests from the ledger (today), the store (history) and the sensor
/// service (the device), and makes the daemon's snapshot, which every other outlet reads.
/// State changes (setting the goal) are allowed only to the daemon's own user and root, as the
/// kernel reports them (SO_PEERCRED; `PeerCredentials.mayChangeState` is the rule).
public final class DaemonCore: RequestHandler, DaemonSnapshotProviding {
    let ledger: StepLedger
    let store: StoreHandle
    let executor: BlockingExecutor
    let sensor: SensorService
    let catalog: SensorCatalog?
    let started: Double
    let release: String
    let settings: LiveSettings
    let daemonUID: UInt32
    let handover: BatchHandover?

    /// Creates the core.
    /// - Parameters:
    ///   - catalog: where `devices` looks for accelerometers; nil when replaying a trace.
    ///   - settings: the settings in force, which a reload replaces.
    ///   - handover: told when a request changed the ledger (a new goal), so watchers and the
    ///     store hear of it at once rather than with the next batch.
    public init(ledger: StepLedger, store: StoreHandle, executor: BlockingExecutor, sensor: SensorService,
                catalog: SensorCatalog?, release: String, settings: LiveSettings, daemonUID: UInt32 = getuid(),
                handover: BatchHandover? = nil) {
        self.handover = handover
        self.ledger = ledger
        self.store = store
        self.executor = executor
        self.sensor = sensor
        self.catalog = catalog
        self.release = release
        self.settings = settings
        self.daemonUID = daemonUID
        started = MonotonicClock.now()
    }

    public var banner: ServerMessage { .version(VersionMessage(release: release)) }

    public func reply(to envelope: RequestEnvelope, from peer: PeerCredentials?) async -> ServerMessage {
        let id = envelope.id
        switch envelope.request {
        case .version:
            return .version(VersionMessage(release: release, id: id))
        case .status:
            return .status(StatusMessage(snapshot(), id: id))
        case .watch(let enable):
            return .watch(WatchMessage(enable: enable, id: id))
        case .goal(let set):
            if let set {
                do throws(GoalChangeRefusal) {
                    let since = try setGoal(set, requestedBy: peer?.uid)
                    return .goal(GoalMessage(goal: set, since: since?.timeIntervalSince1970, id: id))
                } catch {
                    switch error {
                    case .notPermitted(let message): return .error(ErrorMessage(ProtocolError(.notPermitted, message, id: id)))
                    case .invalid(let message): return .error(ErrorMessage(ProtocolError(.badArgument, message, id: id)))
                    }
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

    /// Sets the daily goal from now on, for whoever asked, by the one rule for changing state
    /// (`PeerCredentials.mayChangeState`): the daemon's own user or root, as the kernel or the
    /// bus reports the caller; nil (not known) is refused. The socket and D-Bus both come here.
    /// - Returns: when the goal in force took effect.
    /// - Throws: `GoalChangeRefusal`.
    public func setGoal(_ goal: Int, requestedBy uid: UInt32?) throws(GoalChangeRefusal) -> Date? {
        guard let uid, PeerCredentials.mayChangeState(uid: uid, daemonUID: daemonUID) else {
            throw .notPermitted("only the daemon's user or root may change the goal")
        }
        let allowed = GoalHistory.allowedGoals
        guard allowed.contains(goal) else {
            throw .invalid("the goal must be a whole number of steps from \(allowed.lowerBound) to \(allowed.upperBound)")
        }
        do {
            let since = try ledger.setGoal(goal, changedBy: uid).changes.last?.effective
            handover?.changed()
            return since
        } catch {
            throw .invalid("\(error)")
        }
    }

    /// Today's figures and the sensor's state now.
    public func snapshot() -> DaemonSnapshot { snapshot(of: ledger.figures()) }

    /// The snapshot for figures the ledger gave earlier (a PROGRESS report's), with the
    /// settings and sensor state of now: what D-Bus announces for that report.
    public func snapshot(of figures: StepLedger.Figures) -> DaemonSnapshot {
        let settings = settings.current
        let activity = settings.approximations
            ? ActivityApproximation(minutes: figures.todayMinutes.deltas.compactMap {
                try? ActivityApproximation.Minute(start: Date(timeIntervalSince1970: Double($0.start)), steps: $0.steps)
            }, day: figures.day, boundary: figures.boundary)
            : nil
        var snapshot = DaemonSnapshot(
            day: figures.day, steps: figures.steps, goal: figures.goal, goalSince: figures.goalSince,
            progress: DaemonSnapshot.reported(progress: figures.progress), tier: figures.tier, walking: figures.walking,
            cadence: DaemonSnapshot.reported(tenths: figures.cadence),
            distanceMetres: DaemonSnapshot.reported(tenths: Double(figures.steps) * settings.stride),
            milestones: figures.reached, lifetimeSteps: figures.lifetime, sensor: sensor.status,
            uptimeSeconds: DaemonSnapshot.reported(tenths: MonotonicClock.now() - started),
            activity: activity, userName: settings.userName, palette: settings.palette)
        snapshot.hardwareStepsToday = figures.hardwareStepsToday
        snapshot.pending = figures.pending
        return snapshot
    }

    /// The accelerometers the daemon can see, the one it reads first.
    func devices() async -> [DeviceRecord] {
        let active = sensor.status.device
        var found: [SensorDevice] = []
        if let catalog, let report = try? await executor.run({ catalog.discover() }) { found = report.devices }
        if let active, !found.contains(where: { $0.id == active.id }) { found.insert(active, at: 0) }
        return found.map {
            DeviceRecord(backend: SourceKind($0.backend), id: $0.id, name: $0.name, currentRateHz: $0.currentRateHz,
                         mountMatrix: $0.mountMatrix.description, hardwareStepCounter: $0.hasHardwareStepCounter,
                         active: $0.id == active?.id, hardwareSteps: $0.id == active?.id ? sensor.status.hardwareSteps ?? $0.hardwareSteps : $0.hardwareSteps)
        }
    }
}
