import FootfallProtocol

extension ProgressFigures {
    /// The ledger's figures as a PROGRESS event reports them, rounded as the snapshot rounds them.
    init(_ figures: StepLedger.Figures) {
        self.init(day: figures.day, steps: figures.steps, goal: figures.goal,
                  progress: DaemonSnapshot.reported(progress: figures.progress), tier: figures.tier,
                  cadenceSpm: DaemonSnapshot.reported(tenths: figures.cadence), walking: figures.walking,
                  pending: figures.pending)
    }

    /// The snapshot's figures, as STATUS begins with them.
    init(_ snapshot: DaemonSnapshot) {
        self.init(day: snapshot.day, steps: snapshot.steps, goal: snapshot.goal, progress: snapshot.progress, tier: snapshot.tier,
                  cadenceSpm: snapshot.cadence, walking: snapshot.walking, pending: snapshot.pending)
    }
}
