import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The part of one recording: a small file in `parts/`, written whole (`AtomicFileWriter`)
/// once the recording is read, whose lines are tagged with the table they belong to. A read
/// recording's first line is its `recording` row and its `day` rows follow; a failed one's
/// only line is its `failure` row. The merge hands each line, without its tag, to its table.
enum RecordingPart {
    /// The tag of a line of recordings.csv.
    static let recordingTag = "recording"
    /// The tag of a line of days.csv.
    static let dayTag = "day"
    /// The tag of a line of failures.csv.
    static let failureTag = "failure"

    /// What a part's first line says: whether the recording failed, and the file it read.
    struct Head: Equatable {
        var failed: Bool
        var path: String
        var fingerprint: FileFingerprint
    }

    /// Writes the part of a recording read.
    static func write(_ record: RecordingRecord, days: [String], to path: String) throws(StudyError) {
        var text = recordingTag + "," + record.row + "\n"
        for day in days { text += dayTag + "," + day + "\n" }
        try write(text, to: path)
    }

    /// Writes the part of a recording that failed.
    static func write(_ failure: RecordingFailure, to path: String) throws(StudyError) {
        try write(failureTag + "," + failure.row + "\n", to: path)
    }

    private static func write(_ text: String, to path: String) throws(StudyError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .file(folder, "cannot make the folder: \(error.localizedDescription)")
        }
        try AtomicFile.write(text, to: path)
    }

    /// The head of the part at `path`; nil when there is none, or when it was written in
    /// another layout (an earlier release's columns), so that it is read again.
    static func head(at path: String) -> Head? {
        firstLine(of: path).flatMap(head(ofLine:))
    }

    /// The head of a part read whole.
    static func head(of data: Data) -> Head? {
        let line = data.firstIndex(of: 10).map { data[data.startIndex..<$0] } ?? data[...]
        return head(ofLine: String(decoding: line, as: UTF8.self))
    }

    private static func head(ofLine line: String) -> Head? {
        guard let fields = CSVRows.fields(of: line), let tag = fields.first else { return nil }
        let columns: [String]
        switch tag {
        case recordingTag: columns = RecordingRecord.columns
        case failureTag: columns = RecordingFailure.columns
        default: return nil
        }
        guard fields.count == columns.count + 1, let pathColumn = columns.firstIndex(of: "path"),
              let bytesColumn = columns.firstIndex(of: "bytes"), let modifiedColumn = columns.firstIndex(of: "modified") else { return nil }
        // A file that could not be opened has no fingerprint: any file found there later is new.
        let fingerprint = FileFingerprint(bytes: Int64(fields[bytesColumn + 1]) ?? -1, modified: fields[modifiedColumn + 1])
        return Head(failed: tag == failureTag, path: fields[pathColumn + 1], fingerprint: fingerprint)
    }

    /// The first line of a file, without its line break; nil when it cannot be read.
    private static func firstLine(of path: String) -> String? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if let newline = chunk[0..<count].firstIndex(of: 10) {
                bytes += chunk[0..<newline]
                return String(decoding: bytes, as: UTF8.self)
            }
            bytes += chunk[0..<count]
        }
        return nil
    }
}
