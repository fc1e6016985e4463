import NIOCore

/// A frame read from the socket: a complete line, or the notice that a line grew past the cap.
public enum LineFrame: Sendable, Equatable {
    /// One line, without its newline (and without a trailing carriage return).
    case line(ByteBuffer)
    /// A line longer than the cap: its bytes were dropped; the connection should be closed.
    case tooLong
}

/// Splits the byte stream into newline-terminated lines, refusing any line longer than a cap
/// so a client cannot make the daemon buffer without bound.
///
/// Framing only: what a line means is `RequestParser`'s business. After `.tooLong` the decoder
/// drops everything it receives (the caller closes the connection).
public struct LineFrameDecoder: ByteToMessageDecoder {
    public typealias InboundOut = LineFrame

    let maximumLength: Int
    var overflowed = false
    /// How far into the buffer has been searched for a newline already.
    var searched = 0

    /// Creates a decoder with a cap on line length, in bytes.
    public init(maximumLength: Int = ProtocolVersion.maximumLineLength) {
        self.maximumLength = maximumLength
    }

    public mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        if overflowed {
            buffer.moveReaderIndex(to: buffer.writerIndex)
            return .needMoreData
        }
        let view = buffer.readableBytesView
        let start = view.index(view.startIndex, offsetBy: searched)
        guard let newline = view[start...].firstIndex(of: UInt8(ascii: "\n")) else {
            searched = view.count
            if view.count > maximumLength {
                overflowed = true
                buffer.moveReaderIndex(to: buffer.writerIndex)
                context.fireChannelRead(wrapInboundOut(.tooLong))
            }
            return .needMoreData
        }
        let length = newline - view.startIndex
        searched = 0
        if length > maximumLength {
            overflowed = true
            buffer.moveReaderIndex(to: buffer.writerIndex)
            context.fireChannelRead(wrapInboundOut(.tooLong))
            return .needMoreData
        }
        var line = buffer.readSlice(length: length)!
        buffer.moveReaderIndex(forwardBy: 1)
        if line.readableBytesView.last == UInt8(ascii: "\r") { line.moveWriterIndex(to: line.writerIndex - 1) }
        context.fireChannelRead(wrapInboundOut(.line(line)))
        return .continue
    }

    public mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        // A last line without its newline still counts.
        while try decode(context: context, buffer: &buffer) == .continue {}
        if !overflowed && buffer.readableBytes > 0 {
            let line = buffer.readSlice(length: buffer.readableBytes)!
            context.fireChannelRead(wrapInboundOut(.line(line)))
        }
        return .needMoreData
    }
}
