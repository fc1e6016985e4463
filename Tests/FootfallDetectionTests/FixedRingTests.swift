import Testing
@testable import FootfallDetection

/// The ring is checked at every capacity x starting slot x fill count, as swift-collections
/// checks its deques: the wrap-around is where ring buffers break.
struct FixedRingTests {
    /// A ring of `capacity` whose head sits at `start`, holding `count` elements 0..<count.
    func makeRing(capacity: Int, start: Int, count: Int) -> FixedRing<Int> {
        var ring = FixedRing<Int>(capacity: capacity)
        for i in 0..<start { ring.append(-100 - i) }
        for _ in 0..<start { ring.removeFirst() }
        for i in 0..<count { ring.append(i) }
        return ring
    }

    @Test func everyCapacityStartAndCount() {
        for capacity in 1...6 {
            for start in 0..<capacity {
                for count in 0...capacity {
                    var ring = makeRing(capacity: capacity, start: start, count: count)
                    #expect(ring.count == count)
                    #expect(ring.isFull == (count == capacity))
                    #expect((0..<count).map { ring[$0] } == Array(0..<count))
                    #expect(ring.first == (count > 0 ? 0 : nil))
                    #expect(ring.last == (count > 0 ? count - 1 : nil))
                    // Appending past capacity evicts the oldest, in order.
                    let evicted = ring.append(count)
                    #expect(evicted == (count == capacity ? 0 : nil))
                    let expected = Array((count == capacity ? 1 : 0)...count)
                    #expect((0..<ring.count).map { ring[$0] } == expected)
                    var drained: [Int] = []
                    while let value = ring.removeFirst() { drained.append(value) }
                    #expect(drained == expected)
                    #expect(ring.isEmpty)
                }
            }
        }
    }

    @Test func subscriptSetterWritesTheRightSlot() {
        for capacity in 1...5 {
            for start in 0..<capacity {
                var ring = makeRing(capacity: capacity, start: start, count: capacity)
                for i in 0..<capacity { ring[i] = 10 * i }
                #expect((0..<capacity).map { ring[$0] } == (0..<capacity).map { 10 * $0 })
            }
        }
    }

    @Test func removeAllKeepsCapacity() {
        var ring = makeRing(capacity: 4, start: 2, count: 3)
        ring.removeAll()
        #expect(ring.isEmpty)
        #expect(ring.capacity == 4)
        ring.append(7)
        #expect(ring.first == 7)
    }
}
