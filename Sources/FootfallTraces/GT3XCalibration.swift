#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How an ActiGraph recording's raw counts become m/s²: divided by `info.txt`'s scale, or, for
/// devices that store uncalibrated counts (`calibration.json` with `isCalibrated: false`),
/// ActiGraph's calibration method 2 as its own reader (pygt3x) applies it: the offsets for the
/// recording's rate taken away, then a symmetric sensitivity matrix, with the diagonal
/// `1 / (sensitivityXX / 100)` and off the diagonal `1 / (sensitivityXY / 100 + 250) - 0.004`.
struct GT3XCalibration: Sendable, Equatable {
    /// Counts subtracted before the matrix (zero for a calibrated recording).
    var offset: SIMD3<Double>
    /// The rows of the matrix, in m/s² per count.
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    static func == (a: GT3XCalibration, b: GT3XCalibration) -> Bool {
        a.offset == b.offset && a.rows.0 == b.rows.0 && a.rows.1 == b.rows.1 && a.rows.2 == b.rows.2
    }

    /// Counts over `scale` are g.
    init(scale: Double) {
        let perCount = 9.80665 / scale
        offset = .zero
        rows = (SIMD3(perCount, 0, 0), SIMD3(0, perCount, 0), SIMD3(0, 0, perCount))
    }

    /// The calibration for `info`: from `calibration.json` when the archive holds one that says
    /// its counts are uncalibrated, else `info.txt`'s scale.
    static func of(_ archive: ZipArchive, info: GT3XReader.Info, path: String) throws(TraceError) -> GT3XCalibration {
        guard let entry = archive.entry("calibration.json") else { return GT3XCalibration(scale: info.scale) }
        let json = try archive.contents(entry)
        let file: CalibrationFile
        do {
            file = try JSONDecoder().decode(CalibrationFile.self, from: Data(json))
        } catch {
            throw TraceError(path: path, reason: .unsupported("calibration.json is not a calibration Footfall can read: \(error)"))
        }
        guard file.isCalibrated == false else { return GT3XCalibration(scale: info.scale) }
        guard file.method == 2 else {
            throw TraceError(path: path, reason: .unsupported(
                "this .gt3x holds uncalibrated counts with calibration method \(file.method.map(String.init) ?? "(none)"); Footfall applies method 2 only"))
        }
        let rate = Int(info.rate.rounded())
        func value(_ key: String) throws(TraceError) -> Double {
            guard let number = file.numbers["\(key)_\(rate)"] else {
                throw TraceError(path: path, reason: .unsupported("calibration.json gives no \(key)_\(rate) for the recording's \(rate) Hz"))
            }
            return number
        }
        let diagonal = SIMD3(try value("sensitivityXX"), try value("sensitivityYY"), try value("sensitivityZZ"))
        guard diagonal.x != 0, diagonal.y != 0, diagonal.z != 0 else {
            throw TraceError(path: path, reason: .unsupported("calibration.json gives a sensitivity of 0"))
        }
        let across = { (s: Double) in 1 / (s * 0.01 + 250) - 0.004 }
        let xy = across(try value("sensitivityXY")), xz = across(try value("sensitivityXZ")), yz = across(try value("sensitivityYZ"))
        let g = 9.80665
        return GT3XCalibration(
            offset: SIMD3(try value("offsetX"), try value("offsetY"), try value("offsetZ")),
            rows: (SIMD3(1 / (diagonal.x * 0.01), xy, xz) * g,
                   SIMD3(xy, 1 / (diagonal.y * 0.01), yz) * g,
                   SIMD3(xz, yz, 1 / (diagonal.z * 0.01)) * g))
    }

    private init(offset: SIMD3<Double>, rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) {
        self.offset = offset
        self.rows = rows
    }

    /// Raw counts as m/s².
    @inline(__always) func apply(_ x: Double, _ y: Double, _ z: Double) -> SIMD3<Double> {
        let v = SIMD3(x, y, z) - offset
        return SIMD3((rows.0 * v).sum(), (rows.1 * v).sum(), (rows.2 * v).sum())
    }

    /// What the reader needs of `calibration.json`: whether it is calibrated, the method, and
    /// every number in it.
    private struct CalibrationFile: Decodable {
        var isCalibrated: Bool?
        var method: Int?
        var numbers: [String: Double] = [:]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in container.allKeys {
                if key.stringValue == "isCalibrated" {
                    isCalibrated = try container.decode(Bool.self, forKey: key)
                } else if key.stringValue == "calibrationMethod" {
                    method = try container.decode(Int.self, forKey: key)
                } else if let number = try? container.decode(Double.self, forKey: key) {
                    numbers[key.stringValue] = number
                }
            }
        }
    }
}
