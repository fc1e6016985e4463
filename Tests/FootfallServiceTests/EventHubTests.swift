import Testing
@testable import FootfallService

/// The event hub: every watcher gets every event, and one that stops reading is cut off
/// without holding up the others.
struct EventHubTests {
    @Test func everyWatcherGetsEveryEventInOrder() async {
        let hub = EventHub()
        let (first, firstEvents) = hub.add()
        let (_, secondEvents) = hub.add()
        #expect(hub.count == 2)
        hub.publish([1])
        hub.publish([2])
        hub.remove(first)
        hub.publish([3])
        #expect(hub.count == 1)
        var firstSeen: [[UInt8]] = []
        for await event in firstEvents { firstSeen.append(event) }
        #expect(firstSeen == [[1], [2]], "a removed watcher's stream ends after what it was sent")
        var secondSeen: [[UInt8]] = []
        for await event in secondEvents {
            secondSeen.append(event)
            if secondSeen.count == 3 { break }
        }
        #expect(secondSeen == [[1], [2], [3]])
    }

    @Test func aWatcherThatStopsReadingIsCutOffAndTheOthersGoOn() async {
        let hub = EventHub(queueLimit: 4)
        let (_, deafEvents) = hub.add()
        let (_, readerEvents) = hub.add()
        var read: [[UInt8]] = []
        var reader = readerEvents.makeAsyncIterator()
        for value in 0..<6 {
            hub.publish([UInt8(value)])
            // The reader keeps up; the deaf one never reads.
            if let event = await reader.next() { read.append(event) }
        }
        #expect(hub.cutOff == 1)
        #expect(hub.count == 1)
        #expect(read.count == 6)
        var deafQueued = 0
        for await _ in deafEvents { deafQueued += 1 }
        #expect(deafQueued == 4, "what was queued before the cut, then the end")
    }
}
