/// Receives the sensor thread's updates. Must return quickly and never wait: the sensor
/// thread calls it between reads.
public protocol SensorSink: Sendable {
    /// Takes one update.
    func ingest(_ update: SensorUpdate)
}
