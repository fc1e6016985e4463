import NIOCore
import NIOEmbedded
import NIOTestUtils
import Testing
@testable import FootfallProtocol

/// The socket's framing: lines however the bytes arrive (NIO's verifier feeds them whole, byte by
/// byte and all at once), a cap on a line's length, and a last line without its newline.
struct LineFrameDecoderTests {
    func line(_ text: String) -> LineFrame { .line(ByteBuffer(string: text)) }

    @Test func linesComeOutWhateverTheChunks() throws {
        try ByteToMessageDecoderVerifier.verifyDecoder(stringInputOutputPairs: [
            ("{\"cmd\":\"status\"}\n", [line("{\"cmd\":\"status\"}")]),
            ("crlf\r\n", [line("crlf")]),
            ("\n", [line("")]),
            ("one\ntwo\n", [line("one"), line("two")]),
            ("\r\r\n", [line("\r")]),
            ("exactly sixty-four bytes of text, no more and no fewer: padding\n", [line("exactly sixty-four bytes of text, no more and no fewer: padding")]),
        ], decoderFactory: { LineFrameDecoder(maximumLength: 64) })
    }

    func frames(_ chunks: [String], maximumLength: Int) throws -> [LineFrame] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(LineFrameDecoder(maximumLength: maximumLength)))
        var frames: [LineFrame] = []
        for chunk in chunks {
            try channel.writeInbound(ByteBuffer(string: chunk))
            while let frame = try channel.readInbound(as: LineFrame.self) { frames.append(frame) }
        }
        _ = try channel.finish()
        while let frame = try channel.readInbound(as: LineFrame.self) { frames.append(frame) }
        return frames
    }

    @Test func aLineOverTheCapIsRefusedOnceAndTheRestDropped() throws {
        #expect(try frames(["short\n", "this line is too long\n", "after\n"], maximumLength: 8) == [line("short"), .tooLong])
        // Refused as soon as it is over the cap, before its newline arrives.
        #expect(try frames(["0123456789", "more"], maximumLength: 8) == [.tooLong])
    }

    @Test func aLastLineWithoutItsNewlineCountsAtTheEnd() throws {
        #expect(try frames(["a\nb"], maximumLength: 8) == [line("a"), line("b")])
        #expect(try frames(["a\n"], maximumLength: 8) == [line("a")])
    }
}
