import Foundation
import FootfallText
import FootfallVocabulary

/// A study's folder: its settings (`study.json`), its plan (`plan.csv`: an id and a path per
/// recording), a part per recording read (`parts/`), the Slurm scripts and logs (`slurm/`),
/// and the tables the merge writes.
public struct Study: Sendable {
    /// The folder, an absolute path.
    public let folder: String
    /// How every recording is read and summarised.
    public let settings: StudySettings

    /// The format of study.json this release writes and reads.
    static let format = 1

    /// study.json.
    public var settingsPath: String { folder + "/study.json" }
    /// plan.csv.
    public var planPath: String { folder + "/plan.csv" }
    /// parts/.
    public var partsFolder: String { folder + "/parts" }
    /// slurm/.
    public var slurmFolder: String { folder + "/slurm" }

    /// Opens the study in `folder`.
    /// - Throws: `StudyError.notAStudy` without a study.json, `.damaged` for one that does not
    ///   decode.
    public static func open(_ folder: String) throws(StudyError) -> Study {
        let folder = absolute(folder)
        let path = folder + "/study.json"
        guard let data = FileManager.default.contents(atPath: path) else { throw .notAStudy(folder) }
        do {
            let file = try decoder.decode(SettingsFile.self, from: data)
            guard file.format <= format else {
                throw StudyError.damaged(path, "written by a later Footfall (format \(file.format)): run this study with that release")
            }
            return Study(folder: folder, settings: file.settings)
        } catch let error as StudyError {
            throw error
        } catch {
            throw .damaged(path, "not a study's settings: \(error)")
        }
    }

    /// Makes a study in `folder` (created if needed) with `settings`, and an empty plan.
    /// - Throws: `StudyError.file` when the folder cannot be written.
    static func create(_ folder: String, settings: StudySettings) throws(StudyError) -> Study {
        let study = Study(folder: absolute(folder), settings: settings)
        do {
            try FileManager.default.createDirectory(atPath: study.partsFolder, withIntermediateDirectories: true)
            let file = SettingsFile(format: format, writtenBy: "footfall \(FootfallRelease.version)", settings: settings)
            try AtomicFile.write(String(decoding: try encoder.encode(file), as: UTF8.self) + "\n", to: study.settingsPath)
        } catch let error as StudyError {
            throw error
        } catch {
            throw .file(study.folder, "cannot make the study here: \(error.localizedDescription)")
        }
        return study
    }

    /// Reads the plan's recordings in order, one at a time, handing each to `body`.
    /// - Throws: `StudyError.damaged` for a plan that does not read as one.
    public func forEachRecording(_ body: (PlanEntry) throws(StudyError) -> Void) throws(StudyError) {
        guard FileManager.default.fileExists(atPath: planPath) else { return }
        let rows = try CSVRows(path: planPath)
        guard let idColumn = rows.column("id"), let pathColumn = rows.column("path") else {
            throw .damaged(planPath, "its header must name the columns id and path")
        }
        while let fields = try rows.next() {
            guard fields.count > max(idColumn, pathColumn) else { throw .damaged(planPath, "row \(rows.row) has \(fields.count) fields") }
            let id: RecordingID
            do { id = try RecordingID(fields[idColumn]) } catch { throw .damaged(planPath, "row \(rows.row): \(error)") }
            try body(PlanEntry(id: id, path: fields[pathColumn]))
        }
    }

    /// Every recording of the plan, in order.
    public func recordings() throws(StudyError) -> [PlanEntry] {
        var entries: [PlanEntry] = []
        try forEachRecording { entries.append($0) }
        return entries
    }

    /// Writes the plan: `entries` sorted by id.
    func writePlan(_ entries: [PlanEntry]) throws(StudyError) {
        var text = "id,path\n"
        for entry in entries.sorted(by: { $0.id < $1.id }) {
            text += CSVText.row([entry.id.rawValue, entry.path]) + "\n"
        }
        try AtomicFile.write(text, to: planPath)
    }

    /// The file of the part of the recording `id`.
    func partPath(of id: RecordingID) -> String {
        "\(partsFolder)/\(id.partFolder)/\(id.partName).csv"
    }

    /// Where the recording `entry` stands: read, failed, changed since, or not yet run.
    public func state(of entry: PlanEntry) -> RecordingState {
        Study.state(of: entry, part: RecordingPart.head(at: partPath(of: entry.id)))
    }

    /// Where `entry` stands given the head of its part, if it has one.
    static func state(of entry: PlanEntry, part: RecordingPart.Head?) -> RecordingState {
        guard let part else { return .notRun }
        // A recording moved away after it was read keeps its part.
        if let now = FileFingerprint(path: entry.path), now != part.fingerprint || part.path != entry.path { return .changed }
        return part.failed ? .failed : .done
    }

    static func absolute(_ path: String) -> String {
        let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
        var text = url.standardizedFileURL.path
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        return text
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }

    /// study.json.
    private struct SettingsFile: Codable {
        var format: Int
        var writtenBy: String
        var settings: StudySettings
    }
}

/// Where one recording of a study stands.
public enum RecordingState: Sendable, Equatable {
    /// No part yet.
    case notRun
    /// Read: its days and its record are in its part.
    case done
    /// Could not be read: its failure is in its part.
    case failed
    /// Its file changed (size or modification time) since its part was written: to be read again.
    case changed

    /// Whether a run reads it: when not run or changed, and when failed if asked to retry.
    public func isToDo(retryingFailures: Bool) -> Bool {
        switch self {
        case .notRun, .changed: return true
        case .failed: return retryingFailures
        case .done: return false
        }
    }
}
