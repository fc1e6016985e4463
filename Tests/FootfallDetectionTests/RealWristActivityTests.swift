import Foundation
import Testing
import FootfallAnalysis
import FootfallDetection
import FootfallTestSupport
import FootfallTraces

/// The walking decision on real wrist recordings of people the detector's model is not judged
/// by here (three of WISDM's watch wearers, SampleTraces/wisdm): jogging and stairs are counted
/// at the rate their spectra say the feet strike, and a hand clapping for three minutes is not
/// a walk. The recordings carry no step count; the yardstick is the magnitude's spectral step
/// frequency (`StepFrequencySpectrum`), as `footfall bench` scores them.
struct RealWristActivityTests {
    /// Counted steps per second over the spectrum's step frequency for a walking recording.
    func countedOverSpectral(_ trace: String) throws -> Double {
        let path = SampleTracesLocation.path(trace)
        let count = try TraceCount.run(path: path, configuration: DetectorConfiguration.default.atPlacement(ofTrace: path))
        var spectrum = StepFrequencySpectrum()
        _ = try Recording.forEachBatch(path: path) { spectrum.add($0) }
        let frequency = try #require(spectrum.peakFrequency())
        return Double(count.steps) / count.duration / frequency
    }

    @Test func joggingAtTheWristIsCountedAtItsStepFrequency() throws {
        // 20 Hz: a step of 2.7 Hz has seven samples.
        let ratio = try countedOverSpectral("wisdm/1607_jogging.csv.gz")
        #expect(ratio >= 0.95 && ratio <= 1.03, "counted / spectral \(ratio)")
    }

    @Test func stairsAtTheWristAreCountedAtTheirStepFrequency() throws {
        // The spectrum's peak is the climb's dominant pace; a flight taken faster (100 to 105 s,
        // 2.5 steps a second against 1.7) counts above it, so the bound above is looser than
        // for level walking. A climb lost in pieces, as the gate once lost them, counts under 0.9.
        let ratio = try countedOverSpectral("wisdm/1620_stairs.csv.gz")
        #expect(ratio >= 0.9 && ratio <= 1.1, "counted / spectral \(ratio)")
    }

    @Test func aClimbResumedAfterAPauseIsDecidedWithTheClimb() throws {
        // Stairs climbed in flights with pauses between: a run that resumes at the pace of the
        // flight before is picked up on three steps, and its bout is decided with the flights
        // around it. 1620's first flight resumes so at 39 s.
        let path = SampleTracesLocation.path("wisdm/1620_stairs.csv.gz")
        let stairs = try Recording.readSamples(path: path)
        let recording = DetectorRecording(samples: stairs, configuration: try DetectorConfiguration.default.atPlacement(ofTrace: path))
        let resumed = recording.judgements.filter { $0.question == .resumed }
        #expect(!resumed.isEmpty)
        let walking = resumed.filter { recording.decisions[$0.node]?.walking == true }
        #expect(Double(walking.count) >= 0.8 * Double(resumed.count), "\(walking.count) of \(resumed.count) resumed flights walking")
    }

    @Test func threeMinutesOfClappingAreNotAWalk() throws {
        // Hands striking in a steady rhythm, strongly: the signal level alone says walking.
        // Three minutes of a walk would be some 360 steps. Its stretches that look like walking
        // at the margin are decided with the clapping around them.
        let path = SampleTracesLocation.path("wisdm/1604_clapping.csv.gz")
        let configuration = try DetectorConfiguration.default.atPlacement(ofTrace: path)
        let count = try TraceCount.run(path: path, configuration: configuration)
        #expect(count.duration > 170)
        #expect(count.steps <= 4, "\(count.steps) steps counted while clapping")
    }

    /// The samples as a slower, coarser device would have read them (what
    /// tools/walking-model/augment.py writes): the piecewise-linear signal averaged over each
    /// sample period, as a sensor's own low-pass does, then clipped to the range and rounded to
    /// the converter's step. Real motion transformed.
    func readAsDevice(_ samples: [Sample], rateHz: Double, rangeG: Double, bits: Int) -> [Sample] {
        let period = 1 / rateHz, limit = rangeG * 9.80665, step = 2 * limit / Double(1 << bits)
        // The integral of the interpolant from the first sample to each sample, per axis.
        var cumulative: [SIMD3<Double>] = [.zero]
        for i in 1..<samples.count {
            let a = samples[i - 1], b = samples[i]
            cumulative.append(cumulative[i - 1] + 0.5 * (SIMD3(a.x, a.y, a.z) + SIMD3(b.x, b.y, b.z)) * (b.time - a.time))
        }
        var k = 0
        func integral(_ t: Double) -> SIMD3<Double> {
            while k > 0 && samples[k].time > t { k -= 1 }
            while k < samples.count - 2 && samples[k + 1].time <= t { k += 1 }
            let a = samples[k], b = samples[k + 1], dt = t - a.time
            let va = SIMD3(a.x, a.y, a.z), slope = (SIMD3(b.x, b.y, b.z) - va) / max(b.time - a.time, 1e-9)
            return cumulative[k] + va * dt + 0.5 * slope * dt * dt
        }
        // To the 0.1 ms (and 0.1 mm/s²) augment.py writes.
        func written(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
        var out: [Sample] = []
        // Each time from the first (as numpy's arange), not by adding up periods.
        for i in 0... {
            let t = (samples[0].time + period) + Double(i) * period
            guard t < samples[samples.count - 1].time else { break }
            let before = integral(t - period)
            let mean = (integral(t) - before) / period
            let read = (mean / step).rounded(.toNearestOrEven) * step
            let clipped = read.clamped(lowerBound: SIMD3(repeating: -limit), upperBound: SIMD3(repeating: limit - step))
            out.append(Sample(time: written(t), x: written(clipped.x), y: written(clipped.y), z: written(clipped.z)))
        }
        return out
    }

    @Test func clappingReadByOtherDevicesIsNotKeptAsAWalk() throws {
        // The same three minutes of clapping as three other devices read them (augment.py's
        // variants: a 12.5 Hz watch, a 6-bit 32 Hz and an 8-bit 25 Hz wrist sensor): the hands
        // score 0.5 to 0.9 again and again, a stretch at a time, and are decided over the bout.
        let clapping = try Recording.readSamples(path: SampleTracesLocation.path("wisdm/1604_clapping.csv.gz"))
        var configuration = DetectorConfiguration.default
        configuration.placement = .wrist
        var total = 0
        for (rate, range, bits) in [(12.5, 8.0, 13), (32.0, 2.0, 6), (25.0, 4.0, 8)] {
            let read = readAsDevice(clapping, rateHz: rate, rangeG: range, bits: bits)
            let count = TraceCount.run(samples: read, configuration: configuration)
            #expect(count.duration > 170)
            total += count.steps
        }
        #expect(total <= 10, "\(total) steps counted in three readings of the clapping")
    }

    @Test func aRunThatTurnsIntoClappingStops() throws {
        // A minute of jogging, then without a pause the clapping: the run going is judged
        // again every eighth strong step, and the hands' stretches are decided not walking.
        let jog = try Recording.readSamples(path: SampleTracesLocation.path("wisdm/1607_jogging.csv.gz"))
        let run = jog.prefix { $0.time - jog[0].time < 60 }
        let start = try #require(run.first).time, end = try #require(run.last).time
        let clapping = try Recording.readSamples(path: SampleTracesLocation.path("wisdm/1604_clapping.csv.gz"))
        let offset = end + 0.05 - clapping[0].time
        let spliced = Array(run) + clapping.map { Sample(time: $0.time + offset, x: $0.x, y: $0.y, z: $0.z) }
        var configuration = DetectorConfiguration.default
        configuration.placement = .wrist
        let steps = TraceCount.run(samples: spliced, configuration: configuration).stepTimes
        #expect(steps.filter { $0 <= end }.count > Int((end - start) * 2))
        // The 8 s of context before each judgement still hold the run for a while: the walk
        // goes on into the clapping for about as long, then the hands are refused.
        let late = steps.filter { $0 > end + 15 }
        #expect(late.count <= 2, "steps after 15 s of clapping: \(late.count)")
    }
}
