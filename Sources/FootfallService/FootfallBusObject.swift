import FootfallDBus
import FootfallGoals
import FootfallProtocol

/// The object footfalld exports on D-Bus, used only under `BusService`'s lock on the
/// connection: it answers property reads from the daemon's snapshot (refreshed once per turn
/// of the bus loop, so one GetAll is one instant; set to a PROGRESS report's figures to
/// announce them), sets the goal through the
/// daemon's rule, and hands history queries to the service, whose tasks read the store and
/// post the answer back.
final class FootfallBusObject: BusObjectHandler {
    let core: DaemonCore
    let release: String
    let askHistory: (Int, Request.HistoryQuery) -> Void
    /// The figures properties are read from.
    private(set) var current: DaemonSnapshot
    /// Property values as last announced with PropertiesChanged.
    private var announced: [FootfallBusProperty: BusValue] = [:]
    /// History calls waiting for the store, by the id given to `askHistory`.
    private var waiting: [Int: (call: BusPendingCall, granularity: Request.Granularity)] = [:]
    private var nextID = 0

    /// Creates the object.
    /// - Parameter askHistory: starts a history query; its answer comes back through `answer(_:with:)`.
    init(core: DaemonCore, askHistory: @escaping (Int, Request.HistoryQuery) -> Void) {
        self.core = core
        release = core.release
        self.askHistory = askHistory
        current = core.snapshot()
        announced = Self.values(of: current, release: release)
    }

    /// Reads the daemon's figures again: those of a PROGRESS report, or the ledger's now.
    func refresh(report: StepLedger.Figures? = nil) {
        current = report.map(core.snapshot(of:)) ?? core.snapshot()
    }

    /// The properties whose values differ from those last announced, now announced: what
    /// PropertiesChanged should carry.
    /// - Parameter only: consider only these properties (nil: all).
    func changedSinceAnnounced(only properties: Set<FootfallBusProperty>? = nil) -> [String] {
        let values = Self.values(of: current, release: release)
        let changed = FootfallBusProperty.allCases.filter { property in
            (properties?.contains(property) ?? true) && values[property] != announced[property]
        }
        for property in changed { announced[property] = values[property] }
        return changed.map(\.rawValue)
    }

    func value(of name: String) -> BusValue? {
        FootfallBusProperty(rawValue: name).map { $0.value(in: current, release: release) }
    }

    /// Every property's value for a snapshot.
    static func values(of snapshot: DaemonSnapshot, release: String) -> [FootfallBusProperty: BusValue] {
        Dictionary(uniqueKeysWithValues: FootfallBusProperty.allCases.map { ($0, $0.value(in: snapshot, release: release)) })
    }

    func handle(_ call: BusMethodCall) -> BusMethodOutcome {
        do throws(BusMethodError) {
            guard let method = FootfallBusMethod(rawValue: call.member) else {
                return .error(.failed("no method \(call.member)"))
            }
            switch method {
            case .setGoal:
                let goal = try call.readUInt32()
                do throws(GoalChangeRefusal) {
                    _ = try core.setGoal(Int(goal), requestedBy: call.senderUID())
                } catch {
                    switch error {
                    case .notPermitted(let message): throw .accessDenied(message)
                    case .invalid(let message): throw .invalidArgs(message)
                    }
                }
                return .reply([])
            case .getDays:
                let first = try Self.day(call.readString(), "first"), last = try Self.day(call.readString(), "last")
                guard first <= last else { throw .invalidArgs("'first' (\(first)) is after 'last' (\(last))") }
                return ask(Request.HistoryQuery(granularity: .day, from: first, to: last), call)
            case .getMinutes:
                let day = try Self.day(call.readString(), "day")
                return ask(Request.HistoryQuery(granularity: .minute, from: day, to: day), call)
            }
        } catch {
            return .error(error)
        }
    }

    private func ask(_ query: Request.HistoryQuery, _ call: BusMethodCall) -> BusMethodOutcome {
        nextID += 1
        waiting[nextID] = (call.deferReply(), query.granularity)
        askHistory(nextID, query)
        return .deferred
    }

    /// Replies to a history call with the store's answer.
    /// - Throws: `BusError` when the reply cannot be sent.
    func answer(_ id: Int, with result: Result<HistoryMessage, BusMethodError>) throws(BusError) {
        guard let (call, granularity) = waiting.removeValue(forKey: id) else { return }
        switch result {
        case .success(let history):
            switch granularity {
            case .day:
                try call.reply([.array(element: FootfallBusMethod.daySignature, (history.days ?? []).map {
                    .structure([.string($0.day.description), .uint32(UInt32(clamping: $0.steps)), .uint32(UInt32(clamping: $0.goal))])
                })])
            case .minute:
                try call.reply([.array(element: FootfallBusMethod.minuteSignature, (history.minutes ?? []).map {
                    .structure([.int64(Int64($0.start)), .uint32(UInt32(clamping: $0.steps)), .double($0.cadenceSpm),
                                .string($0.source.rawValue)])
                })])
            }
        case .failure(let error):
            try call.fail(error)
        }
    }

    /// A day argument, by the history rules.
    static func day(_ text: String, _ name: String) throws(BusMethodError) -> LocalDay {
        guard let day = Request.HistoryQuery.day(text) else {
            throw .invalidArgs("'\(name)' must be a day, YYYY-MM-DD, from 1970 on; got '\(text)'")
        }
        return day
    }
}
