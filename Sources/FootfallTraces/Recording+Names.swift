extension Recording {
    /// The name endings of recordings, before any compression's: what a folder search takes
    /// (a file named outright is read whatever its name; its content says what it is).
    public static let extensions = ["csv", "tsv", "cwa", "gt3x", "bin"]
    /// The name endings of the compressions read.
    public static let compressionExtensions = ["gz", "xz", "zst"]

    /// Whether a file name looks like a recording: `walk.csv`, `WEEK.cwa`, `phone.csv.gz`.
    public static func looksLikeRecording(_ name: String) -> Bool {
        guard let (_, ext) = split(stripCompression(name)) else { return false }
        return extensions.contains(ext.lowercased())
    }

    /// The name without its compression's and its format's endings: `walk.csv.gz` is `walk`;
    /// a name with neither stays as it is.
    public static func stem(_ name: String) -> String {
        let plain = stripCompression(name)
        if let (stem, ext) = split(plain), extensions.contains(ext.lowercased()) { return stem }
        return plain
    }

    private static func stripCompression(_ name: String) -> String {
        if let (stem, ext) = split(name), compressionExtensions.contains(ext.lowercased()) { return stem }
        return name
    }

    /// `name` split at its last dot after the last slash, or nil without one.
    private static func split(_ name: String) -> (String, String)? {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/"), dot != name.startIndex,
              name[name.index(before: dot)] != "/" else { return nil }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }
}
