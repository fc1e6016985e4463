import Foundation
import Testing
import FootfallTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Where a command writes its result (`-o` and the CSV options): a regular file is replaced
/// whole, and a device or a FIFO at the path is written in place, not replaced by a file.
struct OutputFileTests {
    func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "footfall-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func type(of path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    @Test func aFIFOIsWrittenToNotReplaced() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/report"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader that does not wait for a writer, as a script's `cat < fifo &` would be there.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let result = try FootfallProcess.run(["bench", SampleTracesLocation.path("bangle/100_1.csv"), "-o", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(type(of: fifo) == S_IFIFO, "the FIFO was replaced")
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).contains("bangle-wrist"))
    }

    @Test func aRegularFileIsReplacedWholeThroughALink() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/report.txt", link = folder + "/latest.txt"
        try String(repeating: "old report\n", count: 1000).write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        let result = try FootfallProcess.run(["bench", SampleTracesLocation.path("bangle/100_1.csv"), "-o", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(type(of: link) == S_IFLNK, "the link was replaced")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("bangle-wrist") && !text.contains("old report"))
    }
}
