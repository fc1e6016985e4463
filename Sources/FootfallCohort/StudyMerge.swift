import Foundation

/// The study's tables from its parts: days.csv (a row per recording and day), recordings.csv
/// (a row per recording read) and failures.csv (a row per recording that could not be read),
/// in the plan's order. It streams: one part in memory at a time, whatever the study's size.
/// Each table is written whole or not at all, so a merge run while tasks still write gives
/// the tables of the parts there so far.
public enum StudyMerge {
    /// What the merge found and wrote.
    public struct Summary: Sendable, Equatable {
        /// Recordings in the plan.
        public var recordings = 0
        /// Read: in recordings.csv and days.csv.
        public var done = 0
        /// Could not be read: in failures.csv.
        public var failed = 0
        /// Without a part yet.
        public var notRun = 0
        /// Whose file changed since its part was written (left out of the tables).
        public var changed = 0
        /// The first few recordings not yet run or changed, for a message.
        public var firstToDo: [RecordingID] = []
        /// Rows of days.csv.
        public var days = 0
        /// The tables written, with their sizes in bytes.
        public var tables: [(path: String, bytes: Int)] = []

        /// Whether every recording is read or failed.
        public var isComplete: Bool { notRun == 0 && changed == 0 }

        public static func == (a: Summary, b: Summary) -> Bool {
            a.recordings == b.recordings && a.done == b.done && a.failed == b.failed && a.notRun == b.notRun
                && a.changed == b.changed && a.firstToDo == b.firstToDo && a.days == b.days
                && a.tables.map(\.path) == b.tables.map(\.path) && a.tables.map(\.bytes) == b.tables.map(\.bytes)
        }
    }

    /// The names of the tables, in the order they are reported.
    public static let tableNames = ["days.csv", "recordings.csv", "failures.csv"]

    /// Writes the tables of `study` into `folder` (created if needed).
    /// - Throws: `StudyError` when the plan or a part cannot be read, or a table cannot be written.
    public static func merge(_ study: Study, into folder: String) throws(StudyError) -> Summary {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .file(folder, "cannot make the folder: \(error.localizedDescription)")
        }
        let days = try AtomicFileWriter(path: folder + "/days.csv")
        let recordings = try AtomicFileWriter(path: folder + "/recordings.csv")
        let failures = try AtomicFileWriter(path: folder + "/failures.csv")
        try days.write(DayRows.header + "\n")
        try recordings.write(RecordingRecord.header + "\n")
        try failures.write(RecordingFailure.header + "\n")
        var summary = Summary()
        try study.forEachRecording { (entry) throws(StudyError) in
            summary.recordings += 1
            let data = FileManager.default.contents(atPath: study.partPath(of: entry.id))
            let state = Study.state(of: entry, part: data.flatMap(RecordingPart.head(of:)))
            let part = state == .done || state == .failed ? [UInt8](data ?? Data()) : []
            switch state {
            case .done: summary.done += 1
            case .failed: summary.failed += 1
            case .notRun: summary.notRun += 1
            case .changed: summary.changed += 1
            }
            if state == .notRun || state == .changed, summary.firstToDo.count < 5 { summary.firstToDo.append(entry.id) }
            try forEachLine(part) { (tag, row) throws(StudyError) in
                switch tag {
                case RecordingPart.dayTag: summary.days += 1; try days.write(line: row)
                case RecordingPart.recordingTag: try recordings.write(line: row)
                case RecordingPart.failureTag: try failures.write(line: row)
                default: throw .damaged(study.partPath(of: entry.id), "a line tagged '\(tag)', which no table has")
                }
            }
        }
        for table in [days, recordings, failures] {
            try table.commit()
            summary.tables.append((table.path, table.count))
        }
        return summary
    }

    /// Each line of a part split at its first comma into the tag and the row.
    private static func forEachLine(_ bytes: [UInt8], _ body: (String, ArraySlice<UInt8>) throws(StudyError) -> Void) throws(StudyError) {
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 10) ?? bytes.count
            if end > start {
                let comma = bytes[start..<end].firstIndex(of: 44) ?? end
                let tag = String(decoding: bytes[start..<comma], as: UTF8.self)
                try body(tag, bytes[min(comma + 1, end)..<end])
            }
            start = end + 1
        }
    }
}
