import Foundation
import Testing
import FootfallDetection
import FootfallTraces

/// Files recorded by real devices (SampleTraces/devices: an Axivity AX3 and AX6 and a GENEActiv,
/// from scikit-digital-health's tests, MIT), read as independent readers read them. The
/// reference samples beside the tests (Fixtures/devices) were written by
/// `tools/recordings/crosscheck --references` from OpenMovement's own CWA reader and
/// scikit-digital-health's GENEActiv reader; the cross-check stage in CI compares the whole
/// files with them and with actipy.
struct DeviceFileTests {
    struct Device: Sendable, CustomTestStringConvertible {
        var file: String
        var format: RecordingFormat
        var device: String
        var configuredRate: Double
        var range: Int
        var samples: Int
        var channels: [RecordingChannel]
        var testDescription: String { file }
    }

    static let devices = [
        Device(file: "ax3_sample.cwa", format: .cwa, device: "AX3 #51888, session 1020030004", configuredRate: 200, range: 8, samples: 58_800,
               channels: [.accelerometer, .light, .temperature]),
        Device(file: "ax6_sample.cwa", format: .cwa, device: "AX6 #6011802, session 0", configuredRate: 100, range: 16, samples: 10_360,
               channels: [.accelerometer, .gyroscope, .light, .temperature]),
        Device(file: "gnactv_sample.bin", format: .geneActiv, device: "GENEActiv #051386", configuredRate: 50, range: 8, samples: 900,
               channels: [.accelerometer, .light, .temperature, .button]),
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static func devicePath(_ file: String) -> String {
        folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SampleTraces/devices/\(file)").path
    }

    /// The reference samples: index in the recording, and the sample.
    static func reference(_ file: String) throws -> [(index: Int, sample: Sample)] {
        let text = try String(contentsOfFile: folder.appendingPathComponent("Fixtures/devices/\(file).reference.csv").path, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("index") }.map { line in
            let fields = line.split(separator: ",").map { Double($0) }
            guard fields.count == 5, let index = fields[0], let t = fields[1], let x = fields[2], let y = fields[3], let z = fields[4] else {
                throw TraceError(path: file, reason: .unreadable("a reference line is not index,t,x,y,z: \(line)"))
            }
            return (Int(index), Sample(time: t, x: x, y: y, z: z))
        }
    }

    @Test(arguments: devices)
    func decodesWhatTheIndependentReaderDecodes(device: Device) throws {
        let samples = try Recording.readSamples(path: Self.devicePath(device.file))
        #expect(samples.count == device.samples)
        let reference = try Self.reference(device.file)
        #expect(reference.count >= 15, "a reference with too few samples checks little")
        for (index, expected) in reference {
            let sample = samples[index]
            // Values to 1e-5 m/s^2 (the reference's six decimals); times to 1 ms, OpenMovement's
            // reader keeps times in 32-bit floats between its blocks' timestamps.
            let close = abs(sample.x - expected.x) <= 1e-5 && abs(sample.y - expected.y) <= 1e-5 && abs(sample.z - expected.z) <= 1e-5
                && abs(sample.time - expected.time) <= 1e-3
            if !close {
                Issue.record("sample \(index) of \(device.file): read \(sample), the independent reader \(expected)")
                return
            }
        }
    }

    @Test(arguments: devices)
    func inspectSaysWhatTheHeaderSays(device: Device) throws {
        let summary = try Recording.inspect(path: Self.devicePath(device.file))
        #expect(summary.format == device.format)
        #expect(summary.device == device.device)
        #expect(summary.configuredRate == device.configuredRate)
        #expect(summary.range == device.range)
        #expect(summary.samples == device.samples)
        #expect(summary.skippedSamples == 0)
        #expect(summary.channels == device.channels)
    }

    /// A device's clock runs off its configured rate; timed between the blocks' timestamps, the
    /// samples keep an even pace through block boundaries (no 8 ms step every block, no two
    /// samples at one time).
    @Test func cwaSamplesKeepAnEvenPaceAcrossBlocks() throws {
        let samples = try Recording.readSamples(path: Self.devicePath("ax3_sample.cwa"))
        var smallest = Double.infinity, largest = 0.0
        for k in 1..<samples.count {
            let step = samples[k].time - samples[k - 1].time
            smallest = min(smallest, step)
            largest = max(largest, step)
        }
        // 197.24 Hz is 5.07 ms; the timestamps themselves wander by a few tenths of a millisecond.
        #expect(smallest > 0.0049)
        #expect(largest < 0.0053)
    }
}
