import Foundation
import Testing
import FootfallDetection
@testable import FootfallTraces

/// Footfall's own traces (`t,ax,ay,az`) read through `Recording`, the path every command
/// takes: good traces parse exactly; every kind of bad input is refused with the file, the
/// line and what is wrong, and never crashes or hangs. Plain lines are read in one pass
/// (`OnePassLineParser`), the rest by the general path: both must give the same samples.
struct DelimitedReaderTests {
    let fixture: TraceFixture
    init() throws { fixture = try TraceFixture() }

    /// Reads a trace written from `text` and returns the error it throws.
    func error(for text: String) throws -> TraceError {
        try error(path: fixture.file("bad.csv", text))
    }

    func error(path: String) throws -> TraceError {
        do {
            _ = try Recording.readSamples(path: path)
        } catch {
            #expect(error.path == path)
            return error
        }
        Issue.record("expected an error reading \(path)")
        return TraceError(path: path, reason: .empty)
    }

    /// The slow, obvious reading of a delimited text whose layout is known: lines split at
    /// `delimiter` outside quotes, the fields read trimmed of spaces, tabs and quotes, decimal
    /// commas made points, by `Double(String)` (the C library's strtod); blank lines skipped.
    static func plainReading(_ text: String, delimiter: Character = ",", linesBefore: Int = 1,
                             columns: [Int] = [0, 1, 2, 3], scale: Double = 1, timeScale: Double = 1) -> [Sample] {
        var samples: [Sample] = []
        // By bytes: to String, "\r\n" is one character, not a "\r" before a "\n".
        for bytes in Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false).dropFirst(linesBefore) {
            var line = Substring(String(decoding: bytes, as: UTF8.self))
            if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            var fields: [String] = [""]
            var quoted = false
            for character in line {
                if character == "\"" { quoted.toggle() }
                if character == delimiter && !quoted { fields.append("") } else { fields[fields.count - 1].append(character) }
            }
            let values = columns.map { column in
                Double(String(fields[column].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")).map { $0 == "," ? "." : $0 }))!
            }
            samples.append(Sample(time: values[0] * timeScale, x: values[1] * scale, y: values[2] * scale, z: values[3] * scale))
        }
        return samples
    }

    /// Where two readings differ, bit for bit (so that -0 and 0 differ), or nil.
    static func difference(_ a: [Sample], _ b: [Sample]) -> String? {
        for (k, (p, q)) in zip(a, b).enumerated() where !(p.time.bitPattern == q.time.bitPattern && p.x.bitPattern == q.x.bitPattern
                                                          && p.y.bitPattern == q.y.bitPattern && p.z.bitPattern == q.z.bitPattern) {
            return "sample \(k): \(p) is not \(q)"
        }
        return a.count == b.count ? nil : "\(a.count) samples, not \(b.count)"
    }

    @Test func readsAWellFormedTrace() throws {
        let path = try fixture.file("good.csv", "t,ax,ay,az\n0.000000,1.9400,5.1618,10.1620\n0.005035,-1.5,4.9764,9.8988\n")
        let samples = try Recording.readSamples(path: path)
        #expect(samples == [Sample(time: 0, x: 1.94, y: 5.1618, z: 10.162), Sample(time: 0.005035, x: -1.5, y: 4.9764, z: 9.8988)])
    }

    @Test func acceptsCRLFByteOrderMarkSpacesBlankLinesAndNoFinalNewline() throws {
        let path = try fixture.file("dos.csv", "\u{FEFF}t, ax ,ay,az\r\n0, 1 ,2,3\r\n\r\n1,4,5,6e0")
        let samples = try Recording.readSamples(path: path)
        #expect(samples == [Sample(time: 0, x: 1, y: 2, z: 3), Sample(time: 1, x: 4, y: 5, z: 6)])
    }

    @Test func batchesCoverEverySampleInOrder() throws {
        var text = "t,ax,ay,az\n"
        for k in 0..<10_007 { text += "\(Double(k) / 100),\(k),0,9.8\n" }
        let path = try fixture.file("long.csv", text)
        var seen: [Double] = []
        var batches = 0
        try Recording.forEachBatch(path: path, batchSize: 1000) { batch in
            batches += 1
            seen.append(contentsOf: batch.map(\.x))
        }
        #expect(batches == 11)
        #expect(seen == (0..<10_007).map(Double.init))
    }

    /// Every way a number may be written, on lines the one-pass parser reads and on lines it
    /// leaves to the general path (quotes, a tab, a carriage return, spaces), in a file ten
    /// times the reader's window so that lines are cut by its refills: each sample exactly as
    /// strtod reads its fields.
    @Test func everyNumberFormAndEveryLineShapeReadsAsStrtodDoes() throws {
        let numbers = ["0", "-0", "+1", "1.", ".5", "-.5", "9.80665", "-12.3456", "6e0", "1E+05", "2.5e-3", "-7.25E2",
                       "0.000001", "1234567890123456", "9007199254740993", "12345678901234567890", "0.1000000000000000055511151231257827",
                       "1e22", "1e23", "1e-22", "4.9e-324", "1.7976931348623157e308", "000123.4500"]
        var text = "t,ax,ay,az\n"
        var time = 0.0
        var k = 0
        while text.utf8.count < 2_500_000 {
            let x = numbers[k % numbers.count], y = numbers[(k / 3) % numbers.count], z = numbers[(k / 7) % numbers.count]
            time += 0.01
            let t = String(format: "%.6f", time)
            switch k % 11 {
            case 0: text += "\(t),\"\(x)\",\(y),\(z)\n"
            case 1: text += "\(t),\t\(x) , \(y),\(z)\t\r\n"
            case 2: text += " \(t), \(x),\(y),\(z) \n"
            case 3: text += "\n"
            case 4: text += "\(t),\(x),\(y),\(z)\r\n"
            default: text += "\(t),\(x),\(y),\(z)\n"
            }
            k += 1
        }
        let path = try fixture.file("forms.csv", text)
        let samples = try Recording.readSamples(path: path)
        let expected = Self.plainReading(text)
        #expect(Self.difference(samples, expected) == nil)
    }

    @Test func decimalCommasSemicolonsAndColumnsNotReadAsStrtodDoes() throws {
        var text = "Time (s);note;Acceleration x (m/s^2);Acceleration y (m/s^2);Acceleration z (m/s^2);extra\n"
        for k in 0..<3000 {
            let t = String(format: "%.3f", Double(k) / 100).replacingOccurrences(of: ".", with: ",")
            switch k % 5 {
            case 0: text += "\(t);\"a;b\";0,5;-1,25;9,75;x\n"
            case 1: text += "\(t);;1,5e-1;2;9,8;\n"
            case 2: text += "\(t);n;-0,0001;0,0;9,80665;\"q\"\r\n"
            default: text += "\(t);n;\(k % 7),25;-\(k % 3),5;9,\(k % 10);\n"
            }
        }
        let samples = try Recording.readSamples(path: try fixture.file("phyphox.csv", text))
        #expect(Self.difference(samples, Self.plainReading(text, delimiter: ";", columns: [0, 2, 3, 4])) == nil)
    }

    @Test func millisecondsAndGravitiesAreScaledAsOnTheGeneralPath() throws {
        var text = "time_ms,x [g],y [g],z [g]\n"
        for k in 0..<2000 { text += "\(1_777_622_400_000 + 10 * k),0.0\(k % 10),-0.5,\(k % 2 == 0 ? "\"1.0\"" : "0.98")\n" }
        let samples = try Recording.readSamples(path: try fixture.file("g.csv", text))
        #expect(Self.difference(samples, Self.plainReading(text, scale: 9.80665, timeScale: 1e-3)) == nil)
    }

    @Test func emptyFile() throws {
        let e = try error(for: "")
        #expect(e.reason == .empty)
        #expect(e.description.contains("empty"))
    }

    @Test func headerOnly() throws {
        #expect(try error(for: "t,ax,ay,az\n").reason == .noSamples)
    }

    @Test func aHeaderOtherThanFootfallsIsReadByItsNames() throws {
        let path = try fixture.file("named.csv", "time,x,y,z\n0,1,2,9.8\n0.01,1,2,9.8\n")
        #expect(try Recording.readSamples(path: path) == [Sample(time: 0, x: 1, y: 2, z: 9.8), Sample(time: 0.01, x: 1, y: 2, z: 9.8)])
    }

    @Test func missingColumn() throws {
        let e = try error(for: "t,ax,ay,az\n0,1,2,3\n0.01,1,2\n")
        #expect(e.reason == .tooFewFields(needed: 4, found: 3))
        #expect(e.line == 3)
        #expect(e.description.hasSuffix("bad.csv:3: expected at least 4 fields, found 3"))
    }

    @Test func anExtraColumnIsNotRead() throws {
        let path = try fixture.file("extra.csv", "t,ax,ay,az\n" + String(repeating: "0,1,2,3\n", count: 5) + "0.01,1,2,3,4\n")
        #expect(try Recording.readSamples(path: path).last == Sample(time: 0.01, x: 1, y: 2, z: 3))
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

    /// 1e308 is a number, but 1e308 g is no number of m/s²: refused on its line, whichever path
    /// reads the line (a plain one, a quoted one), as `footfall convert` could not write it.
    @Test(arguments: ["0.02,1e308,0,1\n", "0.02,\"1e308\",0,1\n"])
    func aValueThatOverflowsInMetresPerSecondSquaredIsRefused(line: String) throws {
        var text = "t,x [g],y [g],z [g]\n"
        for k in 0..<2 { text += "\(Double(k) / 100),0,0,1\n" }
        let e = try error(for: text + line)
        #expect(e.reason == .notFinite(column: "x [g]"))
        #expect(e.line == 4)
    }

    @Test func timeGoingBackwards() throws {
        let e = try error(for: "t,ax,ay,az\n0,1,2,3\n0.5,1,2,3\n0.4,1,2,3\n")
        #expect(e.reason == .timeWentBackwards(previous: 0.5, found: 0.4))
        #expect(e.line == 4)
    }

    @Test func equalTimesAreAllowed() throws {
        let path = try fixture.file("same.csv", "t,ax,ay,az\n0,1,2,3\n0,1,2,3\n")
        #expect(try Recording.readSamples(path: path).count == 2)
    }

    @Test func binaryJunkAfterGoodLinesNamesItsLine() throws {
        // Past the first 4,096 bytes (where binary would make the file no recording at all)
        // and the lines the layout is found from.
        var bytes = Data("t,ax,ay,az\n".utf8)
        for k in 0..<600 { bytes.append(contentsOf: "\(Double(k) / 100),1,2,3\n".utf8) }
        bytes.append(contentsOf: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let e = try error(path: fixture.file("junk.csv", bytes))
        guard case .binaryData = e.reason else {
            Issue.record("expected binaryData, got \(e.reason)")
            return
        }
        #expect(e.line == 602)
    }

    @Test func binaryFileFromTheStart() throws {
        let e = try error(path: fixture.file("elf.csv", Data([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2, 3])))
        guard case .unsupported(let detail) = e.reason else { Issue.record("expected unsupported, got \(e.reason)"); return }
        #expect(detail.hasPrefix("not a recording Footfall reads: binary data starting 7f 45 4c 46 00 01 02 03"))
        #expect(e.offset == 0)
    }

    @Test func missingFileAndDirectory() throws {
        #expect(try error(path: fixture.folder + "/nothing.csv").reason == .unreadable("no such file or directory"))
        #expect(try error(path: fixture.folder).reason == .unreadable("it is a directory"))
    }

    @Test func aLineWithoutNewlineOfAnyLengthEndsCleanly() throws {
        // A huge last line must not hang or crash.
        let text = "t,ax,ay,az\n" + String(repeating: "0,1,2,3\n", count: 5) + String(repeating: "1", count: 1 << 20)
        let e = try error(for: text)
        #expect(e.reason == .tooFewFields(needed: 4, found: 1))
        #expect(e.line == 7)
    }
}
