/// Where the device is worn, as far as the walking decision needs to know: a hand at work
/// moves a watch the way it never moves a phone in a pocket, so what tells walking from not
/// walking at the wrist is not what tells it on the body.
///
/// It comes from the user (footfalld's `placement:`, `footfall count --placement`) or from a
/// recording's sidecar (`footfall record --placement` writes it, and so do the datasets); when
/// nobody says, the decision weighs the evidence as it does for every placement at once.
public enum Placement: String, Sendable, Equatable, CaseIterable {
    /// On the wrist: a watch, a band.
    case wrist
    /// Carried on the body elsewhere: a pocket, the hand, a bag, a belt, the lower back, an armband.
    case body
    /// Nobody said.
    case unknown

    /// Reads a placement as people and datasets write it ("wrist", "wrist (left)", "left
    /// wrist", "front-pocket", "lower-back", "Backpocket", "hand"): anything naming a wrist, a
    /// watch or the forearm ("forearm", "lower arm", "right lower-arm") is the wrist; anything
    /// else named is the body; nothing, or "unknown", is unknown. A sensor strapped to the
    /// forearm turns and swings with the hand as a watch does (research datasets place their
    /// "wrist" sensors there), while one on the upper arm or in an armband rides with the body.
    ///
    /// A device worn on the wrist (`device` naming a watch or a band: "smartwatch", "Apple
    /// Watch", "Fitbit Charge", "Mi Band", "Bangle.js", "PineTime") is at the wrist when the
    /// placement says nothing or names the hand or the arm: datasets write where a watch was
    /// worn as "dominant hand" or "left arm", and a watch read with the body's thresholds counts
    /// hands at work as walking (leaving people out, WISDM's twelve activities count 131 false
    /// steps an hour at an unknown placement against 7 at the wrist). A placement elsewhere (a
    /// watch on an ankle, in a pocket) is believed.
    public init(describing text: String?, device: String? = nil) {
        let lowered = text.map(Self.lowercased) ?? ""
        let unsaid = lowered.isEmpty || lowered == "unknown"
        if unsaid || lowered.contains("hand") || lowered.contains("arm"), let device, Self.isWornOnTheWrist(device) {
            self = .wrist
        } else if unsaid {
            self = .unknown
        } else if lowered.contains("wrist") || lowered.contains("watch") || lowered == "band" || Self.namesTheForearm(lowered) {
            self = .wrist
        } else {
            self = .body
        }
    }

    /// Whether a lowered placement names the forearm: "forearm", or "lower" just before "arm"
    /// ("lower arm", "lower-arm", "lower_arm", "lowerarm").
    static func namesTheForearm(_ lowered: String) -> Bool {
        if lowered.contains("forearm") { return true }
        let letters = String(lowered.unicodeScalars.filter { $0.properties.isAlphabetic }.map(Character.init))
        return letters.contains("lowerarm")
    }

    /// Whether a device's name names one worn on the wrist: a word of it ends in "watch"
    /// ("smartwatch"), begins with "wrist" ("wristband", "wrist-worn"), is "band" ("Mi Band",
    /// not "armband" or "headband"), or is a make of watches and bands only (Fitbit, Bangle.js,
    /// PineTime).
    static func isWornOnTheWrist(_ device: String) -> Bool {
        let words = lowercased(device).split { !($0.isLetter || $0.isNumber) }
        return words.contains { word in
            word.hasSuffix("watch") || word.hasPrefix("wrist") || word == "band"
                || word == "fitbit" || word == "bangle" || word == "pinetime"
        }
    }

    /// ASCII letters lowered, without Foundation.
    static func lowercased(_ text: String) -> String {
        var lowered = ""
        for scalar in text.unicodeScalars {
            lowered.unicodeScalars.append(scalar.value >= 65 && scalar.value <= 90 ? Unicode.Scalar(scalar.value + 32)! : scalar)
        }
        return lowered
    }

    /// What the walking model reads of it: 1 at the wrist, 0 on the body, halfway when unknown
    /// (the model learns from every stretch twice, once with its placement and once unknown).
    public var featureValue: Double {
        switch self {
        case .wrist: return 1
        case .body: return 0
        case .unknown: return 0.5
        }
    }
}
