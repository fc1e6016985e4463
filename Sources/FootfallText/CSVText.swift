/// Fields of comma-separated tables as spreadsheets and R's `read.csv` read them back (RFC
/// 4180): a field holding a comma, a quote or a line break is quoted, its quotes doubled.
public enum CSVText {
    /// `text` as one field.
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted += "\"" }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// `fields` as one row, each quoted where it needs to be, without the line break.
    public static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }
}
