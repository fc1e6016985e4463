import Foundation
import Testing
import FootfallDetection
@testable import FootfallTraces

/// The reader's contract: good traces parse exactly; every kind of bad input is refused with
/// the file, the line and what is wrong, and never crashes or hangs.
struct TraceCSVReaderTests {
    let fixture: TraceFixture
    init() throws { fixture = try TraceFixture() }

    /// Reads a trace written from `text` and returns the error it throws.
    func error(for text: String) throws -> TraceError {
        let path = try fixture.file("bad.csv", text)
        do {
            _ = try TraceCSVReader.readSamples(path: path)
        } catch {
            #expect(error.path == path)
            return error
        }
        Issue.record("expected an error for \(text.debugDescription)")
        return TraceError(path: path, reason: .empty)
    }

    @Test func readsAWellFormedTrace() throws {
        let path = try fixture.file("good.csv", "t,ax,ay,az\n0.000000,1.9400,5.1618,10.1620\n0.005035,-1.5,4.9764,9.8988\n")
        let samples = try TraceCSVReader.readSamples(path: path)
        #expect(samples == [Sample(time: 0, x: 1.94, y: 5.1618, z: 10.162), Sample(time: 0.005035, x: -1.5, y: 4.9764, z: 9.8988)])
    }

    @Test func acceptsCRLFByteOrderMarkSpacesBlankLinesAndNoFinalNewline() throws {
        let path = try fixture.file("dos.csv", "\u{FEFF}t, ax ,ay,az\r\n0, 1 ,2,3\r\n\r\n1,4,5,6e0")
        let samples = try TraceCSVReader.readSamples(path: path)
        #expect(samples == [Sample(time: 0, x: 1, y: 2, z: 3), Sample(time: 1, x: 4, y: 5, z: 6)])
    }

    @Test func batchesCoverEverySampleInOrder() throws {
        var text = "t,ax,ay,az\n"
        for k in 0..<10_007 { text += "\(Double(k) / 100),\(k),0,9.8\n" }
        let path = try fixture.file("long.csv", text)
        var seen: [Double] = []
        var batches = 0
        try TraceCSVReader.forEachBatch(path: path, batchSize: 1000) { batch in
            batches += 1
            seen.append(contentsOf: batch.map(\.x))
        }
        #expect(batches == 11)
        #expect(seen == (0..<10_007).map(Double.init))
    }

    @Test func emptyFile() throws {
        let e = try error(for: "")
        #expect(e.reason == .empty)
        #expect(e.description.contains("empty"))
    }

    @Test func headerOnly() throws {
        #expect(try error(for: "t,ax,ay,az\n").reason == .noSamples)
    }

    @Test func wrongHeader() throws {
        let e = try error(for: "time,x,y,z\n0,1,2,3\n")
        #expect(e.reason == .badHeader(found: "time,x,y,z"))
        #expect(e.line == 1)
    }

    @Test func missingColumn() throws {
        let e = try error(for: "t,ax,ay,az\n0,1,2,3\n0.01,1,2\n")
        #expect(e.reason == .fieldCount(found: 3))
        #expect(e.line == 3)
        #expect(e.description.hasSuffix("bad.csv:3: expected 4 fields (t,ax,ay,az), found 3"))
    }

    @Test func extraColumn() throws {
        let e = try error(for: "t,ax,ay,az\n0,1,2,3,4\n")
        #expect(e.reason == .fieldCount(found: 5))
        #expect(e.line == 2)
    }

    @Test func nonNumericField() throws {
        let e = try error(for: "t,ax,ay,az\n0,1,2,3\n0.01,1,two,3\n")
        #expect(e.reason == .notANumber(column: "ay", found: "two"))
        #expect(e.line == 3)
    }

    @Test func emptyField() throws {
        #expect(try error(for: "t,ax,ay,az\n0,,2,3\n").reason == .notANumber(column: "ax", found: ""))
    }

    @Test(arguments: ["nan", "NaN", "inf", "-inf", "Infinity", "1e999"])
    func notFinite(field: String) throws {
        let e = try error(for: "t,ax,ay,az\n0,1,2,\(field)\n")
        #expect(e.reason == .notFinite(column: "az"))
        #expect(e.line == 2)
    }

    @Test func timeGoingBackwards() throws {
        let e = try error(for: "t,ax,ay,az\n0,1,2,3\n0.5,1,2,3\n0.4,1,2,3\n")
        #expect(e.reason == .timeWentBackwards(previous: 0.5, found: 0.4))
        #expect(e.line == 4)
    }

    @Test func equalTimesAreAllowed() throws {
        let path = try fixture.file("same.csv", "t,ax,ay,az\n0,1,2,3\n0,1,2,3\n")
        #expect(try TraceCSVReader.readSamples(path: path).count == 2)
    }

    @Test func binaryJunk() throws {
        var bytes = Data("t,ax,ay,az\n0,1,2,3\n".utf8)
        bytes.append(contentsOf: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let path = try fixture.file("junk.csv", bytes)
        #expect(throws: TraceError.self) { try TraceCSVReader.readSamples(path: path) }
        do {
            _ = try TraceCSVReader.readSamples(path: path)
        } catch {
            guard case .binaryData = error.reason else {
                Issue.record("expected binaryData, got \(error.reason)")
                return
            }
            #expect(error.line == 3)
        }
    }

    @Test func binaryFileFromTheStart() throws {
        let path = try fixture.file("elf.csv", Data([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2, 3]))
        do {
            _ = try TraceCSVReader.readSamples(path: path)
            Issue.record("a binary file was accepted")
        } catch {
            #expect(error.reason == .binaryData(byte: 0x7F))
            #expect(error.line == 1)
        }
    }

    @Test func missingFileAndDirectory() throws {
        do {
            _ = try TraceCSVReader.readSamples(path: fixture.folder + "/nothing.csv")
            Issue.record("a missing file was accepted")
        } catch {
            #expect(error.reason == .unreadable("no such file or directory"))
        }
        do {
            _ = try TraceCSVReader.readSamples(path: fixture.folder)
            Issue.record("a directory was accepted")
        } catch {
            #expect(error.reason == .unreadable("it is a directory"))
        }
    }

    @Test func aLineWithoutNewlineOfAnyLengthEndsCleanly() throws {
        // A huge single line must not hang or crash.
        let text = "t,ax,ay,az\n" + String(repeating: "1", count: 1 << 20)
        #expect(try error(for: text).reason == .fieldCount(found: 1))
    }
}
