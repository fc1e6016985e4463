import FootfallDetection

/// Reads the plain lines of a delimited recording in one pass: each field parsed where it
/// starts (`DecimalParser.scanInLine`), its end found by the number's, the columns not read
/// skipped, the sample added to the batch. Reading a large CSV is mostly this loop; the general
/// path finds a line's end, then its fields, then parses each, touching every byte three times.
///
/// It stops at a line it cannot read simply (quotes, spaces or tabs around a field, a field
/// that is not a plain finite number or is not finite in m/s², too few fields, a blank line, a decimal-comma field
/// longer than the general path reads, a time earlier than the last), and `DelimitedReader`
/// reads that line the general way, which says what is wrong; both give the same samples.
/// Layouts with ISO times, or one column read for two roles, are left to the general path.
struct OnePassLineParser {
    /// What each of the line's first columns is read as: 0 not read, 1 time, 2-4 x, y, z.
    private let roles: UnsafeMutableBufferPointer<UInt8>
    private let delimiter: UInt8
    /// `.`, or `,` for a layout with decimal commas.
    private let point: UInt8
    /// The general path reads decimal-comma fields up to this length and refuses longer ones.
    private let longestField: Int
    /// m/s² in one unit of the axes; seconds in one unit of time.
    private let scale: Double, timeScale: Double
    /// Whether times are read from a column, or made from `rate`.
    private let timed: Bool
    private let rate: Double
    /// Whether the layout can be read this way at all.
    let usable: Bool

    /// - Parameters:
    ///   - needed: the columns a line must have (the last one read, plus one).
    ///   - longestCommaField: the longest decimal-comma field the general path reads.
    init(layout: DelimitedLayout, needed: Int, longestCommaField: Int) {
        roles = .allocate(capacity: needed)
        roles.initialize(repeating: 0)
        var distinct = true
        for (role, column) in zip([1, 2, 3, 4] as [UInt8], [layout.timeColumn] + layout.axisColumns.map(Optional.some)) {
            guard let column else { continue }
            if roles[column] != 0 { distinct = false }
            roles[column] = role
        }
        delimiter = layout.delimiter
        point = layout.decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        longestField = layout.decimalComma ? longestCommaField : Int.max
        scale = layout.units.metersPerSecondSquared
        timeScale = layout.time.seconds ?? 1
        timed = layout.timeColumn != nil
        rate = layout.rate ?? 1
        usable = distinct && layout.time != .iso
    }

    func deallocate() { roles.deallocate() }

    /// Reads lines from `start` into `batches` while they are plain, up to `limit` (past a
    /// newline: every line before it ends in `bytes`).
    /// - Parameters:
    ///   - lines: counts the lines read.
    ///   - previousTime: the last sample's time; a line with an earlier one is not read.
    /// - Returns: where the first line not read starts, or `limit`.
    @inline(never)  // A function of its own, called once a window: its loop keeps its values in registers.
    func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int, lines: inout Int,
              previousTime: inout Double, into batches: inout SampleBatcher,
              _ body: (UnsafeBufferPointer<Sample>) -> Void) -> Int {
        // Every line before `limit` ends in a newline, which stops every loop below but the one
        // over a column not read (a quote or the newline stops that one).
        let last = roles.count &- 1
        var position = start
        while position < limit {
            var time = 0.0, x = 0.0, y = 0.0, z = 0.0
            var i = position
            var next = -1
            for column in 0...last {
                let role = roles[column]
                if role == 0 {
                    while i < limit {
                        let byte = bytes[i]
                        if byte == delimiter || byte == 10 || byte == 34 { break }
                        i &+= 1
                    }
                    guard i < limit, bytes[i] == delimiter else { break }
                    i &+= 1
                    continue
                }
                guard let (value, stop) = DecimalParser.scanInLine(bytes, i, limit, point: point),
                      value.isFinite, stop &- i <= longestField else { break }
                switch role {
                case 1: time = value
                case 2: x = value
                case 3: y = value
                default: z = value
                }
                i = stop
                let byte = bytes[i]
                if column < last {
                    guard byte == delimiter else { break }
                    i &+= 1
                } else if byte == 10 {
                    next = i &+ 1
                } else if byte == 13 && bytes[i &+ 1] == 10 {
                    next = i &+ 2
                } else if byte == delimiter {
                    // Columns after the last one read are not looked at, as on the general path.
                    while bytes[i] != 10 { i &+= 1 }
                    next = i &+ 1
                }
            }
            guard next > 0 else { break }
            if timed {
                time *= timeScale
                guard time >= previousTime else { break }
                previousTime = time
            } else {
                time = Double(batches.produced) / rate
            }
            x *= scale
            y *= scale
            z *= scale
            // Only a unit larger than m/s² can make a finite value infinite (1e308 g).
            if scale > 1 { guard x.isFinite && y.isFinite && z.isFinite else { break } }
            batches.add(Sample(time: time, x: x, y: y, z: z), body)
            lines &+= 1
            position = next
        }
        return position
    }
}
