import NIOConcurrencyHelpers
import Synchronization

/// Delivers events to every watching client (and the D-Bus interface) without ever waiting
/// for one.
///
/// Each watcher gets a bounded queue. Publishing appends to every queue and returns at once;
/// a watcher whose queue is full (a client that stopped reading) is cut off: its stream ends
/// and its connection is closed. So a slow client costs at most its queue's memory and never
/// slows the daemon or the other clients.
public final class EventHub: Sendable {
    /// What a watcher receives: one event at a time.
    public typealias Stream = AsyncStream<DaemonEvent>

    struct Watcher {
        let continuation: Stream.Continuation
        /// Whether it is a client, counted in `count` (the D-Bus interface is not).
        let isClient: Bool
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
    /// - Parameter isClient: false for the daemon's own outlets (D-Bus), which `count` leaves out.
    public func add(isClient: Bool = true) -> (id: Int, events: Stream) {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = Stream.makeStream(bufferingPolicy: .bufferingOldest(queueLimit))
        watchers.withLockedValue { $0[id] = Watcher(continuation: continuation, isClient: isClient) }
        return (id, stream)
    }

    /// Unregisters a watcher and ends its stream.
    public func remove(_ id: Int) {
        let watcher = watchers.withLockedValue { $0.removeValue(forKey: id) }
        watcher?.continuation.finish()
    }

    /// Sends one event to every watcher, without waiting.
    public func publish(_ event: DaemonEvent) {
        let overflowing: [Int] = watchers.withLockedValue { all in
            var full: [Int] = []
            for (id, watcher) in all {
                if case .dropped = watcher.continuation.yield(event) { full.append(id) }
            }
            return full
        }
        for id in overflowing {
            dropped.add(1, ordering: .relaxed)
            remove(id)
        }
    }

    /// Watching clients connected now.
    public var count: Int { watchers.withLockedValue { $0.values.count(where: \.isClient) } }

    /// Whether anyone, client or outlet, would receive an event now.
    public var hasWatchers: Bool { watchers.withLockedValue { !$0.isEmpty } }

    /// Watchers cut off for not reading, since start.
    public var cutOff: Int { dropped.load(ordering: .relaxed) }
}
