import CSV
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The rows of a CSV file, read one at a time, with the header's columns found by name: a
/// record is gathered from the file's lines until its quotes close (a quoted field may hold a
/// line break), and its fields parsed by CSV.swift (quotes, doubled quotes). A byte-order mark
/// and CRLF line ends are taken. CSV.swift's own file reader is not used: on Linux it reports
/// the end of every file as a read error.
final class CSVRows {
    private let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// The header's names, lowercased and trimmed.
    private(set) var columns: [String] = []
    /// The 1-based number of the row last read, the header being row 1.
    private(set) var row = 0

    /// Opens `path`, whose first row names the columns.
    init(path: String) throws(StudyError) {
        self.path = path
        descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .file(path, "cannot open it: \(String(cString: strerror(errno)))") }
        guard let header = try next() else { throw .damaged(path, "it is empty: its first row must name the columns") }
        columns = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let first = columns.first, first.hasPrefix("\u{FEFF}") { columns[0] = String(first.dropFirst()) }
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// The position of the column named `name`, if there is one.
    func column(_ name: String) -> Int? { columns.firstIndex(of: name) }

    /// The next row's fields, or nil at the end.
    /// - Throws: `StudyError` when the file cannot be read, or ends inside a quoted field.
    func next() throws(StudyError) -> [String]? {
        var record: [UInt8] = []
        var quotes = 0
        repeat {
            guard let line = try nextLine() else {
                guard record.isEmpty else { throw .damaged(path, "it ends inside a quoted field that starts in row \(row + 1)") }
                return nil
            }
            if !record.isEmpty { record.append(10) }
            record += line
            quotes += line.reduce(0) { $0 + ($1 == 34 ? 1 : 0) }
        } while quotes % 2 == 1
        row += 1
        if record.last == 13 { record.removeLast() }
        if row == 1, record.starts(with: [0xEF, 0xBB, 0xBF]) { record.removeFirst(3) }
        if record.isEmpty { return [""] }
        return CSVRows.fields(of: String(decoding: record, as: UTF8.self)) ?? []
    }

    /// The fields of one CSV record.
    static func fields(of record: String) -> [String]? {
        guard let reader = try? CSVReader(string: record) else { return nil }
        return reader.next()
    }

    /// The next line's bytes without its line break, or nil at the end of the file.
    private func nextLine() throws(StudyError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 10) {
                defer { position = newline + 1 }
                return buffer[position..<newline]
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                defer { position = buffer.count }
                return buffer[position...]
            }
            buffer.removeFirst(position)
            position = 0
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .file(path, "cannot read it: \(String(cString: strerror(errno)))")
            }
            if count == 0 { atEnd = true } else { buffer += chunk[0..<count] }
        }
    }
}
