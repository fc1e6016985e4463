import Testing
@testable import FootfallService

/// A STEP event whose total tells events apart.
func event(_ total: Int) -> DaemonEvent { DaemonEvent(.steps([], total: total)) }

/// The total an event carries.
func total(_ event: DaemonEvent) -> Int {
    if case .steps(_, let total) = event.kind { return total }
    return -1
}

/// The event hub: every watcher gets every event, and one that stops reading is cut off
/// without holding up the others.
struct EventHubTests {
    @Test func everyWatcherGetsEveryEventInOrder() async {
        let hub = EventHub()
        let (first, firstEvents) = hub.add()
        let (_, secondEvents) = hub.add()
        let (_, outletEvents) = hub.add(isClient: false)
        #expect(hub.count == 2, "the D-Bus outlet is not a client")
        hub.publish(event(1))
        hub.publish(event(2))
        hub.remove(first)
        hub.publish(event(3))
        #expect(hub.count == 1)
        var firstSeen: [Int] = []
        for await event in firstEvents { firstSeen.append(total(event)) }
        #expect(firstSeen == [1, 2], "a removed watcher's stream ends after what it was sent")
        for events in [secondEvents, outletEvents] {
            var seen: [Int] = []
            for await event in events {
                seen.append(total(event))
                if seen.count == 3 { break }
            }
            #expect(seen == [1, 2, 3])
        }
    }

    @Test func anEventCarriesItsSocketLine() {
        #expect(String(decoding: event(7).line, as: UTF8.self) == "{\"class\":\"STEP\",\"steps\":[],\"total\":7}\n")
    }

    @Test func aWatcherThatStopsReadingIsCutOffAndTheOthersGoOn() async {
        let hub = EventHub(queueLimit: 4)
        let (_, deafEvents) = hub.add()
        let (_, readerEvents) = hub.add()
        var read: [Int] = []
        var reader = readerEvents.makeAsyncIterator()
        for value in 0..<6 {
            hub.publish(event(value))
            // The reader keeps up; the deaf one never reads.
            if let event = await reader.next() { read.append(total(event)) }
        }
        #expect(hub.cutOff == 1)
        #expect(hub.count == 1)
        #expect(read.count == 6)
        var deafQueued = 0
        for await _ in deafEvents { deafQueued += 1 }
        #expect(deafQueued == 4, "what was queued before the cut, then the end")
    }
}
