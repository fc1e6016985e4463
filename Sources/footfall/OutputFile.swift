import Foundation

/// A file a command writes its result to (`-o`, `--windows-csv`, `--candidates-csv`, ...).
///
/// A regular file, or a path with nothing there yet, is replaced whole: written beside it and
/// renamed over it, so a reader never sees half a report and an interrupted run leaves the
/// old one. Anything else already at the path (`/dev/null`, `/dev/stdout`, a FIFO a script
/// reads) is written in place: renaming over it would put a file where the device was.
enum OutputFile {
    /// Writes `text` as UTF-8 to `path` (through symbolic links).
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
        let replaceWhole = type == nil || type == .typeRegular
        try Data(text.utf8).write(to: url, options: replaceWhole ? .atomic : [])
    }
}
