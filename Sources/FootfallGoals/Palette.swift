/// The colours of the goal bar and the Move ring.
///
/// Tier colours carry meaning (how far along the day is), so the colour-blind-safe palette
/// changes them; the tier's symbol and name are shown beside them in every palette anyway.
/// Values, sources and the reasoning are in docs/goals.md.
public struct Palette: Sendable, Hashable {
    /// The palettes a user can choose.
    public enum Name: String, Sendable, Hashable, Codable, CaseIterable {
        /// Red, orange, green: the familiar traffic-light reading.
        case standard
        /// From the Okabe-Ito palette, told apart with any common colour-vision deficiency.
        case colorblind
    }

    /// Which palette this is.
    public let name: Name
    /// The fill below 50 % of the goal.
    public let low: RGBColour
    /// The fill from 50 % up to 100 %.
    public let mid: RGBColour
    /// The fill at 100 % and above.
    public let done: RGBColour
    /// The unfilled rest of the bar (grey).
    public let remainder: RGBColour
    /// Marker text drawn on the `done` fill, chosen for contrast with it.
    public let markerInk: RGBColour
    /// The Move ring's colour, drawn as it is: never filtered, dimmed or translucent.
    public let ring: RGBColour
    /// The ring's unfilled track, an opaque dark grey (not a dimmed ring colour).
    public let ringTrack: RGBColour

    /// Apple's system colours in their dark appearance (red, orange, green), and the Move
    /// ring's red.
    public static let standard = Palette(
        name: .standard,
        low: RGBColour(hex: 0xFF453A), mid: RGBColour(hex: 0xFF9F0A), done: RGBColour(hex: 0x30D158),
        remainder: RGBColour(hex: 0x48484A), markerInk: RGBColour(hex: 0x000000),
        ring: RGBColour(hex: 0xFA114F), ringTrack: RGBColour(hex: 0x2C2C2E))

    /// Okabe and Ito's Color Universal Design palette (2008): vermillion, yellow and blue for
    /// the tiers (they differ in hue and lightness for protan, deutan and tritan vision), and
    /// its reddish purple, the nearest to the Move ring's pink-red, for the ring.
    public static let colorBlindSafe = Palette(
        name: .colorblind,
        low: RGBColour(hex: 0xD55E00), mid: RGBColour(hex: 0xF0E442), done: RGBColour(hex: 0x0072B2),
        remainder: RGBColour(hex: 0x595959), markerInk: RGBColour(hex: 0xFFFFFF),
        ring: RGBColour(hex: 0xCC79A7), ringTrack: RGBColour(hex: 0x2C2C2E))

    /// The palette of a name.
    public static func named(_ name: Name) -> Palette {
        switch name {
        case .standard: return .standard
        case .colorblind: return .colorBlindSafe
        }
    }

    /// The fill colour of a tier.
    public func colour(for tier: ProgressTier) -> RGBColour {
        switch tier {
        case .low: return low
        case .mid: return mid
        case .done: return done
        }
    }
}
