import FootfallInput
import NIOConcurrencyHelpers

/// Where each batch of the sensor thread goes: it files the batch in the ledger, moves the
/// ledger to a new day when one has begun (so a day turns over without steps, within a beat
/// of the sensor thread), writes the batch to the store in the same beat when the device keeps
/// its samples meanwhile, and wakes the events, and the store's service, only when they have
/// something to do. So the daemon runs on one schedule, the sensor thread's (one beat per
/// report latency while walking, every few seconds when still), and nothing else keeps a
/// timer of its own for it.
///
/// Why the write is in the sensor thread's beat: every thread woken per batch is a wakeup of
/// the board's CPU, and the sensor thread is awake anyway. A WAL commit without fsync takes
/// well under a millisecond; a buffered device holds seconds of samples. When the device does
/// not keep samples (evdev, sysfs polling), or the last write failed (a locked database can
/// hold a write for the busy timeout), the write goes to `StoreService` on the store's queue.
public final class BatchHandover: SensorSink {
    let ledger: StepLedger
    let writer: StoreWriter?
    /// Rung when watchers may have news: steps, changed figures, or a time-zone check due.
    public let events = Doorbell()
    /// Rung when the ledger holds something to write that this handover did not write.
    public let store = Doorbell()
    let lastRung = NIOLockedValueBox((version: -1, zoneCheck: MonotonicClock.now()))
    /// How often the events are woken to look for a change of the system's time zone.
    let zoneCheckInterval = 30.0

    /// Creates the handover for `ledger`.
    /// - Parameter writer: writes batches in the sensor thread's beat; nil to leave every write to `store`'s listener.
    public init(ledger: StepLedger, writer: StoreWriter? = nil) {
        self.ledger = ledger
        self.writer = writer
    }

    public func ingest(_ update: SensorUpdate) {
        ledger.ingest(update)
        ledger.tick()
        // Written before the events are rung, so a milestone this batch stored reaches
        // watchers in the same wake of the event loop as the batch's progress.
        if update.deviceKeepsSamples, let writer, !writer.isFailing, ledger.hasUnwritten {
            writer.writeHere()
        }
        changed(steps: !update.steps.isEmpty || !update.provisionalSteps.isEmpty || update.withdrawnSteps > 0)
    }

    /// Wakes whoever has work after the ledger changed outside a batch (a new goal).
    public func changed(steps: Bool = false) {
        let version = ledger.progressVersion
        let now = MonotonicClock.now()
        let tell: Bool = lastRung.withLockedValue { last in
            let zoneDue = now - last.zoneCheck >= zoneCheckInterval
            guard steps || version != last.version || zoneDue else { return false }
            last.version = version
            if zoneDue { last.zoneCheck = now }
            return true
        }
        if tell { events.ring() }
        if ledger.hasUnwritten { store.ring() }
    }
}
