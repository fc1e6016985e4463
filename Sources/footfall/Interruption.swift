import Dispatch
import Foundation
import Synchronization

/// Ctrl-C (SIGINT) and SIGTERM, turned into a flag that a read loop checks between reads, so
/// live commands stop cleanly: files flushed, totals printed.
final class Interruption: @unchecked Sendable {
    // `sources` is written only by `init`; `requested` is an atomic flag.
    private let requested = Atomic<Bool>(false)
    private var sources: [DispatchSourceSignal] = []

    init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { [weak self] in
                self?.requested.store(true, ordering: .relaxed)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Whether the user asked to stop.
    var isRequested: Bool { requested.load(ordering: .relaxed) }
}
