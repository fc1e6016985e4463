import FootfallService
import FuzzSupport

/// The fuzz target for `DaemonConfiguration.parse` (YAML through libyaml).
///
/// Bad YAML, unknown keys and out-of-range values must be refused with a
/// `ConfigurationError` that names a line inside the text, if any. An accepted configuration
/// must hold only values in the ranges docs/configuration.md documents.
func fuzzConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // The daemon reads the file as UTF-8 and refuses it otherwise.
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    let configuration: DaemonConfiguration
    do {
        configuration = try DaemonConfiguration.parse(text, path: "fuzz.yaml")
    } catch {
        if let line = error.line {
            // Every break YAML knows, counting \r\n twice: an upper bound on the lines.
            let lines = text.unicodeScalars.count { [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) } + 1
            check(line >= 1 && line <= lines, "error on line \(line) of a \(lines)-line text: \(error)")
        }
        return 0
    }
    let c = configuration
    check((1...1_000_000).contains(c.goal), "goal \(c.goal)")
    if let height = c.heightCentimetres { check((50...260).contains(height), "height_cm \(height)") }
    if let stride = c.strideMetres { check((0.2...2.5).contains(stride), "stride_m \(stride)") }
    check(c.stride.isFinite && c.stride > 0, "stride \(c.stride)")
    check((0..<1440).contains(c.dayStartMinutes), "day_start \(c.dayStartMinutes)")
    if let matrix = c.mountMatrix { check(matrix.rows.allSatisfy { $0.count == 3 && $0.allSatisfy(\.isFinite) }, "mount_matrix \(matrix)") }
    if let units = c.unitsPerG { check((1...1e7).contains(units), "units_per_g \(units)") }
    check((12.5...400).contains(c.targetRateHz), "target_rate_hz \(c.targetRateHz)")
    if let days = c.retentionDays { check((1...100_000).contains(days), "retention_days \(days)") }
    check(!c.device.description.isEmpty, "an empty device")
    return 0
}
