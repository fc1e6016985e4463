import Testing
import FootfallDetection

/// Where a device is worn, read from what people and datasets write.
struct PlacementTests {
    @Test(arguments: [
        ("wrist", Placement.wrist), ("wrist (left)", .wrist), ("Left Wrist", .wrist), ("watch", .wrist),
        ("front-pocket", .body), ("Backpocket", .body), ("lower-back", .body), ("hand", .body), ("ArmBand", .body),
        ("unknown", .unknown), ("", .unknown),
        // The forearm moves with the hand; the upper arm and an armband ride with the body.
        ("forearm", .wrist), ("Right Forearm", .wrist), ("lower arm", .wrist), ("left lower-arm", .wrist),
        ("lower_arm", .wrist), ("upper arm", .body), ("left upper-arm", .body), ("arm", .body),
    ])
    func aPlacementIsReadAsWritten(text: String, placement: Placement) {
        #expect(Placement(describing: text) == placement)
    }

    @Test func nothingSaidIsUnknown() {
        #expect(Placement(describing: nil) == .unknown)
        #expect(Placement(describing: nil, device: "Samsung") == .unknown)
    }

    @Test(arguments: [
        // The shared datasets' devices: the watches are at the wrist, the phones and the
        // lower-back sensor where their placement says.
        ("dominant hand", "smartwatch (Android Wear)", Placement.wrist), ("hand", "Apple Watch", .wrist),
        (nil, "Bangle.js", .wrist), ("left arm", "Fitbit Sense", .wrist), ("unknown", "Mi Band 6", .wrist),
        ("", "PineTime", .wrist), ("forearm", "wrist-worn sensor", .wrist),
        ("hand", "Nexus", .body), ("ArmBand", "Samsung", .body), ("lower-back", "Xsens MTw Awinda", .body),
        ("head", "EEG headband", .body), ("pocket", "smartphone", .body),
        // A watch worn elsewhere, said so: believed.
        ("right ankle", "smartwatch", .body), ("front-pocket", "Apple Watch", .body), ("wrist", "Nexus", .wrist),
        // A phone or a lower-back sensor read as a wrist sensor would (augment.py's copies) is
        // still where it was worn: the sidecar keeps its device.
        ("hand", "Samsung", .body),
    ] as [(String?, String, Placement)])
    func aDeviceWornOnTheWristIsAtTheWristWhenThePlacementIsVague(text: String?, device: String, placement: Placement) {
        #expect(Placement(describing: text, device: device) == placement, "\(text ?? "nil") / \(device)")
    }
}
