import FootfallProtocol

extension ProgressMessage {
    /// The ledger's figures as a PROGRESS event, rounded as STATUS reports them.
    init(_ figures: StepLedger.Figures) {
        self.init(day: figures.day, steps: figures.steps, goal: figures.goal,
                  progress: DaemonSnapshot.reported(progress: figures.progress), tier: figures.tier,
                  cadenceSpm: DaemonSnapshot.reported(tenths: figures.cadence), walking: figures.walking)
    }
}
