import FootfallDetection
import FootfallTraces
import FuzzSupport

#if canImport(Glibc)
import Glibc
#endif

/// The check every recording fuzz target runs: `Recording` on bytes as a file would hold them,
/// through the reader the content picks (delimited text with its layout detection, Axivity CWA
/// blocks, ActiGraph GT3X archives (ZipArchive) and their records, GENEActiv pages) and the
/// decompressors in front (gzip, xz, zstd). With `only`, input that is not in that format
/// (uncompressed) is passed over at once, so one reader has the fuzzer's whole minute.
///
/// Bad input must be refused with a `TraceError`, never a crash or a hang. Accepted input must
/// keep the readers' promises: every value finite, times never decreasing, batches no larger
/// than asked (a CWA block's 120 at most), the summary's count equal to the samples handed
/// over, the same samples whatever the batch size, and nothing skipped unless skipping was asked.
/// Footfall's own traces (uncompressed `t,ax,ay,az`) must hold every field exactly as `strtod`
/// reads it, whichever of the delimited reader's paths read the line (`strtodReading`).
public func fuzzRecording(_ data: UnsafePointer<UInt8>?, _ size: Int, only format: RecordingFormat? = nil) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    if let format {
        guard RecordingFormat.detect(bytes.assumingMemoryBound(to: UInt8.self)) == format else { return 0 }
    }
    for skip in [false, true] {
        let options = RecordingOptions(skipBadBlocks: skip)
        var samples: [Sample] = []
        let summary: Recording.Summary
        do {
            summary = try Recording.forEachBatch(stream: MemoryByteStream(bytes), path: "fuzz", options: options, batchSize: 7) { batch in
                check(batch.count >= 1 && batch.count <= 10_000, "a batch of \(batch.count) samples")
                samples.append(contentsOf: batch)
            }
        } catch {
            check(error.path == "fuzz", "an error about another file: \(error)")
            continue
        }
        check(summary.samples == samples.count, "the summary says \(summary.samples) samples, \(samples.count) were handed over")
        check(skip || summary.skippedSamples == 0, "skipped \(summary.skippedSamples) samples without being asked")
        check(!samples.isEmpty, "accepted a recording without samples")
        var previous = -Double.infinity
        for sample in samples {
            check(sample.time.isFinite && sample.x.isFinite && sample.y.isFinite && sample.z.isFinite, "a sample that is not finite: \(sample)")
            check(sample.time >= previous, "time went backwards: \(previous) then \(sample.time)")
            previous = sample.time
        }
        var whole: [Sample] = []
        do {
            try Recording.forEachBatch(stream: MemoryByteStream(bytes), path: "fuzz", options: options, batchSize: 1 << 16) { whole.append(contentsOf: $0) }
        } catch {
            fail("accepted in small batches but refused in large ones: \(error)")
        }
        check(whole.count == samples.count && zip(whole, samples).allSatisfy { $0 == $1 }, "batch size changed the samples")
        if summary.compression == .none, let layout = summary.layout, layout.preset == .footfall, layout.delimiter == 44 {
            let reference = strtodReading(bytes.assumingMemoryBound(to: UInt8.self), layout: layout)
            check(reference.count == samples.count, "\(samples.count) samples, but \(reference.count) data lines")
            for (sample, expected) in zip(samples, reference) where !same(sample, expected) {
                fail("read \(sample), strtod reads \(expected)")
            }
        }
    }
    return 0
}

/// Bitwise equality, so that -0 and 0 differ.
func same(_ a: Sample, _ b: Sample) -> Bool {
    a.time.bitPattern == b.time.bitPattern && a.x.bitPattern == b.x.bitPattern
        && a.y.bitPattern == b.y.bitPattern && a.z.bitPattern == b.z.bitPattern
}

/// A slow, obvious reading of an accepted trace in Footfall's own layout: the lines after the
/// layout's first, less a final carriage return, the blank ones skipped; fields split at commas
/// outside quotes, trimmed of spaces, tabs and quotes, read by `strtod` and scaled to seconds and
/// m/s² as the layout says (a header may announce g: `[g]az`).
func strtodReading(_ bytes: UnsafeBufferPointer<UInt8>, layout: DelimitedLayout) -> [Sample] {
    let timeScale = layout.time.seconds ?? 1, scale = layout.units.metersPerSecondSquared
    let columns = [layout.timeColumn ?? 0] + layout.axisColumns
    var samples: [Sample] = []
    for var line in bytes.split(separator: 10, omittingEmptySubsequences: false).dropFirst(layout.linesBeforeSamples) {
        if line.last == 13 { line = line.dropLast() }
        if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
        var fields: [[UInt8]] = [[]]
        var quoted = false
        for byte in line {
            if byte == 34 { quoted.toggle() }
            if byte == 44 && !quoted { fields.append([]) } else { fields[fields.count - 1].append(byte) }
        }
        let values = columns.map { column -> Double in
            let trimmed = fields[column].drop { $0 == 32 || $0 == 9 || $0 == 34 }.reversed().drop { $0 == 32 || $0 == 9 || $0 == 34 }.reversed()
            let text = trimmed.map { CChar(bitPattern: $0) } + [0]
            return text.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
        }
        samples.append(Sample(time: values[0] * timeScale, x: values[1] * scale, y: values[2] * scale, z: values[3] * scale))
    }
    return samples
}
