import Foundation
import FootfallText
import NIOConcurrencyHelpers

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class ProgressBar: Sendable {
    // `update` is called from the benchmark's worker threads: one draws at a time.
    private let drawn = NIOLockedValueBox(false)
    private let total: Int
    private let enabled = isatty(STDERR_FILENO) == 1

    init(total: Int) {
        self.total = total
    }

    func update(_ done: Int) {
        guard enabled else { return }
        drawn.withLockedValue { drawn in
            draw(done)
            drawn = true
        }
    }

    private func draw(_ done: Int) {
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
    }

    func finish() {
        guard enabled, drawn.withLockedValue({ $0 }) else { return }
        FileHandle.standardError.write(Data(ANSI.clearLine.utf8))
    }
}
