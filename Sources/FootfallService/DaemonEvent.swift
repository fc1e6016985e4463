import FootfallProtocol
import FootfallStore

/// Something the daemon tells whoever watches: the socket's watching clients and the D-Bus
/// interface. Typed, so each outlet takes what it needs; `line` is its socket encoding, made
/// once when it is published rather than once per watching client.
public struct DaemonEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// The steps of one batch of the sensor thread (one report latency), and today's total after them.
        case steps([StepRecord], total: Int)
        /// The provisional steps of one batch and the provisional steps it withdrew, with the
        /// pending count after them and today's (final) total: a STEP line whose `steps` is empty.
        case provisionalSteps([StepRecord], withdrawn: Int, pending: Int, total: Int)
        /// Today's figures changed (at most once per batch, never twice the same).
        case progress(StepLedger.Figures)
        /// A milestone was reached, and is stored (so a restart never announces it twice).
        case milestone(MilestoneRecord)
    }

    /// What happened.
    public let kind: Kind
    /// The event as a socket line (STEP, PROGRESS or MILESTONE, see docs/protocol.md).
    public let line: [UInt8]

    /// Creates an event and encodes its line.
    public init(_ kind: Kind) {
        self.kind = kind
        line = kind.message.encodedLine()
    }
}

extension DaemonEvent.Kind {
    /// The event as the socket protocol's message.
    var message: ServerMessage {
        switch self {
        case .steps(let steps, let total):
            return .step(StepMessage(steps: steps, total: total))
        case .provisionalSteps(let steps, let withdrawn, let pending, let total):
            return .step(StepMessage(steps: [], total: total, provisional: steps, withdrawn: withdrawn, pending: pending))
        case .progress(let figures):
            return .progress(ProgressMessage(ProgressFigures(figures)))
        case .milestone(let record):
            return .milestone(MilestoneMessage(day: record.day, milestone: record.milestone, steps: record.steps, goal: record.goal))
        }
    }
}
