#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension DelimitedLayout {
    /// The name of the column read for a role (0 time, 1-3 x, y, z), for messages.
    func columnName(_ role: Int) -> String {
        let column = role == 0 ? timeColumn : axisColumns[role - 1]
        guard let column else { return "time" }
        if column < header.count, !header[column].isEmpty { return header[column] }
        return ["time", "x", "y", "z"][role]
    }

    /// Finds the layout of a delimited recording from its first lines.
    /// - Parameters:
    ///   - lines: the first lines (up to a few hundred), without line ends.
    ///   - options: what the user said; it wins over what the lines suggest.
    ///   - path: for messages.
    /// - Throws: `TraceError` saying what could not be told and which option tells it.
    static func detect(lines: [Substring], options: RecordingOptions, path: String) throws(TraceError) -> DelimitedLayout {
        let content = lines.enumerated().filter { !$0.element.allSatisfy { $0 == " " || $0 == "\t" } }
        guard !content.isEmpty else { throw TraceError(path: path, reason: .empty) }
        let delimiter = chooseDelimiter(content.suffix(20).map(\.element))
        let rows = content.map { (line: $0.offset, fields: split($0.element, by: delimiter)) }
        // The samples are the rows of three or more numbers (or ISO times) in the number of
        // fields most such rows have (a damaged row among the first is then reported on its
        // line, not taken for the layout); they start at the first of up to five in a row.
        var counts: [Int: Int] = [:]
        for row in rows where row.fields.count >= 3 && numericFields(row.fields) >= 3 { counts[row.fields.count, default: 0] += 1 }
        let usual = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }?.key
        var first: Int?
        for (index, row) in rows.enumerated() where row.fields.count == usual {
            let run = rows[index..<min(rows.count, index + 5)].prefix { $0.fields.count == usual }
            if run.count == min(5, usual.flatMap { counts[$0] } ?? 0), run.allSatisfy({ numericFields($0.fields) >= 3 }) { first = index; break }
        }
        if first == nil && content.count == 1 && !rows[0].fields.isEmpty && numericFields(rows[0].fields) == 0 {
            throw TraceError(path: path, reason: .noSamples)
        }
        guard let first else {
            let shown = String(content[0].element.prefix(80))
            throw TraceError(path: path, reason: .columns(
                "no samples found in the first lines (the first is '\(shown)'): a delimited recording needs rows of at least 3 numbers"))
        }
        let fieldCount = rows[first].fields.count
        let header = first > 0 && rows[first - 1].fields.count == fieldCount && numericFields(rows[first - 1].fields) < 3
            ? rows[first - 1].fields.map(String.init) : []
        let normalized = header.map(normalized)
        let data = rows[first...].filter { $0.fields.count == fieldCount }.map(\.fields)
        let decimalComma = delimiter != 44 && data.prefix(20).contains { $0.contains { $0.contains(",") && !$0.contains(".") } }

        // Columns: as the user named them, or a preset's, or by their names.
        var preset = options.preset
        var timeColumn: Int?
        var axes: [Int] = []
        func resolve(_ reference: ColumnReference) throws(TraceError) -> Int {
            switch reference {
            case .position(let position):
                guard position <= fieldCount else {
                    throw TraceError(path: path, reason: .columns("--columns names column \(position), but the rows have \(fieldCount) fields"))
                }
                return position - 1
            case .name(let name):
                let wanted = name.lowercased()
                if let index = header.firstIndex(where: { $0.lowercased() == wanted }) ?? normalized.firstIndex(of: Self.normalized(name)) {
                    return index
                }
                throw TraceError(path: path, reason: .columns(
                    "--columns names '\(name)', which is not in the header (\(header.isEmpty ? "there is no header; give positions, 1 for the first" : header.joined(separator: ", ")))"))
            }
        }
        if let columns = options.columns {
            guard columns.count == 4 || columns.count == 3 else {
                throw TraceError(path: path, reason: .columns("--columns takes TIME,X,Y,Z (or X,Y,Z with --sample-rate), \(columns.count) given"))
            }
            var resolved: [Int] = []
            for reference in columns { resolved.append(try resolve(reference)) }
            if columns.count == 4 { timeColumn = resolved[0]; axes = Array(resolved[1...]) } else { axes = resolved }
        } else {
            if preset == nil { preset = DelimitedPreset.recognise(normalized) }
            if let preset {
                let indices = preset.columns.map { normalized.firstIndex(of: $0) }
                guard indices.allSatisfy({ $0 != nil }) else {
                    throw TraceError(path: path, reason: .columns(
                        "the --preset \(preset.rawValue) reads the columns \(preset.columns.joined(separator: ", ")); the header has \(header.joined(separator: ", "))"))
                }
                timeColumn = indices[0]
                axes = indices[1...].map { $0! }
            } else if !header.isEmpty {
                var found: [[Int]] = [[], [], []]
                for (index, name) in normalized.enumerated() {
                    if let axis = axis(ofNormalized: name) { found[axis].append(index) }
                }
                // Several x columns (accelerometer and gyroscope in one file): the accelerometer's.
                for axis in 0..<3 where found[axis].count > 1 {
                    let acceleration = found[axis].filter { normalized[$0].hasPrefix("acc") || normalized[$0].hasPrefix("a") || normalized[$0].hasPrefix("gf") }
                    if acceleration.count == 1 { found[axis] = acceleration }
                }
                if found.allSatisfy({ $0.count == 1 }) {
                    axes = found.map { $0[0] }
                    let times = normalized.enumerated().compactMap { index, name in timeRank(ofNormalized: name).map { (index, $0) } }
                    timeColumn = times.min { $0.1 < $1.1 }?.0
                } else {
                    throw TraceError(path: path, reason: .columns(
                        "cannot tell which columns hold time and x, y, z in the header '\(header.joined(separator: String(UnicodeScalar(delimiter))))'; "
                        + "name them with --columns TIME,X,Y,Z (header names or 1-based positions), or give a --preset (\(DelimitedPreset.allCases.map(\.rawValue).joined(separator: ", ")))"))
                }
            } else if fieldCount == 4 {
                timeColumn = 0
                axes = [1, 2, 3]
            } else if fieldCount == 3 {
                axes = [0, 1, 2]
            } else {
                throw TraceError(path: path, reason: .columns(
                    "the file has no header and \(fieldCount) fields a row: say which are time and x, y, z with --columns (1-based positions, e.g. --columns 1,2,3,4)"))
            }
        }
        if timeColumn == nil && options.rate == nil {
            throw TraceError(path: path, reason: .columns("no time column: give the sampling rate with --sample-rate HZ, or the time column with --columns TIME,X,Y,Z"))
        }

        // Times: as said, or the preset's, or from how far apart the first rows are.
        var time = options.time ?? preset?.time
        if time == nil, let timeColumn {
            time = try inferTime(data.map { $0[timeColumn] }, decimalComma: decimalComma, path: path,
                                 column: header.indices.contains(timeColumn) ? header[timeColumn] : "column \(timeColumn + 1)")
        }
        // Units: as said, or announced in the axes' names, or the preset's, or from gravity's size.
        var units = options.units ?? axes.lazy.compactMap { $0 < header.count ? announcedUnit(header[$0]) : nil }.first ?? preset?.units
        if units == nil {
            units = try inferUnits(data.map { row in axes.map { row[$0] } }, decimalComma: decimalComma, path: path)
        }
        return DelimitedLayout(delimiter: delimiter, decimalComma: decimalComma, linesBeforeSamples: rows[first].line, header: header,
                               timeColumn: timeColumn, axisColumns: axes, time: time ?? .seconds, units: units!, rate: options.rate,
                               preset: options.columns == nil ? preset : nil)
    }

    /// The delimiter found at least twice on every line given: a tab, semicolon or bar before
    /// a comma, since files separated by those may write decimal commas; a space last.
    static func chooseDelimiter(_ lines: [Substring]) -> UInt8 {
        // The rows' delimiter appears twice or more on most of the last lines and on the last
        // one (a short file's preamble lines, comments or titles, may lack it).
        func most(_ holds: (Substring) -> Bool) -> Bool {
            guard let last = lines.last, holds(last) else { return false }
            return lines.filter(holds).count * 4 >= lines.count * 3
        }
        for candidate: UInt8 in [9, 59, 124, 44] where most({ $0.utf8.reduce(0) { $0 + ($1 == candidate ? 1 : 0) } >= 2 }) {
            return candidate
        }
        if most({ $0.split(separator: " ").count >= 3 }) { return 32 }
        return 44
    }

    /// A line's fields, trimmed and unquoted.
    static func split(_ line: Substring, by delimiter: UInt8) -> [Substring] {
        // By bytes: the delimiters and quotes are ASCII, which UTF-8 never uses inside another
        // character, so every index found is a character's.
        var fields: [Substring] = []
        let utf8 = line.utf8
        var quoted = false
        var start = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == 34 { quoted.toggle() } else if byte == delimiter && !quoted {
                fields.append(trim(line[start..<index]))
                start = utf8.index(after: index)
                if delimiter == 32 { while start < utf8.endIndex && utf8[start] == 32 { start = utf8.index(after: start) } }
                index = start
                continue
            }
            index = utf8.index(after: index)
        }
        fields.append(trim(line[start...]))
        return fields
    }

    static func trim(_ field: Substring) -> Substring {
        let utf8 = field.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, case let byte = utf8[start], byte == 32 || byte == 9 || byte == 34 { start = utf8.index(after: start) }
        while start < end, case let byte = utf8[utf8.index(before: end)], byte == 32 || byte == 9 || byte == 34 { end = utf8.index(before: end) }
        return field[start..<end]
    }

    /// The field as a number, as `Double(String)` reads it (with a decimal comma, after
    /// making it a point). Plain decimals, nearly every field, are read in place by
    /// `DecimalParser`, which rounds as `strtod` does; the rest go to the standard library.
    static func number(_ field: Substring, decimalComma: Bool = false) -> Double? {
        var text = field
        let plain: Double? = text.withUTF8 { bytes in
            guard bytes.count <= 64 else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { copy in
                for k in 0..<bytes.count { copy[k] = decimalComma && bytes[k] == 44 ? 46 : bytes[k] }
                guard let (value, end) = DecimalParser.scan(UnsafeBufferPointer(copy), 0, bytes.count),
                      end == bytes.count, value.isFinite else { return nil }
                return value
            }
        }
        if let plain { return plain }
        return Double(decimalComma ? String(field.map { $0 == "," ? "." : $0 }) : String(field))
    }

    static func numericFields(_ fields: [Substring]) -> Int {
        fields.reduce(0) { $0 + (number($1) != nil || number($1, decimalComma: true) != nil || ISOTimeParser.parse($1) != nil ? 1 : 0) }
    }

    /// The time format whose unit puts the rows' median interval closest to 20 ms (50 Hz):
    /// rates from about 2 to 1,500 Hz are told apart without doubt; ISO when times are dates.
    static func inferTime(_ fields: [Substring], decimalComma: Bool, path: String, column: String) throws(TraceError) -> TimeFormat {
        if let first = fields.first, number(first, decimalComma: decimalComma) == nil {
            if ISOTimeParser.parse(first) != nil { return .iso }
            throw TraceError(path: path, reason: .columns("the time column '\(column)' holds '\(first.prefix(40))', neither a number nor an ISO 8601 time; say which column is time with --columns"))
        }
        let values = fields.compactMap { number($0, decimalComma: decimalComma) }
        let steps = zip(values, values.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.sorted()
        guard !steps.isEmpty else {
            throw TraceError(path: path, reason: .columns("the times in '\(column)' do not advance in the first rows; say how they are written with --time s|ms|us|ns|iso"))
        }
        let median = steps[steps.count / 2]
        let formats: [TimeFormat] = [.seconds, .milliseconds, .microseconds, .nanoseconds]
        return formats.min { abs(log10(median * $0.seconds!) - log10(0.02)) < abs(log10(median * $1.seconds!) - log10(0.02)) }!
    }

    /// The unit that puts the median size of the acceleration nearest to gravity's: a recording
    /// at rest or walking has about 1 g on average. Refused when no unit does (a file of
    /// acceleration without gravity, say): then `--units` says.
    static func inferUnits(_ rows: [[Substring]], decimalComma: Bool, path: String) throws(TraceError) -> AccelerationUnit {
        let sizes = rows.compactMap { row -> Double? in
            let values = row.compactMap { number($0, decimalComma: decimalComma) }
            guard values.count == 3 else { return nil }
            return (values[0] * values[0] + values[1] * values[1] + values[2] * values[2]).squareRoot()
        }.sorted()
        guard !sizes.isEmpty else { throw TraceError(path: path, reason: .columns("the axes' first values are not numbers")) }
        let median = sizes[sizes.count / 2]
        for unit in AccelerationUnit.allCases {
            let inG = median * unit.metersPerSecondSquared / 9.80665
            if inG > 0.6 && inG < 1.8 { return unit }
        }
        throw TraceError(path: path, reason: .columns(
            "cannot tell the unit of the axes: their median size, \(median), is not gravity's in m/s², g or mg (acceleration without gravity?); say it with --units m/s2|g|mg"))
    }
}
