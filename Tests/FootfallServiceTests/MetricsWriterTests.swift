import Foundation
import FootfallGoals
import FootfallInput
import FootfallProtocol
import FootfallTestSupport
import Testing
@testable import FootfallService

/// The Prometheus text file and the other outlets of the daemon's snapshot.
struct MetricsWriterTests {
    let snapshot = DaemonSnapshot(
        day: localDay("2026-06-01"), steps: 4321, goal: 8000, goalSince: nil, progress: 0.5401, tier: .mid, walking: true,
        cadence: 112.4, distanceMetres: 3197.5, milestones: [.half], lifetimeSteps: 987_654,
        sensor: SensorStatus(device: SensorDevice(backend: .evdev, id: "/dev/input/event3", name: "accel", currentRateHz: 100),
                             state: .up, losses: 2, samplesProcessed: 360_000, hardwareSteps: nil),
        uptimeSeconds: 3600.5, activity: nil, userName: "Ada", palette: .colorblind)

    @Test func everyFigureIsAMetricWithItsHelpAndType() {
        let text = MetricsWriter.text(snapshot, watchers: 3)
        for (name, type, value) in [("footfall_steps_today", "gauge", "4321"), ("footfall_steps_total", "counter", "987654"),
                                    ("footfall_cadence_steps_per_minute", "gauge", "112.4"), ("footfall_goal_progress_ratio", "gauge", "0.5401"),
                                    ("footfall_goal_steps", "gauge", "8000"), ("footfall_device_up", "gauge", "1"),
                                    ("footfall_samples_processed_total", "counter", "360000"), ("footfall_device_losses_total", "counter", "2"),
                                    ("footfall_watchers", "gauge", "3")] {
            #expect(text.contains("# TYPE \(name) \(type)\n\(name) \(value)\n"), "\(name) in:\n\(text)")
            #expect(text.contains("# HELP \(name) "))
        }
    }

    @Test func theFileIsReplacedWholeAndNoTemporaryFileIsLeft() throws {
        let folder = try StateFolder()
        let path = folder.path + "/footfall.prom"
        let writer = MetricsWriter(path: path)
        try writer.write(snapshot, watchers: 0)
        var down = snapshot
        down.sensor.state = .down
        try writer.write(down, watchers: 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == MetricsWriter.text(down, watchers: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["footfall.prom"])
    }

    @Test func statusAndSystemdSayTheSameFigures() {
        let status = StatusMessage(snapshot, id: .number(7))
        #expect(status.steps == 4321 && status.progress == 0.5401 && status.tier == .mid && status.cadenceSpm == 112.4)
        #expect(status.source == SourceStatus(kind: .evdev, device: "/dev/input/event3", name: "accel", state: .up, losses: 2, rateHz: 100))
        #expect(status.milestones == [.half] && status.palette == .colorblind && status.userName == "Ada" && status.id == .number(7))
        #expect(NotifyService.statusLine(snapshot) == "STATUS=4321 steps today (54% of 8000); device up")
    }
}
