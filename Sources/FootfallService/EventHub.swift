import NIOConcurrencyHelpers
import Synchronization

/// Delivers events to every watching client without ever waiting for one.
///
/// Each watcher gets a bounded queue. Publishing appends to every queue and returns at once;
/// a watcher whose queue is full (a client that stopped reading) is cut off: its stream ends
/// and its connection is closed. So a slow client costs at most its queue's memory and never
/// slows the daemon or the other clients.
public final class EventHub: Sendable {
    /// What a watcher receives: one encoded message line at a time.
    public typealias Stream = AsyncStream<[UInt8]>

    struct Watcher {
        let continuation: Stream.Continuation
    }

    private let watchers = NIOLockedValueBox<[Int: Watcher]>([:])
    private let nextID = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    /// Messages a watcher may have queued before it is cut off.
    public let queueLimit: Int

    /// Creates a hub.
    public init(queueLimit: Int = 512) {
        self.queueLimit = queueLimit
    }

    /// Registers a watcher; events published from now on arrive on the returned stream until
    /// `remove` is called or the watcher falls too far behind.
    public func add() -> (id: Int, events: Stream) {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = Stream.makeStream(bufferingPolicy: .bufferingOldest(queueLimit))
        watchers.withLockedValue { $0[id] = Watcher(continuation: continuation) }
        return (id, stream)
    }

    /// Unregisters a watcher and ends its stream.
    public func remove(_ id: Int) {
        let watcher = watchers.withLockedValue { $0.removeValue(forKey: id) }
        watcher?.continuation.finish()
    }

    /// Sends one message to every watcher, without waiting.
    public func publish(_ line: [UInt8]) {
        let overflowing: [Int] = watchers.withLockedValue { all in
            var full: [Int] = []
            for (id, watcher) in all {
                if case .dropped = watcher.continuation.yield(line) { full.append(id) }
            }
            return full
        }
        for id in overflowing {
            dropped.add(1, ordering: .relaxed)
            remove(id)
        }
    }

    /// Watchers connected now.
    public var count: Int { watchers.withLockedValue { $0.count } }

    /// Watchers cut off for not reading, since start.
    public var cutOff: Int { dropped.load(ordering: .relaxed) }
}
