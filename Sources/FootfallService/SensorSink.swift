/// Receives the sensor thread's updates. The sensor thread calls it between reads, so it must
/// return quickly and never wait for a client; it may wait for the disk only when the update
/// says the device keeps its samples meanwhile (`SensorUpdate.deviceKeepsSamples`).
public protocol SensorSink: Sendable {
    /// Takes one update.
    func ingest(_ update: SensorUpdate)
}
