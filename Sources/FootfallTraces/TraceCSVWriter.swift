#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import FootfallDetection

/// Writes samples in the trace CSV format, streaming, for `footfall record` and the tools.
///
/// Times are written with microsecond precision and acceleration with four decimals
/// (0.1 mm/s², far below any accelerometer's noise), as in the shared datasets.
public final class TraceCSVWriter {
    /// The header every trace starts with: time in seconds, then x, y and z in m/s²
    /// (`DelimitedPreset.footfall`).
    public static let header = "t,ax,ay,az"

    private let path: String
    private let file: UnsafeMutablePointer<FILE>
    private var closed = false

    /// Creates (or truncates) the file and writes the header.
    /// - Throws: `TraceError.unwritable` when the file cannot be created.
    public init(path: String) throws(TraceError) {
        self.path = path
        guard let file = fopen(path, "w") else {
            throw TraceError(path: path, reason: .unwritable(FileByteStream.describe(errno)))
        }
        self.file = file
        fputs(Self.header + "\n", file)
    }

    /// Appends one sample.
    public func write(_ sample: Sample) {
        var line = Self.format(sample)
        line.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
    }

    /// One CSV line for a sample, with its newline.
    public static func format(_ sample: Sample) -> String {
        "\(fixed(sample.time, 6)),\(fixed(sample.x, 4)),\(fixed(sample.y, 4)),\(fixed(sample.z, 4))\n"
    }

    /// `value` with exactly `decimals` digits after the point, without Foundation's formatter.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = scaled / scale
        let integerPart = whole.rounded(.towardZero)
        let fraction = Int64((scaled - integerPart * scale).rounded())
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        return "\(sign)\(Int64(integerPart)).\(digits)"
    }

    /// Flushes and closes the file.
    /// - Throws: `TraceError.unwritable` when the data could not be written (a full disk).
    public func close() throws(TraceError) {
        guard !closed else { return }
        closed = true
        let failed = fflush(file) != 0 || ferror(file) != 0
        let code = errno
        fclose(file)
        if failed { throw TraceError(path: path, reason: .unwritable(FileByteStream.describe(code))) }
    }

    deinit {
        if !closed { fclose(file) }
    }
}
