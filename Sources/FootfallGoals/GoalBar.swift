import FootfallText

/// The one-line terminal goal bar that `footfall status` and `watch` show, and
/// `footfall render --text` prints:
///
///     ◕ [==========================.........]  74%
///     ✓ [=======>=========>>=========>>>====] 320%
///
/// The tier's symbol, the track in brackets, and the percentage when there is room (from 20
/// columns). With colour the fill takes the tier's colour and the remainder is grey; without
/// it the fill is "=" and the remainder ".". Layout rules are in `GoalBarLayout` and
/// docs/goals.md. Every rendering is exactly `width` columns once escape codes are removed.
public enum GoalBar {
    /// The narrowest bar drawn; narrower widths are drawn at this width.
    public static let minimumWidth = 10

    /// The track must keep this many cells for the percentage to be shown too.
    static let smallestTrackWithPercentage = 10

    /// Renders a bar for the day's progress.
    /// - Parameters:
    ///   - progress: steps and goal.
    ///   - width: columns, at least `minimumWidth`.
    ///   - colour: whether to use colour codes (see `TerminalColour.isWanted`).
    ///   - palette: the colours when `colour` is true.
    public static func render(_ progress: GoalProgress, width: Int, colour: Bool, palette: Palette) -> String {
        render(ratio: progress.progress, percent: progress.percent, tier: progress.tier,
               width: width, colour: colour, palette: palette)
    }

    /// Renders a bar for a progress ratio (steps / goal; 1 is the goal; NaN and negatives
    /// count as 0).
    /// - Parameters:
    ///   - progress: the ratio.
    ///   - width: columns, at least `minimumWidth`.
    ///   - colour: whether to use colour codes (see `TerminalColour.isWanted`).
    ///   - palette: the colours when `colour` is true.
    public static func render(progress: Double, width: Int, colour: Bool, palette: Palette) -> String {
        let ratio = GoalBarLayout.clamped(progress)
        // A hair added so 0.29 * 100 = 28.999... still reads 29; never 100 short of the goal.
        var percent = Int((ratio * 100 + 1e-9).rounded(.down))
        if ratio < 1 { percent = min(percent, 99) }
        return render(ratio: ratio, percent: percent, tier: ProgressTier(progress: ratio),
                      width: width, colour: colour, palette: palette)
    }

    private static func render(ratio: Double, percent: Int, tier: ProgressTier,
                               width: Int, colour: Bool, palette: Palette) -> String {
        let width = max(width, minimumWidth)
        // Fixed at four columns up to 999 % so the track does not jump as the day goes on.
        var percentText = "\(percent)%"
        percentText = String(repeating: " ", count: max(0, 4 - percentText.count)) + percentText
        // symbol, space, brackets: 4 columns; the percentage adds a space and its text.
        var trackWidth = width - 4 - 1 - percentText.count
        if trackWidth < smallestTrackWithPercentage {
            trackWidth = width - 4
            percentText = ""
        }
        let layout = GoalBarLayout(progress: ratio, trackWidth: trackWidth)
        let track = colour ? colouredTrack(layout, tier: tier, palette: palette) : plainTrack(layout)
        let symbol = colour ? palette.colour(for: tier).ansiForeground + tier.symbol + ANSI.reset : tier.symbol
        return symbol + " [" + track + "]" + (percentText.isEmpty ? "" : " " + percentText)
    }

    private enum Cell: Equatable {
        case fill, remainder, marker(Character)
    }

    private static func cells(_ layout: GoalBarLayout) -> [Cell] {
        var cells = (0..<layout.trackWidth).map { $0 < layout.filledCells ? Cell.fill : .remainder }
        for marker in layout.markers {
            for (offset, character) in marker.label.enumerated() {
                cells[marker.labelStart + offset] = .marker(character)
            }
        }
        return cells
    }

    private static func plainTrack(_ layout: GoalBarLayout) -> String {
        String(cells(layout).map { cell -> Character in
            switch cell {
            case .fill: return "="
            case .remainder: return "."
            case .marker(let character): return character
            }
        })
    }

    private static func colouredTrack(_ layout: GoalBarLayout, tier: ProgressTier, palette: Palette) -> String {
        let fill = palette.colour(for: tier).ansiBackground
        var out = ""
        var style = ""
        for cell in cells(layout) {
            let wanted: String
            let character: Character
            switch cell {
            case .fill: (wanted, character) = (fill, " ")
            case .remainder: (wanted, character) = (palette.remainder.ansiBackground, " ")
            case .marker(let c): (wanted, character) = (fill + palette.markerInk.ansiForeground, c)
            }
            if wanted != style {
                out += (style.isEmpty ? "" : ANSI.reset) + wanted
                style = wanted
            }
            out.append(character)
        }
        return out + ANSI.reset
    }
}
