import Foundation
import Testing
import FootfallDetection
@testable import FootfallTraces

/// Recordings as people make them, read through the one interface: the layouts phones and
/// research devices write, found from the content; compression by its magic number; and every
/// kind of damage refused with the file, the line or byte offset, and what to do.
struct RecordingTests {
    let fixture: TraceFixture
    init() throws { fixture = try TraceFixture() }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let sampleTraces = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("SampleTraces").path

    func read(_ name: String, _ text: String, _ options: RecordingOptions = .automatic) throws -> [Sample] {
        try Recording.readSamples(path: fixture.file(name, text), options: options)
    }

    func error(_ name: String, _ text: String, _ options: RecordingOptions = .automatic) throws -> TraceError {
        try error(path: fixture.file(name, text), options)
    }

    func error(path: String, _ options: RecordingOptions = .automatic) throws -> TraceError {
        do {
            _ = try Recording.readSamples(path: path, options: options)
        } catch {
            #expect(error.path == path)
            return error
        }
        Issue.record("expected an error reading \(path)")
        return TraceError(path: path, reason: .empty)
    }

    func expectClose(_ a: [Sample], _ b: [Sample], time: Double = 1e-6, value: Double = 1e-6,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.count == b.count, sourceLocation: sourceLocation)
        for (k, (p, q)) in zip(a, b).enumerated() {
            if abs(p.time - q.time) > time || abs(p.x - q.x) > value || abs(p.y - q.y) > value || abs(p.z - q.z) > value {
                Issue.record("sample \(k): \(p) is not \(q)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    // MARK: Footfall's own traces

    @Test func readsFootfallTracesAsStrtodReadsTheirFields() throws {
        let path = Self.sampleTraces + "/oxford/Samsung_Dario_Hard_InHand_1.csv"
        let summary = try Recording.inspect(path: path)
        #expect(summary.format == .delimited)
        #expect(summary.layout?.preset == .footfall)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(DelimitedReaderTests.difference(try Recording.readSamples(path: path), DelimitedReaderTests.plainReading(text)) == nil)
    }

    @Test func batchesAreBoundedAndCoverEverySampleInOrder() throws {
        var text = "t,ax,ay,az\n"
        for k in 0..<10_007 { text += "\(Double(k) / 100),\(k),0,9.8\n" }
        var seen: [Double] = []
        var largest = 0
        try Recording.forEachBatch(path: fixture.file("long.csv", text), batchSize: 1000) { batch in
            largest = max(largest, batch.count)
            seen.append(contentsOf: batch.map(\.x))
        }
        #expect(largest == 1000)
        #expect(seen == (0..<10_007).map(Double.init))
    }

    // MARK: Phone and watch exports

    @Test func androidNanosecondsSinceTheEpoch() throws {
        let samples = try read("phone.csv", "timestamp,x,y,z\n1777622400000000000,0.1,0.2,9.8\n1777622400010000000,0.2,0.3,9.7\n"
                                + "1777622400020000000,0.1,0.2,9.8\n1777622400030000000,0.1,0.2,9.8\n1777622400040000000,0.1,0.2,9.8\n")
        #expect(samples.count == 5)
        #expect(abs(samples[1].time - 1_777_622_400.01) < 1e-6)
        #expect(samples[1].x == 0.2 && samples[1].z == 9.7)
    }

    @Test func sensorLoggerAxesInItsOwnOrder() throws {
        var text = "time,seconds_elapsed,z,y,x\n"
        for k in 0..<6 { text += "\(1_777_622_400_000_000_000 + k * 10_000_000),\(Double(k) / 100),9.8,0.5,-0.25\n" }
        let path = try fixture.file("Accelerometer.csv", text)
        #expect(try Recording.inspect(path: path).layout?.preset == .sensorLogger)
        let samples = try Recording.readSamples(path: path)
        #expect(samples[0] == Sample(time: 1_777_622_400, x: -0.25, y: 0.5, z: 9.8))
    }

    @Test func phyphoxWithSemicolonsAndDecimalCommas() throws {
        var text = "\"Time (s)\";\"Acceleration x (m/s^2)\";\"Acceleration y (m/s^2)\";\"Acceleration z (m/s^2)\"\n"
        for k in 0..<6 { text += "\(k)E-2;0,5;-1,25;9,75\n" }
        let samples = try read("phyphox.csv", text)
        #expect(samples.count == 6)
        #expect(samples[2] == Sample(time: 0.02, x: 0.5, y: -1.25, z: 9.75))
    }

    @Test func gForceIsConvertedToMetresPerSecondSquared() throws {
        var text = "time,gFx,gFy,gFz,TgF\n"
        for k in 0..<6 { text += "\(Double(k) * 0.02),0.0,0.5,1.0,1.1\n" }
        let samples = try read("toolbox.csv", text)
        #expect(samples[0].y == 0.5 * 9.80665 && samples[0].z == 9.80665)
    }

    @Test func isoTimesInATabSeparatedFileWithCommentsAndUnitsInferredFromGravity() throws {
        var text = "# exported by a watch\n# firmware 2.1\ndatetime\tacc_x\tacc_y\tacc_z\n"
        for k in 0..<6 { text += "2026-05-01T23:59:59.9\(k)0+02:00\t0.01\t-0.02\t1.0\n" }
        let samples = try read("watch.tsv", text)
        #expect(samples.count == 6)
        // 2026-05-01 23:59:59.9 at +02:00 is 21:59:59.9 UTC; 1,777,593,600 is that day at 00:00 UTC.
        #expect(abs(samples[0].time - (1_777_593_600 - 2 * 3600 + 86_399.9)) < 1e-6)
        #expect(abs(samples[5].time - samples[0].time - 0.05) < 1e-6)
        #expect(samples[0].z == 9.80665)
    }

    @Test func columnsByPositionWithoutAHeaderAndARate() throws {
        let samples = try read("raw.txt", "1 2 3 9.8\n1 2 3 9.8\n1 2 3 9.8\n1 2 3 9.8\n1 2 3 9.8\n",
                               RecordingOptions(columns: [.position(2), .position(3), .position(4)], units: .metersPerSecondSquared, rate: 50))
        #expect(samples.map(\.time) == [0, 0.02, 0.04, 0.06, 0.08])
        #expect(samples[0] == Sample(time: 0, x: 2, y: 3, z: 9.8))
    }

    @Test func columnsByNameAndUnitsAsSaid() throws {
        var text = "when,a,b,c,other\n"
        for k in 0..<6 { text += "\(k * 20),1000,0,0,7\n" }
        let samples = try read("named.csv", text, RecordingOptions(columns: [.name("when"), .name("a"), .name("b"), .name("c")],
                                                                   units: .milliGravity, time: .milliseconds))
        #expect(samples[1].time == 0.02)
        #expect(abs(samples[1].x - 9.80665) < 1e-12)
    }

    // MARK: What cannot be told, and damage

    @Test func unknownColumnsSayWhichOptionTellsThem() throws {
        var text = "foo,bar,baz,qux\n"
        for _ in 0..<6 { text += "1,2,3,4\n" }
        let e = try error("mystery.csv", text)
        guard case .columns(let detail) = e.reason else { Issue.record("expected a columns error, got \(e.reason)"); return }
        #expect(detail.contains("--columns"))
    }

    @Test func aColumnPositionPastTheRowIsRefused() throws {
        let e = try error("short.csv", "t,ax,ay,az\n0,1,2,3\n0.1,1,2,3\n0.2,1,2,3\n0.3,1,2,3\n0.4,1,2,3\n",
                          RecordingOptions(columns: [.position(1), .position(2), .position(3), .position(9)]))
        #expect(e.reason == .columns("--columns names column 9, but the rows have 4 fields"))
    }

    @Test func timeGoingBackwardsNamesTheLine() throws {
        let e = try error("back.csv", "t,ax,ay,az\n0,1,2,3\n0.5,1,2,3\n0.6,1,2,3\n0.7,1,2,3\n0.4,1,2,3\n")
        #expect(e.reason == .timeWentBackwards(previous: 0.7, found: 0.4))
        #expect(e.line == 6)
    }

    @Test func aWordAmongNumbersNamesLineAndColumn() throws {
        let e = try error("word.csv", "t,ax,ay,az\n0,1,2,3\n0.1,1,2,3\n0.2,1,2,3\n0.3,1,2,3\n0.4,1,2,3\n0.5,1,two,3\n")
        #expect(e.reason == .notANumber(column: "ay", found: "two"))
        #expect(e.line == 7)
        #expect(e.description.contains("word.csv:7:"))
    }

    @Test func emptyAndHeaderOnlyFiles() throws {
        #expect(try error("empty.csv", "").reason == .empty)
        #expect(try error("header.csv", "t,ax,ay,az\n").reason == .noSamples)
    }

    @Test func aShortRowAmongTheFirstIsReportedOnItsLine() throws {
        let e = try error("short-row.csv", "t,ax,ay,az\n0,1,2,3\n0.1,1,2,3\n0.2,1,2,3\n0.3,1,2,3\n0.4,1,2\n")
        #expect(e.reason == .tooFewFields(needed: 4, found: 3))
        #expect(e.line == 6)
    }

    @Test func bzip2IsRecognisedAndRefusedWithWhatToDo() throws {
        let e = try error(path: fixture.file("walk.csv.bz2", Data("BZh91AY&SY".utf8) + Data(repeating: 0x55, count: 64)))
        #expect(e.reason == .unsupported("bzip2 compression is not read; decompress the file first"))
    }

    @Test func unknownBinaryIsRefusedWithItsFirstBytes() throws {
        let e = try error(path: fixture.file("program", Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + Array(repeating: 0, count: 100))))
        guard case .unsupported(let detail) = e.reason else { Issue.record("expected unsupported, got \(e.reason)"); return }
        #expect(detail.contains("7f 45 4c 46"))
    }

    @Test func missingFile() throws {
        #expect(try error(path: fixture.folder + "/nothing.csv").reason == .unreadable("no such file or directory"))
    }

    // MARK: Compression, found from the content

    func gzip(_ text: String) throws -> Data {
        let path = try fixture.file("plain-\(UUID().uuidString)", text)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-n", "-f", path]
        try process.run()
        process.waitUntilExit()
        return try Data(contentsOf: URL(fileURLWithPath: path + ".gz"))
    }

    @Test func gzipXzAndZstdReadAsTheirPlainText() throws {
        // Three fixtures, each a CWA's expected samples, compressed three ways.
        for (name, compression) in [("walk-packed.csv.xz", RecordingCompression.xz), ("walk-unpacked.csv.gz", .gzip), ("walk-ax6.csv.zst", .zstd)] {
            let summary = try Recording.inspect(path: Self.fixtures + "/" + name)
            #expect(summary.compression == compression)
            #expect(summary.format == .delimited)
            #expect(summary.samples > 2000)
        }
    }

    @Test func compressionIsFoundFromTheContentNotTheName() throws {
        let text = "t,ax,ay,az\n0,1,2,3\n0.1,1,2,3\n0.2,1,2,3\n0.3,1,2,3\n0.4,1,2,3\n"
        let path = try fixture.file("looks-plain.csv", gzip(text))
        #expect(try Recording.readSamples(path: path) == read("plain.csv", text))
    }

    @Test func gzipMembersInARowAreOneRecording() throws {
        let head = "t,ax,ay,az\n0,1,2,3\n0.1,1,2,3\n0.2,1,2,3\n0.3,1,2,3\n0.4,1,2,3\n", tail = "0.5,4,5,6\n0.6,4,5,6\n"
        let path = try fixture.file("members.csv.gz", gzip(head) + gzip(tail))
        #expect(try Recording.readSamples(path: path) == read("whole.csv", head + tail))
    }

    @Test func aTruncatedGzipSaysSo() throws {
        var text = "t,ax,ay,az\n"
        for k in 0..<20_000 { text += "\(Double(k) / 100),\(k % 97),\(k % 13),9.8\n" }
        let whole = try gzip(text)
        let e = try error(path: fixture.file("cut.csv.gz", whole.prefix(whole.count / 2)))
        switch e.reason {
        case .compressed, .truncated: break
        default: Issue.record("expected a compression error, got \(e.reason)")
        }
        #expect(e.description.contains("cut.csv.gz"))
    }

    // MARK: Axivity CWA
    //
    // The fixtures were written by tools/recordings/cwa.py from the Oxford in-hand walk, with
    // the samples a reader must decode beside them; scikit-digital-health's reader decodes the
    // same values and times (tools/recordings/crosscheck).

    @Test(arguments: ["walk-packed", "walk-unpacked", "walk-ax6"])
    func cwaDecodesTheSamplesItsEncoderWrote(name: String) throws {
        let expected = try Recording.readSamples(path: Self.fixtures + "/\(name).csv" + [".xz", ".gz", ".zst"].first {
            FileManager.default.fileExists(atPath: Self.fixtures + "/\(name).csv" + $0)
        }!)
        let samples = try Recording.readSamples(path: Self.fixtures + "/\(name).cwa")
        // Times within 30 microseconds: a fractional block timestamp is kept to 1/32,768 s, and
        // the reader times samples along the line between blocks' timestamps, as a device's do.
        expectClose(samples, expected, time: 3e-5)
    }

    @Test func cwaHeaderSaysDeviceRateAndRange() throws {
        let summary = try Recording.inspect(path: Self.fixtures + "/walk-ax6.cwa")
        #expect(summary.format == .cwa)
        #expect(summary.device == "AX6 #12345, session 7")
        #expect(summary.configuredRate == 100)
        #expect(summary.range == 8)
        #expect(summary.samples == 2001)
        let ax3 = try Recording.inspect(path: Self.fixtures + "/walk-packed.cwa")
        #expect(ax3.device == "AX3 #12345, session 7")
        #expect(ax3.deviceModel == "AX3" && ax3.deviceSerial == "12345")
        #expect(ax3.samples == 14_490)
    }

    @Test func cwaCountsTheSameStepsAsItsSamplesInText() throws {
        var fromCWA = 0, fromText = 0
        // What each reader handed on, so that a difference in steps says whether the samples
        // differed (twice this test has counted the CWA's steps twice under a loaded machine,
        // and never again in 100 runs; these say where, should it come back).
        var samplesCWA = 0, samplesText = 0, lastCWA = -Double.infinity, backwardsCWA = 0
        var firstBackwards = ""
        var a = StepDetector(), b = StepDetector()
        let cwa = try Recording.forEachBatch(path: Self.fixtures + "/walk-packed.cwa") { batch in
            samplesCWA += batch.count
            for sample in batch {
                if sample.time < lastCWA {
                    // The reader clamps time so that it never goes back: a sample seen going back
                    // was changed after the reader handed it on.
                    if backwardsCWA == 0 { firstBackwards = "in the batch of \(batch.count) from sample \(samplesCWA - batch.count): \(sample) after \(lastCWA)" }
                    backwardsCWA += 1
                }
                lastCWA = sample.time
            }
            a.process(batch) { _ in fromCWA += 1 }
        }
        let text = try Recording.forEachBatch(path: Self.fixtures + "/walk-packed.csv.xz") { batch in
            samplesText += batch.count
            b.process(batch) { _ in fromText += 1 }
        }
        // Offline, a walk's steps are decided over the whole recording: they come at the end.
        a.finish { _ in fromCWA += 1 }
        b.finish { _ in fromText += 1 }
        #expect(samplesCWA == 14_490 && cwa.samples == 14_490)
        #expect(backwardsCWA == 0, "\(backwardsCWA) samples went back in time, the first \(firstBackwards)")
        #expect(samplesText == text.samples)
        #expect(fromCWA == fromText)
        #expect(fromCWA > 250)
    }

    func damaged(_ name: String, _ change: (inout Data) -> Void) throws -> String {
        var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name))
        change(&bytes)
        return try fixture.file("damaged-" + name, bytes)
    }

    @Test func aDamagedCWABlockStopsTheReadAtItsOffset() throws {
        let path = try damaged("walk-packed.cwa") { $0[1024 + 3 * 512 + 100] ^= 0x40 }
        let e = try error(path: path)
        guard case .badBlock(let detail) = e.reason else { Issue.record("expected a bad block, got \(e.reason)"); return }
        #expect(e.offset == 1024 + 3 * 512)
        #expect(detail.contains("checksum"))
        #expect(detail.contains("--skip-bad-blocks"))
    }

    @Test func aDamagedCWABlockIsSkippedAndCountedWhenAsked() throws {
        let path = try damaged("walk-packed.cwa") { $0[1024 + 3 * 512 + 100] ^= 0x40 }
        let summary = try Recording.inspect(path: path, options: RecordingOptions(skipBadBlocks: true))
        #expect(summary.skippedSamples == 120 && summary.damagedBlocks == 1)
        #expect(summary.samples == 14_490 - 120)
    }

    @Test func aTruncatedCWASaysWhereItEnds() throws {
        let path = try damaged("walk-unpacked.cwa") { $0 = $0.prefix(1024 + 5 * 512 + 200) }
        let e = try error(path: path)
        guard case .truncated = e.reason else { Issue.record("expected truncated, got \(e.reason)"); return }
        #expect(e.offset == 1024 + 5 * 512)
        let skipping = try Recording.inspect(path: path, options: RecordingOptions(skipBadBlocks: true))
        #expect(skipping.samples == 5 * 80 && skipping.damagedBlocks == 1)
    }

    @Test func aCWAHeaderAloneHasNoSamples() throws {
        let path = try damaged("walk-unpacked.cwa") { $0 = $0.prefix(1024) }
        #expect(try error(path: path).reason == .noSamples)
    }

    // MARK: ActiGraph GT3X
    //
    // Written by tools/recordings/gt3x.py from the Oxford walk, with the samples a reader must
    // decode beside them; ActiGraph's own reader, pygt3x, decodes the same (tools/recordings/crosscheck).

    @Test(arguments: [("walk.gt3x", "walk-gt3x.csv.gz"), ("walk-activity2.gt3x", "walk-activity2.csv.gz")])
    func gt3xDecodesTheSamplesItsEncoderWrote(recording: String, expected: String) throws {
        expectClose(try Recording.readSamples(path: Self.fixtures + "/" + recording),
                    try Recording.readSamples(path: Self.fixtures + "/" + expected))
    }

    @Test func gt3xInfoSaysDeviceRateAndRangeAndIdleSleepIsFilled() throws {
        let summary = try Recording.inspect(path: Self.fixtures + "/walk.gt3x")
        #expect(summary.format == .gt3x)
        #expect(summary.device == "wGT3XBT #MOS2E12345678")
        #expect(summary.deviceModel == "wGT3XBT" && summary.deviceSerial == "MOS2E12345678")
        #expect(summary.configuredRate == 30)
        #expect(summary.range == 8)
        // 144 whole seconds at 30 Hz, 20 of them in idle sleep mode: every second is there.
        #expect(summary.samples == 144 * 30)
        #expect(abs(summary.lastTime - summary.firstTime - (144 - 1.0 / 30)) < 1e-6)
    }

    @Test func aDamagedGT3XRecordStopsTheReadOrIsSkippedAndCounted() throws {
        let path = Self.fixtures + "/walk-damaged.gt3x"
        let e = try error(path: path)
        guard case .badBlock(let detail) = e.reason else { Issue.record("expected a bad block, got \(e.reason)"); return }
        #expect(detail.contains("checksum") && detail.contains("--skip-bad-blocks"))
        #expect(e.offset != nil)
        let summary = try Recording.inspect(path: path, options: RecordingOptions(skipBadBlocks: true))
        #expect(summary.skippedSamples == 30 && summary.damagedBlocks == 1)
        expectClose(try Recording.readSamples(path: path, options: RecordingOptions(skipBadBlocks: true)),
                    try Recording.readSamples(path: Self.fixtures + "/walk-damaged.csv.gz"))
    }

    /// The NHANES layout (activity.bin, no Acceleration Scale: 341 counts per g for a NEO
    /// serial), an odd number of samples so that the last takes five bytes; actipy decodes the
    /// same (tools/recordings/crosscheck).
    @Test func gt3xOfTheNHANESLayoutDecodesTheSamplesItsEncoderWrote() throws {
        let path = Self.fixtures + "/walk-nhanes.gt3x"
        let summary = try Recording.inspect(path: path)
        #expect(summary.format == .gt3x)
        #expect(summary.device == "GT3XPlus #NEO1C12345678")
        #expect(summary.configuredRate == 30)
        #expect(summary.samples == 4321)
        expectClose(try Recording.readSamples(path: path), try Recording.readSamples(path: Self.fixtures + "/walk-nhanes.csv.gz"))
    }

    @Test func aCutNHANESActivityStopsTheReadOrIsSkippedAndCounted() throws {
        let path = Self.fixtures + "/walk-nhanes-cut.gt3x"
        let e = try error(path: path)
        guard case .truncated(let detail) = e.reason else { Issue.record("expected a truncated file, got \(e.reason)"); return }
        #expect(detail.contains("activity.bin") && detail.contains("--skip-bad-blocks"))
        let summary = try Recording.inspect(path: path, options: RecordingOptions(skipBadBlocks: true))
        #expect(summary.samples == 4318)
        #expect(summary.skippedSamples == 1 && summary.damagedBlocks == 1)
        let whole = try Recording.readSamples(path: Self.fixtures + "/walk-nhanes.gt3x")
        expectClose(try Recording.readSamples(path: path, options: RecordingOptions(skipBadBlocks: true)), Array(whole.prefix(4318)))
    }

    /// Uncalibrated counts with a calibration.json (method 2: offsets, then a sensitivity
    /// matrix with cross-axis terms): the samples are what the calibration makes of them, as
    /// ActiGraph's pygt3x applies it (tools/recordings/crosscheck).
    @Test func gt3xOfUncalibratedCountsIsCalibratedAsItsCalibrationJSONSays() throws {
        let path = Self.fixtures + "/walk-uncalibrated.gt3x"
        let samples = try Recording.readSamples(path: path)
        #expect(samples.count == 1800)
        expectClose(samples, try Recording.readSamples(path: Self.fixtures + "/walk-uncalibrated.csv.gz"))
    }

    @Test func aCalibrationMethodFootfallDoesNotApplyIsRefused() throws {
        let e = try error(path: Self.fixtures + "/walk-calibration-method3.gt3x")
        guard case .unsupported(let detail) = e.reason else { Issue.record("expected unsupported, got \(e.reason)"); return }
        #expect(detail.contains("calibration method 3") && detail.contains("method 2"))
    }

    @Test func aCutGT3XIsNotAZipArchive() throws {
        let path = try damaged("walk.gt3x") { $0 = $0.prefix($0.count - 30) }
        guard case .unsupported(let detail) = try error(path: path).reason else { Issue.record("a cut archive was read"); return }
        #expect(detail.contains("zip archive"))
    }

    @Test func aZipArchiveThatIsNotAGT3XSaysWhatItLookedFor() throws {
        // walk.gt3x with its entries renamed in the local and central headers alike.
        let path = try damaged("walk.gt3x") { bytes in
            for (name, other) in [("info.txt", "note.txt"), ("log.bin", "log.dat")] {
                while let range = bytes.range(of: Data(name.utf8)) { bytes.replaceSubrange(range, with: Data(other.utf8)) }
            }
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.withUnsafeBufferPointer { RecordingFormat.detect($0) } == .zip)
        guard case .unsupported(let detail) = try error(path: path).reason else { Issue.record("a zip without a GT3X's entries was read"); return }
        #expect(detail.hasPrefix("a zip archive that is not an ActiGraph .gt3x"))
        #expect(detail.contains("info.txt") && detail.contains("log.bin"))
    }

    // MARK: GENEActiv
    //
    // Written by tools/recordings/geneactiv.py from the Oxford walk; scikit-digital-health's
    // reader decodes the same (tools/recordings/crosscheck).

    @Test func geneActivDecodesTheSamplesItsEncoderWroteCompressedOrNot() throws {
        let expected = try Recording.readSamples(path: Self.fixtures + "/walk-geneactiv.csv.gz")
        let summary = try Recording.inspect(path: Self.fixtures + "/walk-geneactiv.bin")
        #expect(summary.format == .geneActiv)
        #expect(summary.device == "GENEActiv #034576")
        #expect(summary.deviceModel == "GENEActiv" && summary.deviceSerial == "034576")
        #expect(summary.configuredRate == 100 && summary.range == 8)
        #expect(summary.placement == "left wrist")
        expectClose(try Recording.readSamples(path: Self.fixtures + "/walk-geneactiv.bin"), expected)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/walk-geneactiv.bin"))
        let compressed = try fixture.file("walk.bin.gz", gzip(String(decoding: bytes, as: UTF8.self)))
        expectClose(try Recording.readSamples(path: compressed), expected)
        // Where it was worn, from the header alone, compressed or not; a delimited file says nothing.
        #expect(try Recording.declaredPlacement(path: Self.fixtures + "/walk-geneactiv.bin") == "left wrist")
        #expect(try Recording.declaredPlacement(path: compressed) == "left wrist")
        #expect(try Recording.declaredPlacement(path: Self.fixtures + "/walk-geneactiv.csv.gz") == nil)
    }

    @Test func aGENEActivPageWithAWrongDigitStopsTheReadOrIsSkipped() throws {
        var text = try String(contentsOfFile: Self.fixtures + "/walk-geneactiv.bin", encoding: .utf8)
        // The third page's data line: its 100th digit made a 'G'.
        let pages = text.ranges(of: "Measurement Frequency:100.0\r\n")
        let data = text.index(pages[2].upperBound, offsetBy: 99)
        text.replaceSubrange(data...data, with: "G")
        let path = try fixture.file("damaged.bin", text)
        let e = try error(path: path)
        guard case .badBlock(let detail) = e.reason else { Issue.record("expected a bad page, got \(e.reason)"); return }
        #expect(detail.contains("hexadecimal") && detail.contains("--skip-bad-blocks"))
        #expect(e.offset == text.utf8.distance(from: text.utf8.startIndex, to: pages[2].upperBound.samePosition(in: text.utf8)!))
        let summary = try Recording.inspect(path: path, options: RecordingOptions(skipBadBlocks: true))
        #expect(summary.skippedSamples == 300 && summary.damagedBlocks == 1)
        #expect(summary.samples == 3000 - 300)
    }

    @Test func aGENEActivHeaderWithoutCalibrationIsRefused() throws {
        let e = try error(path: fixture.file("device.bin", "Device Identity\r\nDevice Unique Serial Code:012345\r\nMemory Status\r\nNumber of Pages:0\r\n"))
        guard case .unsupported(let detail) = e.reason else { Issue.record("expected unsupported, got \(e.reason)"); return }
        #expect(detail.contains("x gain"))
    }
    // MARK: Names

    @Test func namesThatAFolderSearchTakes() {
        #expect(["walk.csv", "a/b.c/WEEK.CWA", "watch.tsv", "phone.csv.gz", "x.cwa.zst", "y.tsv.xz"].allSatisfy(Recording.looksLikeRecording))
        #expect(!["README.txt", "walk.json", "notes", "archive.gz", "a.csv/b", ".csv"].contains(where: Recording.looksLikeRecording))
    }

    @Test func theSidecarIsBesideTheRecordingWhateverItsEndings() {
        #expect(TraceSidecar.path(forTrace: "data/walk.csv") == "data/walk.json")
        #expect(TraceSidecar.path(forTrace: "data/walk.csv.gz") == "data/walk.json")
        #expect(TraceSidecar.path(forTrace: "data/WEEK.cwa") == "data/WEEK.json")
        #expect(TraceSidecar.path(forTrace: "data/raw") == "data/raw.json")
    }
}
