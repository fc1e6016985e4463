/// A plain-text table with aligned columns, for terminals and logs.
public struct TextTable: Sendable {
    /// How a column's cells line up.
    public enum Alignment: Sendable { case left, right }

    var headers: [String]
    var alignments: [Alignment]
    var rows: [[String]] = []

    /// Creates an empty table with the given columns.
    public init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    /// Adds a row; missing cells are blank.
    public mutating func add(_ cells: [String]) {
        rows.append(cells + Array(repeating: "", count: max(0, headers.count - cells.count)))
    }

    /// The table, one line per row, header first, with a rule under the header.
    public func render() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return alignments[i] == .left ? cell + pad : pad + cell
            }.joined(separator: "  ").trailingSpacesRemoved
        }
        var out = [line(headers), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        out += rows.map(line)
        return out.joined(separator: "\n") + "\n"
    }
}

extension String {
    var trailingSpacesRemoved: String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
