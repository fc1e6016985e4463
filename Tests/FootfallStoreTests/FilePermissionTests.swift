import Foundation
import Testing
import FootfallStore

/// Steps say where and when someone walked: the store keeps them private to the daemon's user.
struct FilePermissionTests {
    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test func createdDirectoryIs0700AndFilesAre0600() throws {
        let fixture = try StoreFixture()
        let directory = fixture.folder + "/missing/parent/state"
        let store = try FootfallDatabase.open(directory: directory, logger: quietLogger)
        try store.write(StoreBatch(minutes: [delta(minute: 1, 1)], dayGoals: [localDay("2026-11-22"): 8000]))
        #expect(try mode(directory) == 0o700)
        #expect(try mode(fixture.folder + "/missing") == 0o700)
        #expect(try mode(directory + "/footfall.sqlite") == 0o600)
        #expect(try mode(directory + "/footfall.sqlite-wal") == 0o600)
        #expect(try mode(directory + "/footfall.sqlite-shm") == 0o600)
    }

    @Test func anExistingDirectoryKeepsItsMode() throws {
        let fixture = try StoreFixture()
        try FileManager.default.createDirectory(atPath: fixture.directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o750])
        _ = try fixture.open()
        #expect(try mode(fixture.directory) == 0o750)
        #expect(try mode(fixture.databasePath) == 0o600)
    }

    @Test func aFileInTheWayOfTheDirectoryIsReported() throws {
        let fixture = try StoreFixture()
        _ = FileManager.default.createFile(atPath: fixture.directory, contents: Data("not a directory".utf8))
        #expect(throws: StoreError.cannotCreateDirectory(path: fixture.directory, errno: ENOTDIR)) {
            try fixture.open()
        }
    }

    @Test(.enabled(if: getuid() != 0, "root ignores permissions"))
    func anUnwritableDirectorySaysHowToFixIt() throws {
        let fixture = try StoreFixture()
        try FileManager.default.createDirectory(atPath: fixture.directory, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o500])
        defer { chmod(fixture.directory, 0o700) }
        do {
            _ = try fixture.open()
            Issue.record("opened a database in a read-only directory")
        } catch {
            #expect(error == .cannotCreateFile(path: fixture.databasePath, errno: EACCES))
            #expect(error.description.contains("--state-dir"))
        }
    }
}
