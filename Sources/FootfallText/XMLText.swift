/// Text for the XML (SVG) that goals and analysis write by hand, without an XML library.
public enum XMLText {
    /// Escapes text for XML content and attribute values: `&`, `<`, `>`, `"` and `'`.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}
