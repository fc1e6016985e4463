/// Why a trace could not be read or written. Every case names the file, and the line where
/// there is one, so the message alone tells the user what to fix.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, without the location.
    public enum Reason: Sendable, Equatable {
        /// The file could not be opened or read; `detail` is the system's message.
        case unreadable(String)
        /// The file holds no bytes at all.
        case empty
        /// The file has a header and nothing else.
        case noSamples
        /// A line of a delimited recording has fewer fields than the columns it is read from.
        case tooFewFields(needed: Int, found: Int)
        /// A field is not a number.
        case notANumber(column: String, found: String)
        /// A field is NaN or infinite.
        case notFinite(column: String)
        /// A time is earlier than the one before it.
        case timeWentBackwards(previous: Double, found: Double)
        /// A byte that has no place in a text trace (NUL, control or non-ASCII).
        case binaryData(byte: UInt8)
        /// The JSON sidecar does not parse or lacks a field it needs.
        case badSidecar(String)
        /// The file could not be written; `detail` is the system's message.
        case unwritable(String)
        /// The compressed data could not be decompressed (damaged or truncated).
        case compressed(String)
        /// The file is of a kind Footfall recognises but does not read, or does not recognise.
        case unsupported(String)
        /// A delimited file's columns could not be matched to time and three axes, or its
        /// units or time format could not be told; `detail` says what to give.
        case columns(String)
        /// A block of a binary recording is damaged: `detail` says how.
        case badBlock(String)
        /// The file ends inside a block or record.
        case truncated(String)
    }

    /// The file concerned.
    public var path: String
    /// The 1-based line, when the problem is on one.
    public var line: Int?
    /// The byte offset in the file (after decompression) where the problem is, when it is
    /// in a binary recording or compressed data.
    public var offset: Int?
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(path: String, line: Int? = nil, offset: Int? = nil, reason: Reason) {
        self.path = path
        self.line = line
        self.offset = offset
        self.reason = reason
    }

    /// The one-line message shown to the user.
    public var description: String {
        var location = line.map { "\(path):\($0)" } ?? path
        if let offset { location += " (byte \(offset))" }
        return "\(location): \(reasonText)"
    }

    /// What went wrong, without the file, line and byte: the message after them.
    public var reasonText: String {
        switch reason {
        case .unreadable(let detail): return "cannot read the trace: \(detail)"
        case .empty: return "the file is empty; a trace starts with the header line 't,ax,ay,az'"
        case .noSamples: return "the trace has a header but no samples"
        case .tooFewFields(let needed, let found):
            return "expected at least \(needed) fields, found \(found)"
        case .notANumber(let column, let found):
            return "field '\(column)' is not a number: '\(found)'"
        case .notFinite(let column):
            return "field '\(column)' is not a finite number (NaN or infinity)"
        case .timeWentBackwards(let previous, let found):
            return "time goes backwards: \(found) s after \(previous) s; samples must be in time order"
        case .binaryData(let byte):
            let hex = String(byte, radix: 16, uppercase: true)
            return "unexpected byte 0x\(hex.count == 1 ? "0" + hex : hex): this does not look like a text trace"
        case .badSidecar(let detail): return "the sidecar JSON is not valid: \(detail)"
        case .unwritable(let detail): return "cannot write: \(detail)"
        case .compressed(let detail): return detail
        case .unsupported(let detail): return detail
        case .columns(let detail): return detail
        case .badBlock(let detail): return detail
        case .truncated(let detail): return "the file is truncated: \(detail)"
        }
    }
}
