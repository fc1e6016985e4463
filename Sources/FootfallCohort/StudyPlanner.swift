import Foundation
import FootfallTraces

/// Makes a study's plan from a folder tree of recordings or a manifest, or adds to one.
///
/// In a folder, every file named as a recording is taken (`Recording.looksLikeRecording`:
/// `.cwa`, `.gt3x`, `.bin`, `.csv`, `.tsv`, compressed or not; hidden files and studies' folders
/// are passed over), its id its path from the folder without the endings
/// (`site-a/P0001.cwa.gz` is `site-a/P0001`). A manifest is a CSV file with a header: a `path`
/// column (relative paths are from the manifest's folder) and, optionally, an `id` column
/// (else the file's name without its endings). Planning into an existing study adds the
/// recordings it does not have yet and keeps the others as they are.
public enum StudyPlanner {
    /// What a plan did.
    public struct Summary: Sendable, Equatable {
        /// The study's folder.
        public var folder: String
        /// Recordings in the study now.
        public var recordings: Int
        /// Recordings the plan added.
        public var added: Int
        /// Recordings of the study that the source no longer lists (kept).
        public var notInSource: Int
        /// The size of the study's recordings that are there, bytes.
        public var bytes: Int64

        public static func == (a: Summary, b: Summary) -> Bool {
            a.folder == b.folder && a.recordings == b.recordings && a.added == b.added && a.notInSource == b.notInSource && a.bytes == b.bytes
        }
    }

    /// Plans the recordings of `source` (a folder or a manifest) into the study at `folder`,
    /// made with `settings` if it does not exist.
    /// - Throws: `StudyError` for a source that lists no recording, names a missing file or
    ///   gives two recordings one id, or an existing study whose settings or ids differ.
    public static func plan(source: String, into folder: String, settings: StudySettings) throws(StudyError) -> Summary {
        let studyFolder = Study.absolute(folder)
        let listed = try entries(in: source, excluding: studyFolder)
        guard !listed.isEmpty else { throw .badSource(source, "no recordings found (.cwa, .gt3x, .bin, .csv, .tsv, compressed or not)") }
        let existing: Study?
        if FileManager.default.fileExists(atPath: studyFolder + "/study.json") {
            let study = try Study.open(studyFolder)
            let differences = study.settings.differences(from: settings)
            guard differences.isEmpty else {
                throw .badPlan("\(studyFolder) was planned with other settings for \(differences.joined(separator: " and ")); "
                               + "a study counts every recording alike: give the same options, or plan into a new folder")
            }
            existing = study
        } else {
            if let contents = try? FileManager.default.contentsOfDirectory(atPath: studyFolder), !contents.isEmpty {
                throw .badPlan("\(studyFolder) is a folder that is not a study (it has no study.json and is not empty): give a new folder")
            }
            existing = nil
        }
        var byID: [RecordingID: String] = [:]
        var byPath: [String: RecordingID] = [:]
        try existing?.forEachRecording { (entry) throws(StudyError) in
            byID[entry.id] = entry.path
            byPath[entry.path] = entry.id
        }
        let before = byID.count
        var seen: Set<RecordingID> = []
        for entry in listed {
            seen.insert(entry.id)
            if let path = byID[entry.id] {
                guard path == entry.path else {
                    throw .badPlan("the id '\(entry.id)' is the study's already for \(path), not \(entry.path): ids are fixed once planned")
                }
                continue
            }
            if let id = byPath[entry.path] {
                throw .badPlan("\(entry.path) is in the study already as '\(id)', and would be '\(entry.id)' now: a recording keeps its id")
            }
            byID[entry.id] = entry.path
            byPath[entry.path] = entry.id
        }
        let study: Study
        if let existing { study = existing } else { study = try Study.create(studyFolder, settings: settings) }
        let all = byID.map { PlanEntry(id: $0.key, path: $0.value) }
        try study.writePlan(all)
        let bytes = all.reduce(Int64(0)) { $0 + (FileFingerprint(path: $1.path)?.bytes ?? 0) }
        return Summary(folder: study.folder, recordings: all.count, added: all.count - before,
                       notInSource: byID.keys.filter { !seen.contains($0) }.count, bytes: bytes)
    }

    /// The recordings `source` lists, sorted by id, each id and path once.
    static func entries(in source: String, excluding studyFolder: String) throws(StudyError) -> [PlanEntry] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) else { throw .badSource(source, "no such file or folder") }
        let found = isFolder.boolValue ? try folderEntries(source, excluding: studyFolder) : try manifestEntries(source)
        var ids: [RecordingID: String] = [:]
        var paths: [String: RecordingID] = [:]
        for entry in found {
            if let other = ids[entry.id] {
                throw .badSource(source, "two recordings would have the id '\(entry.id)': \(other) and \(entry.path)"
                                 + (isFolder.boolValue ? "; list them in a manifest with an id column" : "; give each its own id"))
            }
            if let other = paths[entry.path] { throw .badSource(source, "\(entry.path) is listed twice (as '\(other)' and '\(entry.id)')") }
            ids[entry.id] = entry.path
            paths[entry.path] = entry.id
        }
        let missing = found.filter { FileFingerprint(path: $0.path) == nil }
        if let first = missing.first {
            throw .badSource(source, "\(missing.count) of its \(found.count) recordings do not exist, such as \(first.path)")
        }
        return found.sorted { $0.id < $1.id }
    }

    private static func folderEntries(_ folder: String, excluding studyFolder: String) throws(StudyError) -> [PlanEntry] {
        let root = Study.absolute(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { throw .badSource(folder, "cannot read the folder") }
        var entries: [PlanEntry] = []
        while let relative = enumerator.nextObject() as? String {
            let path = root + "/" + relative
            let name = (relative as NSString).lastPathComponent
            // Hidden files, and studies (this one, or another planned inside the folder: their
            // plans, parts and tables are CSV files too).
            if name.hasPrefix(".") || path == studyFolder || FileManager.default.fileExists(atPath: path + "/study.json") {
                enumerator.skipDescendants()
                continue
            }
            guard Recording.looksLikeRecording(name), FileFingerprint(path: path) != nil else { continue }
            entries.append(PlanEntry(id: try RecordingID(Recording.stem(relative)), path: try checkedPath(path, in: folder)))
        }
        return entries
    }

    private static func manifestEntries(_ manifest: String) throws(StudyError) -> [PlanEntry] {
        let rows: CSVRows
        do { rows = try CSVRows(path: manifest) } catch {
            throw .badSource(manifest, "not a manifest: a CSV file whose first row names a 'path' column (and an 'id' column if you choose the ids)")
        }
        guard let pathColumn = rows.column("path") else {
            throw .badSource(manifest, "not a manifest: its first row must name a 'path' column (and an 'id' column if you choose the ids); "
                             + "it names \(rows.columns.prefix(6).map { "'\($0)'" }.joined(separator: ", "))")
        }
        let idColumn = rows.column("id")
        let base = (Study.absolute(manifest) as NSString).deletingLastPathComponent
        var entries: [PlanEntry] = []
        while let fields = try rows.next() {
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            guard fields.count > max(pathColumn, idColumn ?? 0) else {
                throw .badSource(manifest, "row \(rows.row) has \(fields.count) fields, fewer than the header's columns")
            }
            let written = fields[pathColumn].trimmingCharacters(in: .whitespaces)
            guard !written.isEmpty else { throw .badSource(manifest, "row \(rows.row) has no path") }
            let path = Study.absolute(written.hasPrefix("/") ? written : base + "/" + written)
            let id: RecordingID
            do {
                id = try RecordingID(idColumn.map { fields[$0].trimmingCharacters(in: .whitespaces) }
                                     ?? Recording.stem((written as NSString).lastPathComponent))
            } catch {
                throw .badSource(manifest, "row \(rows.row): \(error)")
            }
            entries.append(PlanEntry(id: id, path: try checkedPath(path, in: manifest)))
        }
        return entries
    }

    /// `path`, unless it holds a control character, which no table could keep in one line.
    private static func checkedPath(_ path: String, in source: String) throws(StudyError) -> String {
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .badSource(source, "a path holds a line break or another control character: \(path.debugDescription); rename the file")
        }
        return path
    }
}
