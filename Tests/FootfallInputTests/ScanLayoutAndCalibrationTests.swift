import Foundation
import Testing
@testable import FootfallInput

/// Scan layouts and calibration, checked against the real accel_3d sysfs snapshot.
struct ScanLayoutAndCalibrationTests {
    @Test func hidSensorHubLayoutFromTheSnapshot() throws {
        let sysfs = try Fixtures.sysfs()
        var channels: [(name: String, index: Int, type: ScanType)] = []
        for name in ["accel_x", "accel_y", "accel_z", "timestamp"] {
            let index = try #require(Int(sysfs["iio:device0/scan_elements/in_\(name)_index"] ?? ""))
            let type = try ScanType(parsing: try #require(sysfs["iio:device0/scan_elements/in_\(name)_type"]))
            channels.append((name, index, type))
        }
        let layout = ScanLayout(channels: channels)
        #expect(layout.elements.map(\.offset) == [0, 4, 8, 16], "s32 x, y, z then s64 timestamp aligned to 8")
        #expect(layout.scanBytes == 24)
    }

    @Test func sixteenBitAxesWithTimestamp() throws {
        let s16 = try ScanType(parsing: "le:s12/16>>4"), s64 = try ScanType(parsing: "le:s64/64>>0")
        let layout = ScanLayout(channels: [("timestamp", 3, s64), ("accel_z", 2, s16), ("accel_x", 0, s16), ("accel_y", 1, s16)])
        #expect(layout.elements.map(\.name) == ["accel_x", "accel_y", "accel_z", "timestamp"])
        #expect(layout.elements.map(\.offset) == [0, 2, 4, 8])
        #expect(layout.scanBytes == 16)
    }

    @Test func gapsInIndicesAndPaddingToTheLargestElement() throws {
        let u8 = try ScanType(parsing: "le:u8/8>>0"), s32 = try ScanType(parsing: "le:s32/32>>0")
        let layout = ScanLayout(channels: [("a", 0, u8), ("b", 5, s32), ("c", 9, u8)])
        #expect(layout.elements.map(\.offset) == [0, 4, 8])
        #expect(layout.scanBytes == 12)
    }

    @Test func decodesAScanOfTheSnapshotDevice() throws {
        let sysfs = try Fixtures.sysfs()
        let scale = try #require(Double(sysfs["iio:device0/in_accel_scale"] ?? ""))
        let offset = try #require(Double(sysfs["iio:device0/in_accel_offset"] ?? ""))
        let calibration = AxisCalibration(scale: (scale, scale, scale), offset: (offset, offset, offset))
        let s32 = try ScanType(parsing: "le:s32/32>>0")
        // The raw values the snapshot shows: 726, -751, 981. The HID descriptor of the
        // fixture that made it declares units of 0.01 g, so the kernel's scale is
        // 0.0980665 m/s² per unit (981 is 9.81 g: the fixture's pattern, not a resting device).
        var scan = [UInt8](repeating: 0, count: 24)
        for (i, value) in [Int32(726), -751, 981].enumerated() {
            withUnsafeBytes(of: value.littleEndian) { for b in 0..<4 { scan[i * 4 + b] = $0[b] } }
        }
        let raw = scan.withUnsafeBytes { p in (s32.decode(p.baseAddress!), s32.decode(p.baseAddress! + 4), s32.decode(p.baseAddress! + 8)) }
        let (x, y, z) = calibration.convert(raw.0, raw.1, raw.2)
        #expect(abs(scale - 0.0980665) < 1e-12)
        #expect(abs(x - 71.196279) < 1e-6)
        #expect(abs(y + 73.6479415) < 1e-6)
        #expect(abs(z - 96.2032365) < 1e-6)
    }

    @Test func offsetIsAddedBeforeScaling() {
        let calibration = AxisCalibration(scale: (0.5, 2, 1), offset: (10, -1, 0))
        let (x, y, z) = calibration.convert(2, 3, -4)
        #expect(x == 6 && y == 4 && z == -4)
        #expect(calibration.uniformScale == nil)
        #expect(AxisCalibration(scale: (0.01, 0.01, 0.01)).uniformScale == 0.01)
    }
}
