import Foundation

/// A temporary folder for writing trace files in a test; removed when the value goes away.
final class TraceFixture {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "footfall-traces-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `text` (or bytes) to a file in the folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        try file(name, Data(text.utf8))
    }

    func file(_ name: String, _ data: Data) throws -> String {
        let path = folder + "/" + name
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
