import FootfallDetection
import FootfallText
import FootfallTraces

/// Draws a trace as the detector saw it, as an SVG a person can read: the raw magnitude, the
/// filtered signal with the adaptive threshold, the candidate peaks coloured by their outcome,
/// the judged stretches with their decisions, the counted steps and, when known, the true
/// steps. Answers "why was this step (not) counted?"; `footfall plot --candidates-csv` gives
/// every candidate's reason.
public struct TracePlot {
    /// The recording to draw.
    public var recording: DetectorRecording
    /// True step times, when known.
    public var truth: [Double]?
    /// The time window drawn, seconds.
    public var window: ClosedRange<Double>
    /// The title over the plot.
    public var title: String

    /// Pixels per second of trace.
    public var pixelsPerSecond = 60.0

    /// Creates a plot.
    public init(recording: DetectorRecording, truth: [Double]?, window: ClosedRange<Double>, title: String) {
        self.recording = recording
        self.truth = truth
        self.window = window
        self.title = title
    }

    let left = 60.0, right = 20.0, top = 40.0
    let rawHeight = 120.0, filteredHeight = 220.0, gateHeight = 24.0, gap = 28.0

    /// The SVG document.
    public func svg() -> String {
        let span = max(window.upperBound - window.lowerBound, 0.1)
        let plotWidth = min(max(span * pixelsPerSecond, 600), 30_000)
        let width = left + plotWidth + right
        let rawTop = top
        let filteredTop = rawTop + rawHeight + gap
        let gateTop = filteredTop + filteredHeight + gap
        let height = gateTop + gateHeight + 70
        func x(_ t: Double) -> Double { left + (t - window.lowerBound) / span * plotWidth }
        let frames = recording.frames.filter { window.contains($0.time) }

        var svg = SVGWriter(width: width, height: height)
        svg.rect(x: 0, y: 0, width: width, height: height, fill: "#ffffff")
        svg.text(title, x: left, y: 22, size: 15, weight: "bold")

        // Raw magnitude.
        let magnitudes = frames.map(\.magnitude)
        let (rawLow, rawHigh) = paddedRange(magnitudes, fallback: (8, 12))
        func yRaw(_ v: Double) -> Double { rawTop + rawHeight - (v - rawLow) / (rawHigh - rawLow) * rawHeight }
        svg.panel(x: left, y: rawTop, width: plotWidth, height: rawHeight, label: "magnitude (m/s²)")
        svg.axisLabels(low: rawLow, high: rawHigh, x: left, top: rawTop, height: rawHeight)
        svg.polyline(frames.map { (x($0.time), yRaw($0.magnitude)) }, stroke: "#777777", width: 1)

        // Filtered signal, threshold, candidates and steps.
        let filteredValues = frames.flatMap { [$0.filtered, $0.threshold, -$0.threshold] }
        let (low, high) = paddedRange(filteredValues, fallback: (-1, 1))
        func y(_ v: Double) -> Double { filteredTop + filteredHeight - (v - low) / (high - low) * filteredHeight }
        svg.panel(x: left, y: filteredTop, width: plotWidth, height: filteredHeight, label: "band-passed (m/s²)")
        svg.axisLabels(low: low, high: high, x: left, top: filteredTop, height: filteredHeight)
        svg.line(x1: left, y1: y(0), x2: left + plotWidth, y2: y(0), stroke: "#cccccc", width: 1)
        svg.polyline(frames.map { (x($0.time), y($0.threshold)) }, stroke: "#e69f00", width: 1.2, dash: "5,3")
        svg.polyline(frames.map { (x($0.time), y($0.filtered)) }, stroke: "#0072b2", width: 1.4)
        // A candidate's ring says what became of it: counted, refused by the decision over its
        // bout, or refused before any (a second bump, a faint peak off the rhythm, too few steps).
        for o in recording.outcomes where window.contains(o.candidate.time) {
            let c = o.candidate
            let stroke: String
            switch o.reason {
            case .walking: stroke = "#d55e00"
            case .notWalking: stroke = "#cc79a7"
            default: stroke = "#555555"
            }
            svg.circle(cx: x(c.time), cy: y(c.height), r: 4, fill: c.isStrong ? "none" : "#dddddd", stroke: stroke)
        }
        for step in recording.steps where window.contains(step.time) {
            svg.triangle(x: x(step.time), y: filteredTop + 10, pointingDown: true, fill: "#d55e00")
        }
        if let truth {
            for t in truth where window.contains(t) {
                svg.triangle(x: x(t), y: filteredTop + filteredHeight - 10, pointingDown: false, fill: "#009e73")
            }
        }

        // The judged stretches as a band: each from its first candidate to its newest, green when
        // decided walking, purple when not, its height the decision's probability of walking.
        svg.panel(x: left, y: gateTop, width: plotWidth, height: gateHeight, label: "decision")
        for judgement in recording.judgements where judgement.time >= window.lowerBound && judgement.from <= window.upperBound {
            guard let decision = recording.decisions[judgement.node], let posterior = decision.posterior else { continue }
            let from = max(judgement.from, window.lowerBound), to = min(judgement.time, window.upperBound)
            let height = max(2, posterior * gateHeight)
            svg.rect(x: x(from), y: gateTop + gateHeight - height, width: max(1, x(to) - x(from)), height: height,
                     fill: posterior >= 0.5 ? "#009e73" : "#cc79a7")
        }

        // Time axis.
        let axisY = gateTop + gateHeight + 16
        let tickStep = niceStep(span / max(plotWidth / 100, 1))
        var tick = (window.lowerBound / tickStep).rounded(.up) * tickStep
        while tick <= window.upperBound {
            svg.line(x1: x(tick), y1: gateTop + gateHeight, x2: x(tick), y2: gateTop + gateHeight + 5, stroke: "#333333", width: 1)
            svg.text(formatted(tick, decimals: tickStep < 1 ? 1 : 0), x: x(tick), y: axisY, size: 11, anchor: "middle")
            tick += tickStep
        }
        svg.text("time (s)", x: left + plotWidth / 2, y: axisY + 16, size: 11, anchor: "middle")

        // Legend.
        let legendY = height - 14
        var legendX = left
        for (label, colour) in [("filtered", "#0072b2"), ("threshold", "#e69f00"), ("counted step ▼", "#d55e00"),
                                ("true step ▲", "#009e73"), ("candidate counted ○", "#d55e00"),
                                ("refused: not walking ○", "#cc79a7"), ("refused before any decision ○", "#555555"),
                                ("stretch walking", "#009e73"), ("stretch not walking", "#cc79a7")] {
            svg.rect(x: legendX, y: legendY - 9, width: 10, height: 10, fill: colour)
            svg.text(label, x: legendX + 14, y: legendY, size: 11)
            legendX += 14 + Double(label.count) * 6.5 + 18
        }
        return svg.document()
    }

    func paddedRange(_ values: [Double], fallback: (Double, Double)) -> (Double, Double) {
        guard let low = values.min(), let high = values.max(), high > low else { return fallback }
        let pad = (high - low) * 0.05
        return (low - pad, high + pad)
    }

    func niceStep(_ raw: Double) -> Double {
        var step = 0.1
        while step < raw {
            for factor in [2.0, 2.5, 2.0] {
                if step >= raw { break }
                step *= factor
            }
        }
        return step
    }
}
