import FootfallProtocol
import NIOCore
import NIOEmbedded
import FuzzSupport

/// The fuzz target for `LineFrameDecoder`, run in a `ByteToMessageHandler` on an
/// `EmbeddedChannel` as the daemon runs it.
///
/// The first two bytes choose the line cap (1 to 64 bytes, so that overflow is common) and
/// the size of the chunks the rest arrives in; the frames must be what a plain split on
/// newlines gives: each line without its newline (and without a carriage return before it),
/// `.tooLong` once, as the last frame, for the first line longer than the cap, and a last
/// line without a newline delivered when the input ends.
func fuzzLineFrame(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 2 else { return 0 }
    let maximumLength = Int(data[0] % 64) + 1
    let chunkSize = Int(data[1] % 16) + 1
    let input = UnsafeBufferPointer(start: data + 2, count: size - 2)

    let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLength: maximumLength)))
    var frames: [LineFrame] = []
    do {
        var offset = 0
        while offset < input.count {
            let end = min(offset + chunkSize, input.count)
            try channel.writeInbound(channel.allocator.buffer(bytes: UnsafeBufferPointer(rebasing: input[offset..<end])))
            while let frame = try channel.readInbound(as: LineFrame.self) { frames.append(frame) }
            offset = end
        }
        _ = try channel.finish()
        while let frame = try channel.readInbound(as: LineFrame.self) { frames.append(frame) }
    } catch {
        fail("the decoder threw: \(error)")
    }
    let expected = expectedFrames(input, maximumLength: maximumLength)
    check(frames == expected, "cap \(maximumLength), chunks of \(chunkSize): got \(describe(frames)), expected \(describe(expected))")
    return 0
}

/// The frames a plain split on newlines gives.
func expectedFrames(_ input: UnsafeBufferPointer<UInt8>, maximumLength: Int) -> [LineFrame] {
    var frames: [LineFrame] = []
    var start = 0
    while start < input.count {
        guard let newline = input[start...].firstIndex(of: 10) else {
            // The last line, without a newline: delivered as it is at the end, unless it grew past the cap.
            let rest = input.count - start
            frames.append(rest > maximumLength ? .tooLong : .line(ByteBuffer(bytes: input[start...])))
            return frames
        }
        if newline - start > maximumLength {
            frames.append(.tooLong)
            return frames
        }
        var end = newline
        if end > start && input[end - 1] == 13 { end -= 1 }
        frames.append(.line(ByteBuffer(bytes: input[start..<end])))
        start = newline + 1
    }
    return frames
}

func describe(_ frames: [LineFrame]) -> String {
    frames.map { frame in
        switch frame {
        case .tooLong: return "tooLong"
        case .line(let buffer): return String(decoding: buffer.readableBytesView, as: UTF8.self).debugDescription
        }
    }.joined(separator: ", ")
}
