/// How far along the day's goal is, in three bands, each with a colour in every palette and
/// a name and symbol so colour is never the only sign.
public enum ProgressTier: String, Sendable, Hashable, Codable, CaseIterable {
    /// Below 50 % of the goal (red).
    case low
    /// From 50 % up to, not including, 100 % (orange).
    case mid
    /// The goal reached: 100 % and above (green).
    case done

    /// The tier of a progress ratio (steps / goal; 1 is the goal). NaN counts as no progress.
    public init(progress: Double) {
        if progress >= 1 {
            self = .done
        } else if progress >= 0.5 {
            self = .mid
        } else {
            self = .low
        }
    }

    /// The tier's name, as shown beside its colour.
    public var name: String { rawValue }

    /// A one-column symbol for the tier: a quarter circle, three quarters, a check mark.
    ///
    /// All three have East Asian Width "N", so terminals draw them one column wide in every
    /// locale (the plain circles ○ ◐ ● are "ambiguous" and take two columns in CJK locales).
    public var symbol: String {
        switch self {
        case .low: return "◔"
        case .mid: return "◕"
        case .done: return "✓"
        }
    }
}
