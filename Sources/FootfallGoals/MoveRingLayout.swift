/// The fixed geometry of the Move-ring SVG, in pixels, following Apple's Activity-ring
/// guidance: one ring on black, an outer margin wider than the gap that would separate rings.
public enum MoveRingLayout {
    /// The document's width.
    public static let width = 360.0
    /// The ring's stroke width.
    public static let ringStroke = 36.0
    /// The gap between rings when Move, Exercise and Stand are drawn together at this stroke
    /// width. A step-only device draws Move alone, but the margins honour the same gap.
    public static let ringGap = 4.0
    /// Space kept clear between any content and the document's edges, at least `ringGap`.
    public static let margin = 24.0
    /// The ring's outer radius (its stroke's outer edge).
    public static let ringOuterRadius = 100.0
    /// The radius of the ring's centre line.
    public static var ringRadius: Double { ringOuterRadius - ringStroke / 2 }
    /// The ring's centre.
    public static var ringCentre: (x: Double, y: Double) { (width / 2, margin + ringOuterRadius) }
    /// The top of the text block under the ring.
    static var textTop: Double { margin + 2 * ringOuterRadius + 36 }
    /// The goal bar's frame.
    public static var bar: (x: Double, y: Double, width: Double, height: Double) {
        (margin, textTop + 66, width - 2 * margin, 16)
    }
    /// The width of a marker cell on the bar: a 12 px monospace character plus room.
    static let barCell = 8.0
    /// The document's height.
    public static var height: Double { bar.y + bar.height + margin }
}
