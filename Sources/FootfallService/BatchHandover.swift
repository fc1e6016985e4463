import FootfallInput
import NIOConcurrencyHelpers

/// Where each batch of the sensor thread goes: it files the batch in the ledger, moves the
/// ledger to a new day when one has begun (so a day turns over without steps, within a beat
/// of the sensor thread), and wakes the events and the store only when they have something to
/// do. So the daemon runs on one schedule, the sensor thread's (one beat per report latency
/// while walking, every few seconds when still), and nothing else keeps a timer of its own
/// for it.
public final class BatchHandover: SensorSink {
    let ledger: StepLedger
    /// Rung when watchers may have news: steps, changed figures, or a time-zone check due.
    public let events = Doorbell()
    /// Rung when the ledger holds something to write.
    public let store = Doorbell()
    let lastRung = NIOLockedValueBox((version: -1, zoneCheck: MonotonicClock.now()))
    /// How often the events are woken to look for a change of the system's time zone.
    let zoneCheckInterval = 30.0

    /// Creates the handover for `ledger`.
    public init(ledger: StepLedger) {
        self.ledger = ledger
    }

    public func ingest(_ update: SensorUpdate) {
        ledger.ingest(update)
        ledger.tick()
        changed(steps: !update.steps.isEmpty)
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
