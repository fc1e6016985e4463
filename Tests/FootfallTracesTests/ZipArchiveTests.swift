import Foundation
import Testing
@testable import FootfallTraces

/// The zip reader under `.gt3x`: entries found from the central directory, stored and deflated
/// entries decompressed, and damage to either reported with the entry's name.
struct ZipArchiveTests {
    let fixture: TraceFixture
    init() throws { fixture = try TraceFixture() }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    func archive(_ name: String, _ change: (inout [UInt8]) -> Void = { _ in }) throws -> ZipArchive {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name)))
        change(&bytes)
        let stream = bytes.withUnsafeBytes { MemoryByteStream($0) }
        return try ZipArchive(stream, path: name)
    }

    @Test func entriesOfADeflatedAndAStoredArchive() throws {
        for name in ["walk.gt3x", "walk-damaged.gt3x"] {
            let zip = try archive(name)
            #expect(zip.entries.map(\.name) == ["info.txt", "log.bin"])
            let info = try zip.contents(zip.entry("info.txt")!)
            #expect(String(decoding: info, as: UTF8.self).contains("Sample Rate: 30"))
            #expect(info.count == zip.entry("info.txt")!.size)
        }
        #expect(try archive("walk.gt3x").entry("log.bin")!.method == 8)
        #expect(try archive("walk-damaged.gt3x").entry("log.bin")!.method == 0)
    }

    @Test func aChangedByteInAStoredEntryFailsItsCRC() throws {
        // walk-damaged.gt3x stores info.txt first: its text starts at byte 38 (30 + its name).
        let zip = try archive("walk-damaged.gt3x") { $0[45] ^= 0x20 }
        do {
            _ = try zip.contents(zip.entry("info.txt")!)
            Issue.record("a damaged entry was read")
        } catch {
            #expect(error.reason == .compressed("info.txt in the archive is damaged: its CRC-32 does not match"))
        }
    }

    @Test func aChangedByteInADeflatedEntryIsReportedWithItsName() throws {
        let zip = try archive("walk.gt3x") { $0[$0.count / 2] ^= 0xFF }
        let log = zip.entry("log.bin")!
        let stream = try zip.open(log, fileSize: 0)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        do {
            while try stream.read(into: buffer) > 0 {}
            Issue.record("a damaged entry was read")
        } catch {
            guard case .compressed(let detail) = error.reason else { Issue.record("expected a compression error, got \(error.reason)"); return }
            #expect(detail.hasPrefix("log.bin in the archive is damaged"))
        }
    }

    @Test func bytesThatAreNotAZipAreRefused() throws {
        for bytes in [[UInt8](), [UInt8](repeating: 0x50, count: 100), Array("PK\u{3}\u{4} and nothing else".utf8)] {
            let stream = bytes.withUnsafeBytes { MemoryByteStream($0) }
            do {
                _ = try ZipArchive(stream, path: "x")
                Issue.record("\(bytes.count) bytes were taken for a zip")
            } catch {
                guard case .unsupported(let detail) = error.reason else { Issue.record("got \(error.reason)"); continue }
                #expect(detail.hasPrefix("not a zip archive Footfall reads"))
            }
        }
    }
}
