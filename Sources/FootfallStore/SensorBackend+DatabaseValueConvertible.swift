import FootfallInput
import GRDB

/// A minute's source is stored as the backend's name ("iio", "evdev", "replay", "hardware-steps"), the values
/// the schema's CHECK allows.
extension SensorBackend: DatabaseValueConvertible {}
