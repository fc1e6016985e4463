import FootfallDetection

/// Reads a recording of any format Footfall knows, compressed or not, as samples in time
/// order (seconds, m/s²): the one way the detector, `count`, `bench`, `plot` and the daemon's
/// replay read files.
///
/// The compression and the format are found from the content, not the name. Samples are handed
/// over in batches of a fixed buffer as they are read, so a week-long file is read in the same
/// memory as a minute-long one.
public enum Recording {
    /// What was read: the format, and what the file says about itself.
    public struct Summary: Sendable, Equatable {
        /// The format.
        public var format: RecordingFormat
        /// The compression around it.
        public var compression: RecordingCompression
        /// The layout of a delimited file.
        public var layout: DelimitedLayout?
        /// The device, as the file names it (a CWA's `AX3 #12345, session 7`).
        public var device: String?
        /// The device's model as the file names it: `AX3`, `AX6`, a GT3X's `Device Type`
        /// (`wGT3XBT`), `GENEActiv`.
        public var deviceModel: String?
        /// The device's serial number as the file writes it (a CWA's device id, a GT3X's
        /// `Serial Number`, a GENEActiv's `Device Unique Serial Code`).
        public var deviceSerial: String?
        /// Where the file says the device was worn (a GENEActiv's `Device Location Code`, "left
        /// wrist"), as it writes it.
        public var placement: String?
        /// The rate the file's header configures, Hz (the rate of the samples may differ).
        public var configuredRate: Double?
        /// The range the file's header configures, ± g.
        public var range: Int?
        /// Samples read.
        public var samples = 0
        /// Samples in blocks skipped as damaged (`RecordingOptions.skipBadBlocks`).
        public var skippedSamples = 0
        /// Blocks, records or pages skipped as damaged (`RecordingOptions.skipBadBlocks`).
        public var damagedBlocks = 0
        /// The first and last sample's time, seconds.
        public var firstTime = Double.nan
        /// The last sample's time, seconds.
        public var lastTime = Double.nan
        /// The file's size on disk, bytes.
        public var fileSize = 0
        /// What the file holds, in order; only the accelerometer is read.
        public var channels: [RecordingChannel] = [.accelerometer]

        /// Samples per second over the recording.
        public var meanRate: Double? {
            samples > 1 && lastTime > firstTime ? Double(samples - 1) / (lastTime - firstTime) : nil
        }
    }

    /// Reads the recording at `path`, handing its samples to `body` in batches, in time order.
    /// - Parameters:
    ///   - path: the file.
    ///   - options: what the file does not say (columns, units, time format) or how to treat damage.
    ///   - batchSize: the most samples per batch.
    ///   - progress: called after each batch with the bytes of the file read so far and its size.
    ///   - body: receives each batch; the buffer is valid only during the call.
    /// - Returns: what was read.
    /// - Throws: `TraceError` naming the file, and the line or byte offset, of the first problem.
    @discardableResult
    public static func forEachBatch(
        path: String, options: RecordingOptions = .automatic, batchSize: Int = 4096,
        progress: ((_ read: Int, _ size: Int) -> Void)? = nil,
        _ body: (UnsafeBufferPointer<Sample>) -> Void
    ) throws(TraceError) -> Summary {
        try forEachBatch(stream: FileByteStream(path: path), path: path, options: options, batchSize: batchSize, progress: progress, body)
    }

    /// Reads a recording from `stream` (a file, or bytes in memory) as `forEachBatch(path:)`
    /// does; `path` names it in messages.
    @discardableResult
    public static func forEachBatch(
        stream file: ByteStream, path: String, options: RecordingOptions = .automatic, batchSize: Int = 4096,
        progress: ((_ read: Int, _ size: Int) -> Void)? = nil,
        _ body: (UnsafeBufferPointer<Sample>) -> Void
    ) throws(TraceError) -> Summary {
        let (window, compression, format) = try open(file, path: path)
        var summary = Summary(format: format, compression: compression, fileSize: file.fileSize)
        var first = Double.nan, last = Double.nan
        // What progress is measured on: the file, or the archive entry a reader opens in it.
        var progressSource: ByteStream = file
        let forward = { (batch: UnsafeBufferPointer<Sample>) in
            if first.isNaN, let head = batch.first { first = head.time }
            if let tail = batch.last { last = tail.time }
            body(batch)
            progress?(progressSource.fileBytesRead, progressSource.fileSize)
        }
        switch format {
        case .delimited:
            let layout = try DelimitedReader.layout(window, path: path, options: options)
            summary.layout = layout
            summary.samples = try DelimitedReader.read(window, layout: layout, path: path, batchSize: batchSize, forward)
        case .cwa:
            let header = try CWAReader.readHeader(window, path: path)
            summary.device = "\(header.device) #\(header.deviceID), session \(header.sessionID)"
            (summary.deviceModel, summary.deviceSerial) = (header.device, "\(header.deviceID)")
            summary.configuredRate = header.rate
            summary.range = header.range
            var channels: Set<RecordingChannel> = [.accelerometer]
            (summary.samples, summary.skippedSamples, summary.damagedBlocks) = try CWAReader.read(window, path: path, options: options, batchSize: batchSize,
                                                                           channels: &channels, forward)
            summary.channels = channels.sorted()
        case .gt3x:
            guard compression == .none else {
                throw TraceError(path: path, reason: .unsupported("a \(compression.rawValue)-compressed .gt3x (itself a zip archive): decompress it first"))
            }
            let archive = try GT3XReader.open(file, path: path)
            let info = try GT3XReader.info(archive, path: path)
            summary.device = "\(info.deviceType) #\(info.serialNumber)"
            (summary.deviceModel, summary.deviceSerial) = (info.deviceType, info.serialNumber)
            summary.configuredRate = info.rate
            summary.range = info.rangeG
            var channels: Set<RecordingChannel> = [.accelerometer]
            (summary.samples, summary.skippedSamples, summary.damagedBlocks) = try GT3XReader.read(
                archive, info: info, path: path, fileSize: file.fileSize, options: options, batchSize: batchSize,
                channels: &channels, opened: { progressSource = $0 }, forward)
            summary.channels = channels.sorted()
        case .geneActiv:
            let header = try GENEActivReader.readHeader(window, path: path)
            summary.device = "GENEActiv #\(header.serial)"
            (summary.deviceModel, summary.deviceSerial) = ("GENEActiv", header.serial)
            summary.placement = header.location
            summary.configuredRate = header.rate > 0 ? header.rate : nil
            summary.range = header.range
            // Every GENEActiv sample carries light and the button; every page a temperature.
            summary.channels = [.accelerometer, .light, .temperature, .button]
            (summary.samples, summary.skippedSamples, summary.damagedBlocks) = try GENEActivReader.read(
                window, header: header, path: path, options: options, batchSize: batchSize, forward)
        case .zip:
            throw TraceError(path: path, reason: .unsupported(
                "a zip archive that is not an ActiGraph .gt3x (it holds none of \(RecordingFormat.gt3xEntryNames.joined(separator: ", "))); Footfall reads no other archive: unpack it and count the recording inside"))
        }
        summary.firstTime = first
        summary.lastTime = last
        return summary
    }

    /// The start of a recording, decompressed, with its compression and format found from the
    /// content.
    static func open(_ file: ByteStream, path: String) throws(TraceError)
        -> (window: StreamWindow, compression: RecordingCompression, format: RecordingFormat) {
        var window = StreamWindow(file)
        _ = try window.require(6)
        let compression = RecordingCompression.detect(UnsafeRawBufferPointer(window.bytes))
        if compression != .none {
            let stream = try DecompressingStream(file, compression: compression, path: path)
            // The bytes already read were compressed: start the decompressor from the file's start.
            stream.replay(window.bytes)
            window = StreamWindow(stream)
        }
        _ = try window.require(4096)
        guard let format = RecordingFormat.detect(window.bytes) else {
            if window.bytes.isEmpty { throw TraceError(path: path, reason: .empty) }
            let hex = window.bytes.prefix(8).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
            throw TraceError(path: path, offset: 0, reason: .unsupported(
                "not a recording Footfall reads: binary data starting \(hex) (it reads delimited text, Axivity .cwa, ActiGraph .gt3x and GENEActiv .bin, and all but .gt3x compressed with gzip, xz or zstd)"))
        }
        return (window, compression, format)
    }

    /// Where the recording at `path` says its device was worn, reading its header only (a
    /// GENEActiv's `Device Location Code`); nil when its format says nothing of it.
    public static func declaredPlacement(path: String) throws(TraceError) -> String? {
        let (window, _, format) = try open(FileByteStream(path: path), path: path)
        guard format == .geneActiv else { return nil }
        return try GENEActivReader.readHeader(window, path: path).location
    }

    /// Reads every sample of the recording at `path` into memory (a short recording: a plot,
    /// a replay).
    public static func readSamples(path: String, options: RecordingOptions = .automatic) throws(TraceError) -> [Sample] {
        var samples: [Sample] = []
        try forEachBatch(path: path, options: options) { samples.append(contentsOf: $0) }
        return samples
    }

    /// Reads the recording through without keeping its samples: what `footfall inspect` says.
    public static func inspect(path: String, options: RecordingOptions = .automatic) throws(TraceError) -> Summary {
        try forEachBatch(path: path, options: options, batchSize: 1 << 14) { _ in }
    }
}
