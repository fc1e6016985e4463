/// A ring buffer of fixed capacity that never reallocates: appending to a full ring
/// overwrites its oldest element.
///
/// This is the detector's only hand-rolled container. Its storage is reserved once, in
/// `init`, so pushing and popping in the per-sample path never touch the heap; the slots are
/// written as they are first used, so a large ring that holds little costs little to create
/// (the offline gate holds thousands of candidates, a recording of a few seconds a handful).
/// Index 0 is the oldest element.
public struct FixedRing<Element>: Sendable where Element: Sendable {
    /// The slots used so far, in slot order; never more than `capacity`. Slots are used in
    /// order, from 0 up to the capacity and then round again, so the next new slot is always
    /// the one after the last.
    var storage: [Element]
    /// The most elements the ring holds.
    public let capacity: Int
    var head = 0
    /// The number of elements held, at most `capacity`.
    public internal(set) var count = 0

    /// Creates an empty ring that holds at most `capacity` elements (at least 1).
    public init(capacity: Int) {
        precondition(capacity > 0, "FixedRing capacity must be positive")
        self.capacity = capacity
        storage = []
        storage.reserveCapacity(capacity)
    }

    /// Whether the ring holds nothing.
    public var isEmpty: Bool { count == 0 }
    /// Whether the next append overwrites the oldest element.
    public var isFull: Bool { count == capacity }

    func slot(_ index: Int) -> Int {
        let s = head + index
        return s >= capacity ? s - capacity : s
    }

    /// The element `index` places after the oldest one.
    public subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "FixedRing index out of range")
            return storage[slot(index)]
        }
        set {
            precondition(index >= 0 && index < count, "FixedRing index out of range")
            storage[slot(index)] = newValue
        }
    }

    /// The newest element, if any.
    public var last: Element? { count == 0 ? nil : storage[slot(count - 1)] }
    /// The oldest element, if any.
    public var first: Element? { count == 0 ? nil : storage[head] }

    /// Appends an element, overwriting the oldest one when the ring is full.
    /// - Returns: the element that was overwritten, if any.
    @discardableResult
    @inline(__always)
    public mutating func append(_ element: Element) -> Element? {
        if count < capacity {
            let s = slot(count)
            if s == storage.count { storage.append(element) } else { storage[s] = element }
            count += 1
            return nil
        }
        let evicted = storage[head]
        storage[head] = element
        head = head + 1 == capacity ? 0 : head + 1
        return evicted
    }

    /// Removes and returns the oldest element, if any.
    @discardableResult
    public mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        head = head + 1 == capacity ? 0 : head + 1
        count -= 1
        return element
    }

    /// Removes every element; keeps the storage.
    public mutating func removeAll() {
        head = 0
        count = 0
    }
}
