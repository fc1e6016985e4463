import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM, turned into a flag that a read loop checks between reads, so
/// live commands stop cleanly: files flushed, totals printed.
final class Interruption: @unchecked Sendable {
    // `requested` is only set from the signal sources' serial queue and read with a lock.
    private let lock = NSLock()
    private var requested = false
    private var sources: [DispatchSourceSignal] = []

    init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.lock()
                self.requested = true
                self.lock.unlock()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether the user asked to stop.
    var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }
}
