import FootfallText

/// The day's Move ring as an SVG document, for `footfall render --svg`.
///
/// It follows Apple's guidance for Activity rings: a black background; a single Move ring,
/// since a step-only device has no Exercise or Stand data; the ring's colour drawn as it is,
/// never filtered, dimmed or made translucent; an outer margin at least the gap between
/// rings; progress past 100 % drawn as laps that overlap, the top lap's end set off from the
/// lap beneath by an opaque black crescent (a drawn shadow, not a filter). Beneath the ring:
/// whose progress it is, the steps and goal, the tier's name and symbol, and the goal bar.
/// `<title>` and `<desc>` carry the same values for screen readers. Geometry is in
/// `MoveRingLayout`.
public struct MoveRingSVG: Sendable {
    /// The steps and goal drawn.
    public let progress: GoalProgress
    /// Whose progress it is, shown as written.
    public let name: String
    /// The colours.
    public let palette: Palette

    /// Prepares a drawing.
    /// - Parameters:
    ///   - progress: the day's steps and goal.
    ///   - name: whose progress it is (the user's name).
    ///   - palette: the ring's and bar's colours.
    public init(progress: GoalProgress, name: String, palette: Palette) {
        self.progress = progress
        self.name = name
        self.palette = palette
    }

    /// The short accessible name: "Move ring for Alex: 7,412 of 10,000 steps".
    public var title: String {
        "Move ring for \(name): \(NumberText.grouped(progress.steps)) of \(NumberText.grouped(progress.goal)) steps"
    }

    /// The accessible description: percentage, tier, laps and remaining steps.
    public var summary: String {
        var text = "\(progress.percent) % of the daily step goal of \(Self.steps(progress.goal)); "
        text += "tier \(progress.tier.name) (\(progress.tier.symbol)). "
        let laps = progress.steps / progress.goal
        if laps == 0 {
            text += "\(Self.steps(progress.remaining)) to go."
        } else {
            text += "The ring has gone round \(laps) time\(laps == 1 ? "" : "s"); laps past 100 % overlap."
        }
        return text
    }

    static func steps(_ count: Int) -> String {
        "\(NumberText.grouped(count)) step\(count == 1 ? "" : "s")"
    }

    /// The SVG document.
    public func document() -> String {
        let width = NumberText.trimmed(MoveRingLayout.width), height = NumberText.trimmed(MoveRingLayout.height)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"move-title move-desc\">",
            "<title id=\"move-title\">\(XMLText.escaped(title))</title>",
            "<desc id=\"move-desc\">\(XMLText.escaped(summary))</desc>",
            "<rect id=\"background\" x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#000000\"/>",
        ]
        lines += ringElements()
        lines += textElements()
        lines += barElements()
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func textElements() -> [String] {
        let x = NumberText.trimmed(MoveRingLayout.width / 2)
        let top = MoveRingLayout.textTop
        func text(_ content: String, y: Double, size: Int, weight: String, fill: String) -> String {
            "<text x=\"\(x)\" y=\"\(NumberText.trimmed(y))\" font-family=\"sans-serif\" font-size=\"\(size)\" font-weight=\"\(weight)\" text-anchor=\"middle\" fill=\"\(fill)\">\(XMLText.escaped(content))</text>"
        }
        let steps = "\(NumberText.grouped(progress.steps)) / \(NumberText.grouped(progress.goal)) steps"
        let tier = "\(progress.percent) % · \(progress.tier.symbol) \(progress.tier.name)"
        return [
            text("\(name) · Move", y: top, size: 20, weight: "bold", fill: "#FFFFFF"),
            text(steps, y: top + 26, size: 16, weight: "normal", fill: "#FFFFFF"),
            text(tier, y: top + 50, size: 15, weight: "normal", fill: "#D1D1D6"),
        ]
    }

    private func barElements() -> [String] {
        let frame = MoveRingLayout.bar
        let radius = frame.height / 2
        let cells = Int(frame.width / MoveRingLayout.barCell)
        let layout = GoalBarLayout(progress: progress.progress, trackWidth: cells)
        let tierColour = palette.colour(for: progress.tier).hex
        func rect(_ id: String, width: Double, fill: String) -> String {
            "<rect id=\"\(id)\" x=\"\(NumberText.trimmed(frame.x))\" y=\"\(NumberText.trimmed(frame.y))\" width=\"\(NumberText.trimmed(width))\" height=\"\(NumberText.trimmed(frame.height))\" rx=\"\(NumberText.trimmed(min(radius, width / 2)))\" fill=\"\(fill)\"/>"
        }
        var lines = [rect("bar-remainder", width: frame.width, fill: palette.remainder.hex)]
        // Below the goal the fill is continuous; from the goal on it is full, like the track cells.
        let filled = progress.steps >= progress.goal ? frame.width : frame.width * progress.progress
        if filled > 0 { lines.append(rect("bar-fill", width: filled, fill: tierColour)) }
        let cellWidth = frame.width / Double(cells)
        for marker in layout.markers {
            let centre = frame.x + (Double(marker.labelStart) + Double(marker.label.count) / 2) * cellWidth
            lines.append("<text class=\"marker\" x=\"\(NumberText.trimmed(centre))\" y=\"\(NumberText.trimmed(frame.y + frame.height - 4))\" font-family=\"monospace\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"\(palette.markerInk.hex)\">\(XMLText.escaped(marker.label))</text>")
        }
        return lines
    }
}
