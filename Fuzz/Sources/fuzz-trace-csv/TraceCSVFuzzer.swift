import FootfallDetection
import FootfallTraces
import FuzzSupport

#if canImport(Glibc)
import Glibc
#endif

/// The fuzz target for `TraceCSVReader.parse`.
///
/// Bad input must be refused with a `TraceError`, never a crash or a hang. When the input is
/// accepted, the samples must hold the reader's promises: every value finite, times never
/// decreasing, the same samples whatever the batch size, and every field equal to what
/// `strtod` makes of it (the fast decimal path must round exactly as the C library does).
func fuzzTraceCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var samples: [Sample] = []
    var batches = 0
    do {
        try TraceCSVReader.parse(bytes, path: "fuzz.csv", batchSize: 3) { batch in
            check(batch.count >= 1 && batch.count <= 3, "a batch of \(batch.count) samples")
            batches += 1
            samples.append(contentsOf: batch)
        }
    } catch {
        return 0
    }
    check(!samples.isEmpty, "accepted a trace without samples")
    check(batches == (samples.count + 2) / 3, "\(batches) batches for \(samples.count) samples")
    var previous = -Double.infinity
    for sample in samples {
        check(sample.time.isFinite && sample.x.isFinite && sample.y.isFinite && sample.z.isFinite,
                     "a sample that is not finite: \(sample)")
        check(sample.time >= previous, "time went backwards: \(previous) then \(sample.time)")
        previous = sample.time
    }
    // The same samples in one big batch.
    var whole: [Sample] = []
    do {
        try TraceCSVReader.parse(bytes, path: "fuzz.csv") { whole.append(contentsOf: $0) }
    } catch {
        fail("accepted with batches of 3 but refused in one batch: \(error)")
    }
    check(whole.count == samples.count && zip(whole, samples).allSatisfy(same), "batch size changed the samples")
    // Every field as strtod reads it.
    let reference = referenceSamples(bytes)
    check(reference.count == samples.count, "\(samples.count) samples, but \(reference.count) data lines")
    for (sample, expected) in zip(samples, reference) where !same(sample, expected) {
        fail("parsed \(sample), strtod reads \(expected)")
    }
    return 0
}

/// Bitwise equality, so that -0 and 0 differ.
func same(_ a: Sample, _ b: Sample) -> Bool {
    a.time.bitPattern == b.time.bitPattern && a.x.bitPattern == b.x.bitPattern
        && a.y.bitPattern == b.y.bitPattern && a.z.bitPattern == b.z.bitPattern
}

/// A slow, obvious reading of an accepted trace: split lines and fields, trim, `strtod`.
func referenceSamples(_ bytes: UnsafeBufferPointer<UInt8>) -> [Sample] {
    var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
    lines.removeFirst()  // the header
    var samples: [Sample] = []
    for var line in lines {
        if line.last == 13 { line = line.dropLast() }
        let fields = line.split(separator: 44, omittingEmptySubsequences: false)
        if fields.count != 4 { continue }  // blank lines; the reader refused anything else
        let values = fields.map { field -> Double in
            let trimmed = field.drop { $0 == 32 || $0 == 9 }.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
            let text = Array(trimmed).map { CChar(bitPattern: $0) } + [0]
            return text.withUnsafeBufferPointer { strtod($0.baseAddress!, nil) }
        }
        samples.append(Sample(time: values[0], x: values[1], y: values[2], z: values[3]))
    }
    return samples
}
