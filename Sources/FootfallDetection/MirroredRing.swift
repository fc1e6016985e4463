/// A ring of the last `capacity` elements whose every slot is stored twice, at `slot` and at
/// `slot + capacity`, so that the elements held, oldest first, always lie side by side in
/// memory: a window over them is read through one pointer, with no wrap-around test per
/// element. An append costs a second store.
struct MirroredRing<Element>: Sendable where Element: Sendable {
    /// Twice `capacity` elements: each slot and its mirror.
    var storage: [Element]
    /// How many elements the ring keeps.
    let capacity: Int
    /// The slot of the oldest element, below `capacity`.
    var head = 0
    /// How many elements are held.
    var count = 0

    init(capacity: Int, filler: Element) {
        precondition(capacity > 0, "MirroredRing capacity must be positive")
        self.capacity = capacity
        storage = Array(repeating: filler, count: 2 * capacity)
    }

    /// The element `index` places after the oldest.
    @inline(__always)
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "MirroredRing index out of range")
        return storage[head + index]
    }

    /// Appends an element, evicting the oldest when full.
    @inline(__always)
    mutating func append(_ element: Element) {
        let capacity = self.capacity
        let slot: Int
        if count < capacity {
            slot = head + count >= capacity ? head + count - capacity : head + count
            count += 1
        } else {
            slot = head
            head = head + 1 == capacity ? 0 : head + 1
        }
        storage.withUnsafeMutableBufferPointer { storage in
            storage[slot] = element
            storage[slot + capacity] = element
        }
    }

    /// Forgets every element.
    mutating func removeAll() {
        head = 0
        count = 0
    }

    /// Calls `body` with the elements held, oldest first, side by side.
    @inline(__always)
    func withUnsafeElements<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        storage.withUnsafeBufferPointer { storage in
            body(UnsafeBufferPointer(start: storage.baseAddress! + head, count: count))
        }
    }
}
