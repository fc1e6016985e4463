import Foundation

/// The recorded kernel snapshots beside these tests.
enum Fixtures {
    static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        return url.appendingPathComponent("Fixtures").path
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// The accel_3d sysfs snapshot as attribute -> value ("iio:device0/in_accel_scale" -> "0.098066500").
    static func sysfs() throws -> [String: String] {
        let text = try String(contentsOfFile: folder + "/accel_3d.sysfs.txt", encoding: .utf8)
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            values[String(fields[1])] = fields.count > 2 ? String(fields[2]) : ""
        }
        return values
    }
}
