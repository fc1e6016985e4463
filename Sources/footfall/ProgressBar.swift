import Foundation
import FootfallText

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
final class ProgressBar: @unchecked Sendable {
    // Guarded by `lock`: `update` is called from the benchmark's worker threads.
    private let lock = NSLock()
    private let total: Int
    private let enabled = isatty(STDERR_FILENO) == 1
    private var drawn = false

    init(total: Int) {
        self.total = total
    }

    func update(_ done: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total)".utf8))
        drawn = true
    }

    func finish() {
        guard enabled, drawn else { return }
        FileHandle.standardError.write(Data("\(ANSI.clearLine)".utf8))
    }
}
