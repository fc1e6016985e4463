import Foundation
import Testing
@testable import FootfallInput

/// Mount matrices in the kernel's and udev's text form, the udev database, and rate choice.
struct MountMatrixAndRateTests {
    @Test func parsesAppliesAndPrints() throws {
        let matrix = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1\n")
        let (x, y, z) = matrix.apply(1, 2, 3)
        #expect(x == 2 && y == -1 && z == 3)
        #expect(matrix.description == "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(try MountMatrix(parsing: "1,0,0;0,1,0;0,0,1").isIdentity)
        let scaled = try MountMatrix(parsing: "0.5, 0, 0; 0, 1, 0; 0, 0, -1")
        #expect(scaled.description == "0.5, 0, 0; 0, 1, 0; 0, 0, -1")
    }

    @Test(arguments: ["", "1, 0, 0; 0, 1, 0", "1, 0; 0, 1; 0, 0", "a, 0, 0; 0, 1, 0; 0, 0, 1", "0, 0, 0; 0, 0, 0; 0, 0, 0", "nan, 0, 0; 0, 1, 0; 0, 0, 1"])
    func refusesMalformedMatrices(text: String) {
        #expect(throws: SensorError.badMountMatrix(text)) { try MountMatrix(parsing: text) }
    }

    @Test func theConfigurationWinsThenUdevThenTheDriver() throws {
        let configured = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        let udev = "-1, 0, 0; 0, -1, 0; 0, 0, 1"
        let driver = "1, 0, 0; 0, 0, 1; 0, 1, 0"
        let all = try MountMatrix.resolve(configured: configured, udev: udev, driver: driver)
        #expect(all.matrix == configured && all.provenance == .configuration)
        let noConfiguration = try MountMatrix.resolve(configured: nil, udev: udev, driver: driver)
        #expect(noConfiguration.matrix == (try MountMatrix(parsing: udev)) && noConfiguration.provenance == .udev)
        let driverOnly = try MountMatrix.resolve(configured: nil, udev: nil, driver: driver)
        #expect(driverOnly.matrix == (try MountMatrix(parsing: driver)) && driverOnly.provenance == .sysfs)
        let nothing = try MountMatrix.resolve(configured: nil, udev: nil, driver: nil)
        #expect(nothing.matrix.isIdentity && nothing.provenance == .none)
    }

    @Test func aMalformedWinningMatrixIsAnErrorNotTheIdentity() {
        #expect(throws: SensorError.badMountMatrix("upside down")) {
            try MountMatrix.resolve(configured: nil, udev: "upside down", driver: "1, 0, 0; 0, 1, 0; 0, 0, 1")
        }
    }

    @Test func aMatrixIsWrittenAndReadAsItsKernelText() throws {
        let device = SensorDevice(backend: .iio, id: "iio:device0", name: "accel_3d",
                                  mountMatrix: try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1"), mountMatrixSource: .udev)
        let json = String(decoding: try JSONEncoder().encode(device), as: UTF8.self)
        #expect(json.contains(#""mount_matrix":"0, 1, 0; -1, 0, 0; 0, 0, 1""#), "\(json)")
        #expect(json.contains(#""mount_matrix_source":"udev""#), "\(json)")
        #expect(try JSONDecoder().decode(SensorDevice.self, from: Data(json.utf8)) == device)
    }

    @Test func readsTheUdevDatabase() throws {
        let folder = NSTemporaryDirectory() + "footfall-udev-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "I:12345\nE:ID_INPUT=1\nE:ID_INPUT_ACCELEROMETER=1\nE:ACCEL_MOUNT_MATRIX=0, -1, 0; 1, 0, 0; 0, 0, 1\nG:seat\n"
            .write(toFile: folder + "/c13:67", atomically: true, encoding: .utf8)
        let properties = UdevProperties.properties(major: 13, minor: 67, database: folder)
        #expect(properties["ID_INPUT_ACCELEROMETER"] == "1")
        #expect(try MountMatrix(parsing: try #require(properties["ACCEL_MOUNT_MATRIX"])).apply(1, 0, 0) == (0, 1, 0))
        #expect(UdevProperties.properties(major: 13, minor: 68, database: folder).isEmpty)
        #expect(UdevProperties.deviceNumbers(parsing: "245:0\n")! == (245, 0))
    }

    @Test func deviceNumbersOfARealNode() throws {
        // /dev/null is character device 1:3 on every Linux system.
        let numbers = try #require(UdevProperties.deviceNumbers(ofNode: "/dev/null"))
        #expect(numbers.major == 1 && numbers.minor == 3)
        #expect(UdevProperties.deviceNumbers(ofNode: "/etc/hostname") == nil)
    }

    @Test(arguments: [(50.0, 50.0), (40, 50), (51, 100), (12.5, 12.5), (1, 12.5), (500, 400)])
    func choosesTheLowestListedRateAtOrAboveTheTarget(target: Double, expected: Double) throws {
        let rates = try #require(SamplingFrequencies(parsing: "12.5 25 50 100 200 400\n"))
        #expect(rates.choose(atLeast: target) == expected)
    }

    @Test(arguments: [(50.0, 50.0), (47, 50), (3, 10), (1000, 200)])
    func choosesFromARange(target: Double, expected: Double) throws {
        let rates = try #require(SamplingFrequencies(parsing: "[10 5 200]"))
        #expect(rates.choose(atLeast: target) == expected)
        #expect(rates.summary == "10..200 step 5")
    }

    @Test func refusesEmptyRateLists() {
        #expect(SamplingFrequencies(parsing: "") == nil)
        #expect(SamplingFrequencies(parsing: "[1 2]") == nil)
    }
}

/// Tuples of Double are not Equatable; compare them element-wise in tests.
func == (a: (Double, Double, Double), b: (Double, Double, Double)) -> Bool {
    a.0 == b.0 && a.1 == b.1 && a.2 == b.2
}

func == (a: (major: UInt32, minor: UInt32), b: (UInt32, UInt32)) -> Bool {
    a.major == b.0 && a.minor == b.1
}
