import FootfallDetection
import FootfallInput

/// A source that never delivers: what the sensor thread reads when the replay file is
/// unusable, so the daemon still serves the store's history.
final class UnavailableSource: SensorSource {
    let device: SensorDevice

    /// A source that says why there is nothing.
    init(reason: String) { device = SensorDevice(backend: .replay, id: "none", name: reason) }
    func start() throws(SensorError) {}
    func read(into batch: inout [Sample], timeout: Duration) throws(SensorError) -> SensorReadOutcome { .endOfStream }
    func stop() {}
}
