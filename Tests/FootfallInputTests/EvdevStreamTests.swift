import Testing
import FootfallDetection
@testable import FootfallInput

/// The evdev event stream a real kernel produced (Fixtures/pattern.evdev: 100 frames of
/// x = i, y = -i, z = 1024 at 1024 units per g), assembled into samples.
struct EvdevStreamTests {
    func patternSamples(matrix: MountMatrix = .identity) throws -> [Sample] {
        let events = InputEvent.parse(bytes: try Fixtures.bytes("pattern.evdev"))
        var assembler = EvdevFrameAssembler(unitsPerG: (1024, 1024, 1024), matrix: matrix)
        assembler.restore(x: 0, y: 0, z: 0)
        return events.compactMap { assembler.feed($0) }
    }

    @Test func parsesTheRecordedBytes() throws {
        let events = InputEvent.parse(bytes: try Fixtures.bytes("pattern.evdev"))
        #expect(events.count == 299)
        #expect(events[0] == InputEvent(time: events[0].time, type: 3, code: 2, value: 1024))
        #expect(events.filter { $0.type == 0 && $0.code == 0 }.count == 100)
    }

    @Test func everyFrameBecomesTheRightSample() throws {
        let samples = try patternSamples()
        #expect(samples.count == 100)
        for (i, sample) in samples.enumerated() {
            #expect(abs(sample.x - Double(i) / 1024 * standardGravity) < 1e-12)
            #expect(abs(sample.y + Double(i) / 1024 * standardGravity) < 1e-12)
            #expect(abs(sample.z - standardGravity) < 1e-12, "z is never repeated by the kernel, so it must carry over")
        }
        // evemu-play paced the frames 10 ms apart under an emulated CPU: the kernel's stamps
        // rise steadily, between 3 and 20 ms apart.
        let gaps = zip(samples.dropFirst(), samples).map { $0.time - $1.time }
        #expect(gaps.allSatisfy { $0 > 0.002 && $0 < 0.025 })
        #expect(abs((samples.last!.time - samples[0].time) / 99 - 0.0117) < 0.002)
    }

    @Test func mountMatrixIsApplied() throws {
        let samples = try patternSamples(matrix: try MountMatrix(parsing: "0, 0, 1; 0, 1, 0; -1, 0, 0"))
        #expect(abs(samples[10].x - standardGravity) < 1e-12)
        #expect(abs(samples[10].z + 10.0 / 1024 * standardGravity) < 1e-12)
    }

    @Test func syncDroppedDiscardsThePartialFrameUntilRestored() {
        var assembler = EvdevFrameAssembler(unitsPerG: (100, 100, 100))
        assembler.restore(x: 0, y: 0, z: 100)
        let abs = InputEvent.eventAbsolute, syn = InputEvent.eventSync
        #expect(assembler.feed(InputEvent(time: 1, type: abs, code: 0, value: 50)) == nil)
        #expect(assembler.feed(InputEvent(time: 1, type: syn, code: 0, value: 0))?.x == 0.5 * standardGravity)
        // The kernel overflowed: the frame in flight is incomplete and must not be emitted.
        #expect(assembler.feed(InputEvent(time: 2, type: syn, code: InputEvent.syncDropped, value: 0)) == nil)
        #expect(assembler.feed(InputEvent(time: 2, type: abs, code: 1, value: 7)) == nil)
        #expect(assembler.feed(InputEvent(time: 2, type: syn, code: 0, value: 0)) == nil)
        // libevdev's sync mode restores the true state; frames flow again.
        assembler.restore(x: 10, y: 20, z: 100)
        let sample = assembler.feed(InputEvent(time: 3, type: syn, code: 0, value: 0))
        #expect(sample == Sample(time: 3, x: 0.1 * standardGravity, y: 0.2 * standardGravity, z: standardGravity))
    }

    @Test func nothingIsEmittedBeforeEveryAxisIsKnown() {
        var assembler = EvdevFrameAssembler(unitsPerG: (1, 1, 1))
        #expect(assembler.feed(InputEvent(time: 0, type: 3, code: 0, value: 1)) == nil)
        #expect(assembler.feed(InputEvent(time: 0, type: 0, code: 0, value: 0)) == nil)
    }
}
