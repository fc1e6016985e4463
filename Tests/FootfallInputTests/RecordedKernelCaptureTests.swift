import Foundation
import Testing
import FootfallDetection
@testable import FootfallInput

/// Bytes a real Linux 6.1 kernel produced in the hwsim guest while a 2-second walk was
/// replayed (tools/hwsim/snapshots), decoded with the adapters' own code and compared with
/// values computed from the trace independently (tools/hwsim/hwsim-check.py).
struct RecordedKernelCaptureTests {
    static let snapshots: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("tools/hwsim/snapshots").path
    }()

    /// The data rows of an expected-values file: whitespace-separated fields.
    func rows(_ name: String) throws -> [[Substring]] {
        try String(contentsOfFile: Self.snapshots + "/" + name, encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
    }

    /// The sysfs snapshot as attribute -> value.
    func sysfs(_ name: String) throws -> [String: String] {
        var values: [String: String] = [:]
        for line in try String(contentsOfFile: Self.snapshots + "/" + name, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count >= 3 { values[String(fields[1])] = String(fields[2]) }
        }
        return values
    }

    @Test func bufferedIIOCaptureDecodesToTheTrace() throws {
        let tree = try sysfs("uhid-walk-2s.sysfs.txt")
        var channels: [(name: String, index: Int, type: ScanType)] = []
        for name in ["accel_x", "accel_y", "accel_z", "timestamp"] {
            let index = try #require(Int(tree["iio:device0/scan_elements/in_\(name)_index"] ?? ""))
            channels.append((name, index, try ScanType(parsing: try #require(tree["iio:device0/scan_elements/in_\(name)_type"]))))
        }
        let layout = ScanLayout(channels: channels)
        #expect(layout.scanBytes == 24)
        let scale = try #require(Double(tree["iio:device0/in_accel_scale"] ?? ""))
        let calibration = AxisCalibration(scale: (scale, scale, scale))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Self.snapshots + "/uhid-walk-2s.iio.bin")))
        let expected = try rows("uhid-walk-2s.expected.txt")
        #expect(bytes.count == expected.count * layout.scanBytes)
        var previousStamp = Int64.min
        bytes.withUnsafeBytes { raw in
            for (i, row) in expected.enumerated() {
                let base = raw.baseAddress! + i * layout.scanBytes
                let x = layout.elements[0].type.decode(base + layout.elements[0].offset)
                let y = layout.elements[1].type.decode(base + layout.elements[1].offset)
                let z = layout.elements[2].type.decode(base + layout.elements[2].offset)
                #expect([x, y, z] == [Int64(row[1])!, Int64(row[2])!, Int64(row[3])!], "scan \(i)")
                let (ax, ay, az) = calibration.convert(x, y, z)
                #expect(abs(ax - Double(row[4])!) < 1e-9 && abs(ay - Double(row[5])!) < 1e-9 && abs(az - Double(row[6])!) < 1e-9)
                let stamp = layout.elements[3].type.decode(base + layout.elements[3].offset)
                #expect(stamp > previousStamp, "kernel timestamps rise")
                previousStamp = stamp
            }
        }
    }

    @Test func evdevCaptureAssemblesToTheTrace() throws {
        let events = InputEvent.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.snapshots + "/uinput-walk-2s.evdev"))))
        var assembler = EvdevFrameAssembler(unitsPerG: (256, 256, 256))
        assembler.restore(x: 0, y: 0, z: 0)
        let samples = events.compactMap { assembler.feed($0) }
        // The kernel sends no packet for a sample that changed no axis ('-' in the expectations).
        let expected = try rows("uinput-walk-2s.expected.txt").filter { $0[7] != "-" }
        #expect(samples.count == expected.count)
        for (sample, row) in zip(samples, expected) {
            #expect(abs(sample.x - Double(row[4])!) < 1e-5 && abs(sample.y - Double(row[5])!) < 1e-5 && abs(sample.z - Double(row[6])!) < 1e-5,
                    "sample \(row[0])")
        }
    }
}
