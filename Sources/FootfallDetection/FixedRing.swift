/// A ring buffer of fixed capacity that never reallocates: appending to a full ring
/// overwrites its oldest element.
///
/// This is the detector's only hand-rolled container. Its storage is allocated once, in
/// `init`, so pushing and popping in the per-sample path never touch the heap. Index 0 is
/// the oldest element.
public struct FixedRing<Element>: Sendable where Element: Sendable {
    var storage: [Element]
    var head = 0
    /// The number of elements held, at most `capacity`.
    public internal(set) var count = 0

    /// Creates an empty ring.
    /// - Parameters:
    ///   - capacity: the most elements it holds; at least 1.
    ///   - filler: a value to fill unused slots with (never read back).
    public init(capacity: Int, filler: Element) {
        precondition(capacity > 0, "FixedRing capacity must be positive")
        storage = Array(repeating: filler, count: capacity)
    }

    /// The most elements the ring holds.
    public var capacity: Int { storage.count }
    /// Whether the ring holds nothing.
    public var isEmpty: Bool { count == 0 }
    /// Whether the next append overwrites the oldest element.
    public var isFull: Bool { count == storage.count }

    func slot(_ index: Int) -> Int {
        let s = head + index
        return s >= storage.count ? s - storage.count : s
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
        if count < storage.count {
            storage[slot(count)] = element
            count += 1
            return nil
        }
        let evicted = storage[head]
        storage[head] = element
        head = head + 1 == storage.count ? 0 : head + 1
        return evicted
    }

    /// Removes and returns the oldest element, if any.
    @discardableResult
    public mutating func removeFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        head = head + 1 == storage.count ? 0 : head + 1
        count -= 1
        return element
    }

    /// Removes every element; keeps the storage.
    public mutating func removeAll() {
        head = 0
        count = 0
    }
}
