#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FootfallDBus
import FootfallProtocol
import FootfallStore
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
import Synchronization

/// footfalld on D-Bus (docs/dbus.md): owns `org.footfall.Footfall1` on the session bus (or
/// the system bus with `--system`) and exports today's figures as properties, the history and
/// SetGoal as methods, and milestones as a signal.
///
/// sd-bus is served by a thread of its own (footfalld lends its main thread, `ThreadStarter`),
/// which waits for what comes in (method calls, property reads) and answers it; nothing else
/// waits for it. What goes out is sent by whoever
/// has the news, under the connection's lock: a PROGRESS report from the event hub leads to at
/// most one PropertiesChanged (with only the properties that changed), a stored milestone to
/// one MilestoneReached signal, both sent from the event loop's task in the same wake that
/// tells the socket's watchers, so the bus thread is not woken once per batch (it is woken
/// only when the socket was full and sd-bus kept a message queued). PROGRESS comes at most
/// once per batch of the sensor thread, so PropertiesChanged does too. The source's state,
/// which no report carries, is checked with each report and otherwise every
/// `sourceCheckInterval` (the bus thread's only timer). History queries run as tasks of this
/// service and answer on the bus thread.
///
/// Without a bus (none running, a container) it logs that once and returns, and the daemon
/// carries on with its socket; the same if the name is taken or the bus's policy refuses it,
/// or if the bus goes away later. So add it to the group with `successTerminationBehavior:
/// .ignore`: its returning is not the daemon's end.
public final class BusService: Service, Sendable, CustomStringConvertible {
    public var description: String { "BusService(\(bus))" }
    let bus: BusKind
    /// The bus's address when it is not `bus`'s usual one (a private bus in tests).
    let address: String?
    let core: DaemonCore
    let hub: EventHub
    let logger: Logger
    let startThread: ThreadStarter

    /// What the bus thread is told by other threads.
    enum Work: Sendable {
        /// A PROGRESS report went out, with these figures.
        case progress(StepLedger.Figures)
        /// A milestone was stored.
        case milestone(MilestoneRecord)
        /// A history query finished.
        case answer(id: Int, Result<HistoryMessage, BusMethodError>)
    }

    /// The connection and its object while on the bus, with the state of what was announced.
    /// sd-bus objects may be used from any thread but one at a time: every use holds `lock`.
    final class Line: @unchecked Sendable {
        let lock = NIOLock()
        var connection: BusConnection?
        var object: FootfallBusObject?
        /// When the source's state was last checked.
        var lastSourceCheck = ContinuousClock.now
        /// A send from another thread that failed: the bus thread ends on it, as on its own.
        var failure: BusError?
    }

    let line = Line()
    let inbox = NIOLockedValueBox<[Work]>([])
    let stopRequested = Atomic<Bool>(false)
    /// The eventfd other threads wake the bus thread with; without one the service cannot run.
    let wakeup: Result<BusWakeup, BusError>
    /// How often the source's state is checked when no report comes (when still).
    let sourceCheckInterval = Duration.seconds(30)

    /// Creates the service.
    /// - Parameters:
    ///   - bus: the session bus (a user's daemon) or the system bus (`--system`).
    ///   - address: the bus's D-Bus address, when not `bus`'s usual one (`unix:path=...`, a
    ///     private bus); nil for the usual one.
    ///   - thread: where the bus's loop runs (footfalld lends it its main thread).
    public init(bus: BusKind, address: String? = nil, core: DaemonCore, hub: EventHub, logger: Logger,
                thread: ThreadStarter = .newThread) {
        self.startThread = thread
        self.bus = bus
        self.address = address
        self.core = core
        self.hub = hub
        self.logger = logger
        wakeup = Result { () throws(BusError) in try BusWakeup() }
    }

    public func run() async throws {
        let (watcher, events) = hub.add(isClient: false)
        let (queries, ask) = AsyncStream<(id: Int, query: Request.HistoryQuery)>.makeStream()
        let served = await withDiscardingTaskGroup { group -> Bool in
            // News from the hub, for the bus thread.
            group.addTask {
                for await event in events {
                    switch event.kind {
                    case .progress(let figures): self.announce(.progress(figures))
                    case .milestone(let record): self.announce(.milestone(record))
                    case .steps, .provisionalSteps: break
                    }
                }
            }
            // History queries: the store is read on its own queue, the answer posted back.
            group.addTask {
                await withDiscardingTaskGroup { running in
                    for await (id, query) in queries {
                        running.addTask {
                            self.post(.answer(id: id, await self.history(query)))
                        }
                    }
                }
            }
            let served = await withTaskCancellationHandler {
                await withGracefulShutdownHandler {
                    await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
                        startThread(name: "footfall-bus") { [self] in
                            done.resume(returning: self.serve(ask: { ask.yield(($0, $1)) }))
                        }
                    }
                } onGracefulShutdown: {
                    self.stop()
                }
            } onCancel: {
                self.stop()
            }
            hub.remove(watcher)
            ask.finish()
            return served
        }
        if !served { logger.debug("the D-Bus service ends; the daemon goes on without it") }
    }

    func stop() {
        stopRequested.store(true, ordering: .relaxed)
        wake()
    }

    /// Wakes the bus thread from its wait.
    func wake() {
        if case .success(let wakeup) = wakeup { wakeup.signal() }
    }

    /// Hands work to the bus thread and wakes it.
    func post(_ work: Work) {
        inbox.withLockedValue { $0.append(work) }
        wake()
    }

    /// Sends news on the calling thread when on the bus (the bus thread is woken only when
    /// sd-bus could not hand it all to the socket); before that, leaves it to the bus thread.
    func announce(_ work: Work) {
        let sent: Bool = line.lock.withLock {
            guard let connection = line.connection, let object = line.object else { return false }
            do throws(BusError) {
                try send(work, connection, object)
                if connection.hasUnsentMessages { wake() }
            } catch {
                // The bus thread logs it and leaves the bus, as when its own send fails.
                line.failure = error
                wake()
            }
            return true
        }
        if !sent { post(work) }
    }

    /// Sends one piece of news, or answers a history call; holding `line.lock`.
    func send(_ work: Work, _ connection: BusConnection, _ object: FootfallBusObject) throws(BusError) {
        switch work {
        case .progress(let figures):
            // One PropertiesChanged per report, with the report's figures and the source's state.
            line.lastSourceCheck = .now
            object.refresh(report: figures)
            try connection.emitPropertiesChanged(path: FootfallBusInterface.objectPath, interface: FootfallBusInterface.name,
                                                 properties: object.changedSinceAnnounced())
        case .milestone(let record):
            try connection.emitSignal(path: FootfallBusInterface.objectPath, interface: FootfallBusInterface.name,
                                      member: FootfallBusInterface.milestoneSignal,
                                      [.string(record.day.description), .string(record.milestone.description),
                                       .uint32(UInt32(clamping: record.steps)), .uint32(UInt32(clamping: record.goal))])
        case .answer(let id, let result):
            try object.answer(id, with: result)
        }
    }

    /// A history query's answer, as the socket gives it.
    func history(_ query: Request.HistoryQuery) async -> Result<HistoryMessage, BusMethodError> {
        do {
            return .success(try await core.history(query))
        } catch let error as ProtocolError {
            return .failure(.invalidArgs(error.message))
        } catch {
            return .failure(.failed("the store cannot be read: \(error)"))
        }
    }

    /// The bus thread: connects, exports, then serves until shutdown.
    /// - Returns: false when there was no bus to serve (or it went away).
    func serve(ask: @escaping (Int, Request.HistoryQuery) -> Void) -> Bool {
        let wakeup: BusWakeup
        do throws(BusError) {
            wakeup = try self.wakeup.get()
        } catch {
            logger.notice("D-Bus is off: \(error); serving on the socket only")
            return false
        }
        let connection: BusConnection
        let object = FootfallBusObject(core: core, askHistory: ask)
        do throws(BusError) {
            if let address {
                connection = try BusConnection(address: address, kind: bus, description: "footfalld")
            } else {
                connection = try BusConnection(bus, description: "footfalld")
            }
            try connection.requestName(FootfallBusInterface.busName)
            try connection.export(object, at: FootfallBusInterface.objectPath, interface: FootfallBusInterface.description)
        } catch {
            logger.notice("D-Bus is off: \(error); serving on the socket only",
                          metadata: ["dbus.bus": "\(bus.rawValue)", "dbus.name": "\(FootfallBusInterface.busName)"])
            return false
        }
        logger.info("on D-Bus", metadata: ["dbus.bus": "\(bus.rawValue)", "dbus.name": "\(FootfallBusInterface.busName)",
                                           "dbus.unique_name": "\(connection.uniqueName ?? "?")"])
        line.lock.withLock {
            line.connection = connection
            line.object = object
            line.lastSourceCheck = .now
        }
        defer {
            line.lock.withLock {
                line.connection = nil
                line.object = nil
            }
        }
        do throws(BusError) {
            while !stopRequested.load(ordering: .relaxed) {
                let wait = try serveOnce(connection, object)
                try wait.wait(wakeup: wakeup)
            }
        } catch {
            logger.warning("D-Bus is off from now on: \(error); serving on the socket only")
            return false
        }
        logger.info("leaving D-Bus", metadata: ["dbus.bus": "\(bus.rawValue)"])
        return true
    }

    /// One turn of the bus thread, holding the connection: what other threads left for it,
    /// the source's state when due, then what came in; returns what to wait for next.
    func serveOnce(_ connection: BusConnection, _ object: FootfallBusObject) throws(BusError) -> BusWait {
        line.lock.lock()
        defer { line.lock.unlock() }
        if let failure = line.failure { throw failure }
        let work = inbox.withLockedValue { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
        // Reports that came together are announced as the latest of them.
        if let report = work.last(where: { if case .progress = $0 { true } else { false } }) {
            try send(report, connection, object)
        }
        for item in work {
            if case .progress = item { continue }
            try send(item, connection, object)
        }
        if ContinuousClock.now - line.lastSourceCheck >= sourceCheckInterval {
            line.lastSourceCheck = .now
            object.refresh()
            try connection.emitPropertiesChanged(path: FootfallBusInterface.objectPath, interface: FootfallBusInterface.name,
                                                 properties: object.changedSinceAnnounced(only: [.sourceKind, .sourceState]))
        }
        // Reads between reports see the figures of now.
        object.refresh()
        try connection.process()
        return try connection.prepareWait(timeout: sourceCheckInterval)
    }
}
