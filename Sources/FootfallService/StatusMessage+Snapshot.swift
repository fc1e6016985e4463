import FootfallProtocol

extension StatusMessage {
    /// The snapshot as the socket's STATUS.
    public init(_ snapshot: DaemonSnapshot, id: RequestID? = nil) {
        let sensor = snapshot.sensor, device = sensor.device
        self.init(ProgressFigures(snapshot), distanceM: snapshot.distanceMetres, milestones: snapshot.milestones,
                  source: SourceStatus(kind: SourceKind(device?.backend), device: device?.id ?? "", name: device?.name ?? "",
                                       state: sensor.state, losses: sensor.losses, rateHz: device?.currentRateHz),
                  hardwareSteps: sensor.hardwareSteps, samplesProcessed: sensor.samplesProcessed, uptimeS: snapshot.uptimeSeconds,
                  exerciseMinutes: snapshot.activity?.exerciseMinutes, activeHours: snapshot.activity?.activeHours,
                  userName: snapshot.userName, palette: snapshot.palette, hardwareStepsToday: snapshot.hardwareStepsToday)
        self.id = id
    }
}
