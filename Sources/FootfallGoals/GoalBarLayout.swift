/// The geometry of a goal bar in whole cells: how much of the track is filled and where the
/// goal-multiple markers go. The terminal bar uses one cell per column; the SVG bar uses
/// cells a monospace character wide, so both place markers the same way.
///
/// Below the goal the track spans 0...goal and fills in proportion, never completely.
/// From the goal on it spans 0...steps, so it is full (the thumb pinned at the right edge)
/// and each goal multiple k sits at k/progress of the way along, marked by
/// - chevrons for 1x to 4x (">" to ">>>>") and numbers "5x", "6x", ... from 5x, while
///   progress is at most 8x;
/// - numbers for every multiple once progress passes 8x.
/// Numbers take one fixed width in a bar (the widest shown), right-aligned in it.
///
/// Markers never touch the track's ends (the end cells stay fill) nor each other (at least one
/// fill cell between two). When the multiples are too close for that, only every s-th is
/// marked, s the smallest of 1, 2, 5, 10, 20, 50, ... that fits; a marker that would touch
/// an end is left out.
struct GoalBarLayout: Sendable, Equatable {
    /// A marker: its label and the cells it takes.
    struct Marker: Sendable, Equatable {
        /// The goal multiple it marks (1 is the goal).
        let multiple: Int
        /// The text drawn, ">" ... ">>>>" or "5x", "12x", ...
        let label: String
        /// The first cell of its slot.
        let start: Int
        /// The slot's width in cells; the label is right-aligned in it.
        let width: Int

        /// The first cell the label itself covers.
        var labelStart: Int { start + width - label.count }
        /// The cell after the slot.
        var end: Int { start + width }
    }

    /// Progress beyond this is drawn as this (a million times the goal).
    static let largestProgress = 1_000_000.0

    /// Cells in the track, at least 1.
    let trackWidth: Int
    /// Cells filled from the left.
    let filledCells: Int
    /// Markers, left to right.
    let markers: [Marker]

    /// Lays out a track for a progress ratio (steps / goal; NaN and negatives count as 0).
    init(progress: Double, trackWidth: Int) {
        let progress = Self.clamped(progress)
        self.trackWidth = max(trackWidth, 1)
        if progress < 1 {
            // Rounded down and short of the end: a full track always means the goal is reached.
            filledCells = min(Int((progress * Double(self.trackWidth)).rounded(.down)), self.trackWidth - 1)
            markers = []
        } else {
            filledCells = self.trackWidth
            markers = Self.markers(progress: progress, trackWidth: self.trackWidth)
        }
    }

    static func clamped(_ progress: Double) -> Double {
        progress.isNaN ? 0 : min(max(progress, 0), largestProgress)
    }

    private static func markers(progress: Double, trackWidth: Int) -> [Marker] {
        let cellsPerMultiple = Double(trackWidth) / progress
        let numbersOnly = progress > 8
        // Two cells per marked multiple (one for the marker, one gap) is the least that can fit.
        for step in niceSteps(atLeast: 2 / cellsPerMultiple) {
            guard Double(step) < progress else { return [] }
            var multiples: [Int] = []
            var k = step
            while Double(k) < progress {  // a multiple equal to progress is the right edge: not marked
                multiples.append(k)
                k += step
            }
            let labels = multiples.map { numbersOnly || $0 > 4 ? "\($0)x" : String(repeating: ">", count: $0) }
            let numberWidth = labels.filter { $0.hasSuffix("x") }.map(\.count).max() ?? 0
            var placed: [Marker] = []
            var fits = true
            for (multiple, label) in zip(multiples, labels) {
                let width = label.hasSuffix("x") ? numberWidth : label.count
                let centre = Double(multiple) * cellsPerMultiple
                let start = Int((centre - Double(width) / 2).rounded())
                if start < 1 || start + width > trackWidth - 1 { continue }
                if let previous = placed.last, start <= previous.end {
                    fits = false
                    break
                }
                placed.append(Marker(multiple: multiple, label: label, start: start, width: width))
            }
            if fits { return placed }
        }
        return []
    }

    /// 1, 2, 5, 10, 20, 50, ... from the first that is at least `lower`, up past the largest progress.
    private static func niceSteps(atLeast lower: Double) -> [Int] {
        var steps: [Int] = []
        var decade = 1
        while Double(decade) <= largestProgress * 10 {
            for factor in [1, 2, 5] where Double(decade * factor) >= lower {
                steps.append(decade * factor)
            }
            decade *= 10
        }
        return steps
    }
}
