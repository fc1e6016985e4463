import Foundation
import FootfallText

/// A one-line progress bar on stderr while a long recording is read: percent of the file,
/// samples per second and the time left. Drawn only when stderr is a terminal, at most four
/// times a second, and only once reading has taken a second (short files show nothing).
final class ReadingProgress {
    private let name: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private let started = Date()
    private var lastDrawn = Date.distantPast
    private var drawn = false

    init(name: String) {
        self.name = name
    }

    func update(samples: Int, read: Int, size: Int) {
        guard enabled else { return }
        let now = Date()
        let elapsed = now.timeIntervalSince(started)
        guard elapsed >= 1, now.timeIntervalSince(lastDrawn) >= 0.25, size > 0 else { return }
        lastDrawn = now
        drawn = true
        let fraction = min(1, Double(read) / Double(size))
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let rate = Double(samples) / elapsed
        let left = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        let line = "[\(bar)] \(Int(fraction * 100))%  \(formatted(rate / 1e6, decimals: 1)) M samples/s  \(clock(left)) left  \(name)"
        FileHandle.standardError.write(Data("\(ANSI.clearLine)\(line)".utf8))
    }

    func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data(ANSI.clearLine.utf8))
    }

    private func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 3600 ? "\(whole / 3600):" + String(format: "%02d:%02d", whole / 60 % 60, whole % 60)
            : "\(whole / 60):" + String(format: "%02d", whole % 60)
    }
}
