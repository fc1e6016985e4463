import Foundation

/// Collects the lines a child process writes, as they come.
public final class LineReader: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = Data()

    public init(_ handle: FileHandle) {
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                return
            }
            self?.append(data)
        }
    }

    private func append(_ data: Data) {
        lock.withLock {
            partial.append(data)
            while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                partial = Data(partial[partial.index(after: newline)...])
            }
        }
    }

    /// The complete lines so far.
    public var current: [String] { lock.withLock { lines } }

    /// Waits until a line satisfies `condition`, or `timeout` seconds pass.
    @discardableResult
    public func waitFor(timeout: Double, _ condition: (String) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if current.contains(where: condition) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return current.contains(where: condition)
    }
}
