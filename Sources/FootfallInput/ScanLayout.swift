/// Where each enabled channel sits in one IIO scan, computed as the kernel lays scans out.
///
/// Enabled channels appear in the order of their scan index (not necessarily contiguous);
/// each element is aligned to its own storage size; the whole scan is padded to a multiple
/// of the largest element. So `le:s16/16` x, y, z and a 64-bit timestamp take 16 bytes:
/// 0, 2, 4, then 8 for the timestamp.
public struct ScanLayout: Sendable, Equatable {
    /// One enabled channel's place in the scan.
    public struct Element: Sendable, Equatable {
        /// The channel's name ("accel_x", "timestamp").
        public var name: String
        /// Its scan index.
        public var index: Int
        /// How it is stored.
        public var type: ScanType
        /// Its byte offset from the start of the scan.
        public var offset: Int
    }

    /// The enabled channels, in scan order.
    public var elements: [Element]
    /// Bytes per scan.
    public var scanBytes: Int

    /// Lays out enabled channels given as (name, scan index, type).
    public init(channels: [(name: String, index: Int, type: ScanType)]) {
        var offset = 0
        var largest = 1
        var elements: [Element] = []
        for channel in channels.sorted(by: { $0.index < $1.index }) {
            let size = channel.type.storageBytes
            offset = (offset + size - 1) / size * size
            elements.append(Element(name: channel.name, index: channel.index, type: channel.type, offset: offset))
            offset += size * channel.type.repeats
            largest = max(largest, size)
        }
        self.elements = elements
        scanBytes = (offset + largest - 1) / largest * largest
    }

    /// The element for a channel name.
    public func element(named name: String) -> Element? {
        elements.first { $0.name == name }
    }
}
