#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import FootfallText

/// The ring itself: its track, the laps and the tip.
extension MoveRingSVG {
    func ringElements() -> [String] {
        let radius = MoveRingLayout.ringRadius
        let stroke = MoveRingLayout.ringStroke
        let colour = palette.ring.hex
        var lines = [circle("ring-track", radius: radius, stroke: palette.ringTrack.hex)]
        let laps = progress.steps / progress.goal
        if laps == 0 {
            guard progress.steps > 0 else { return lines }
            let angle = 2 * Double.pi * progress.progress
            lines += arc("ring-progress", to: angle, colour: colour)
            lines.append(cap("ring-start", at: 0, fill: colour))
            lines.append(cap("ring-tip", at: angle, fill: colour))
            return lines
        }
        // Completed laps coincide, so one full circle stands for all of them.
        lines.append(circle("ring-laps", radius: radius, stroke: colour))
        let fraction = Double(progress.steps % progress.goal) / Double(progress.goal)
        let angle = 2 * Double.pi * fraction
        // The top lap's end casts an opaque black crescent on the lap beneath, just ahead of the tip.
        let shadowLead = 0.25 * stroke / radius
        lines.append(cap("ring-tip-shadow", at: angle + shadowLead, fill: "#000000"))
        if fraction > 0 { lines += arc("ring-top-lap", to: angle, colour: colour) }
        lines.append(cap("ring-tip", at: angle, fill: colour))
        return lines
    }

    private func point(at angle: Double, radius: Double) -> (x: Double, y: Double) {
        // Angles run clockwise from 12 o'clock; SVG's y grows downwards.
        let centre = MoveRingLayout.ringCentre
        return (centre.x + radius * sin(angle), centre.y - radius * cos(angle))
    }

    private func circle(_ id: String, radius: Double, stroke: String) -> String {
        let centre = MoveRingLayout.ringCentre
        return "<circle id=\"\(id)\" cx=\"\(NumberText.trimmed(centre.x))\" cy=\"\(NumberText.trimmed(centre.y))\" r=\"\(NumberText.trimmed(radius))\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(NumberText.trimmed(MoveRingLayout.ringStroke))\"/>"
    }

    /// A round end of the ring's stroke, drawn as a disc so it shows even for a tiny arc.
    private func cap(_ id: String, at angle: Double, fill: String) -> String {
        let p = point(at: angle, radius: MoveRingLayout.ringRadius)
        return "<circle id=\"\(id)\" cx=\"\(NumberText.trimmed(p.x))\" cy=\"\(NumberText.trimmed(p.y))\" r=\"\(NumberText.trimmed(MoveRingLayout.ringStroke / 2))\" fill=\"\(fill)\"/>"
    }

    /// The ring's stroke from 12 o'clock clockwise to `angle`, as one path of at most two
    /// half-turn arcs (an arc whose ends meet would not be drawn at all).
    private func arc(_ id: String, to angle: Double, colour: String) -> [String] {
        let radius = MoveRingLayout.ringRadius
        let r = NumberText.trimmed(radius)
        let start = point(at: 0, radius: radius)
        var d = "M \(NumberText.trimmed(start.x)) \(NumberText.trimmed(start.y))"
        if angle > Double.pi {
            let half = point(at: Double.pi, radius: radius)
            d += " A \(r) \(r) 0 0 1 \(NumberText.trimmed(half.x)) \(NumberText.trimmed(half.y))"
        }
        let end = point(at: angle, radius: radius)
        d += " A \(r) \(r) 0 0 1 \(NumberText.trimmed(end.x)) \(NumberText.trimmed(end.y))"
        return ["<path id=\"\(id)\" d=\"\(d)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(NumberText.trimmed(MoveRingLayout.ringStroke))\"/>"]
    }
}
