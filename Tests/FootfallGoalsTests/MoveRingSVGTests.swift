import Foundation
import FootfallText
import Testing
@testable import FootfallGoals

/// The Move-ring SVG: well-formed, black, with margins, opaque ring colour, laps and accessible text.
struct MoveRingSVGTests {
    static let stepsForTenThousand = [0, 4900, 5000, 9900, 10_000, 23_000, 49_000, 80_000, 127_000, 500_000, 7412, 1]

    static func svg(steps: Int, goal: Int = 10_000, name: String = "Alex", palette: Palette = .standard) throws -> (String, SVGElements) {
        let document = MoveRingSVG(progress: try GoalProgress(steps: steps, goal: goal), name: name, palette: palette).document()
        return (document, SVGElements.parse(document))
    }

    @Test(arguments: stepsForTenThousand)
    func parsesWithABlackBackgroundAndMargins(steps: Int) throws {
        for palette in [Palette.standard, .colorBlindSafe] {
            let (document, svg) = try Self.svg(steps: steps, palette: palette)
            #expect(svg.parsedOK, "\(svg.parseError)\n\(document)")
            let root = try #require(svg.elements.first)
            #expect(root.name == "svg")
            let width = try #require(root.number("width")), height = try #require(root.number("height"))
            #expect(width == MoveRingLayout.width && height == MoveRingLayout.height)
            // The first thing drawn is a black rectangle over the whole document.
            let drawn = svg.elements.filter { !["svg", "title", "desc"].contains($0.name) }
            let background = try #require(drawn.first)
            #expect(background.name == "rect" && background.attributes["fill"] == "#000000")
            #expect(background.number("x") == 0 && background.number("y") == 0)
            #expect(background.number("width") == width && background.number("height") == height)
            // Every shape keeps at least the ring gap from the edges; the ring keeps the whole margin.
            #expect(MoveRingLayout.margin >= MoveRingLayout.ringGap)
            for element in drawn.dropFirst() {
                guard let box = Self.boundingBox(element) else { continue }
                let clearance = min(box.minX, box.minY, width - box.maxX, height - box.maxY)
                #expect(clearance >= MoveRingLayout.ringGap, "\(element.attributes["id"] ?? element.name) is \(clearance) px from an edge")
            }
            let track = try #require(svg.element(id: "ring-track"))
            let outer = try #require(track.number("r")) + (try #require(track.number("stroke-width"))) / 2
            let cx = try #require(track.number("cx")), cy = try #require(track.number("cy"))
            #expect(min(cx - outer, cy - outer, width - cx - outer) >= MoveRingLayout.margin)
            // Nothing is filtered, masked or translucent.
            for element in svg.elements {
                for key in ["opacity", "fill-opacity", "stroke-opacity", "filter", "mask", "style"] {
                    #expect(element.attributes[key] == nil, "\(element.name) has \(key)")
                }
            }
            #expect(!document.contains("<filter") && !document.contains("rgba"))
        }
    }

    /// The extent of a rect, a circle (with half its stroke) or a path's end points (with half its stroke).
    static func boundingBox(_ element: SVGElements.Element) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        let halfStroke = (element.number("stroke-width") ?? 0) / 2
        switch element.name {
        case "rect":
            guard let x = element.number("x"), let y = element.number("y"),
                  let w = element.number("width"), let h = element.number("height") else { return nil }
            return (x, y, x + w, y + h)
        case "circle":
            guard let cx = element.number("cx"), let cy = element.number("cy"), let r = element.number("r") else { return nil }
            return (cx - r - halfStroke, cy - r - halfStroke, cx + r + halfStroke, cy + r + halfStroke)
        case "path":
            // Arcs here are parts of the ring's circle, whose own box bounds them.
            let centre = MoveRingLayout.ringCentre, r = MoveRingLayout.ringRadius + halfStroke
            return (centre.x - r, centre.y - r, centre.x + r, centre.y + r)
        default:
            return nil
        }
    }

    @Test func theRingDrawsProgressAndOverlappingLaps() throws {
        let ring = Palette.standard.ring.hex
        let (_, none) = try Self.svg(steps: 0)
        #expect(none.element(id: "ring-track") != nil && none.element(id: "ring-progress") == nil && none.element(id: "ring-laps") == nil)

        let (_, quarter) = try Self.svg(steps: 2500)
        let arc = try #require(quarter.element(id: "ring-progress"))
        #expect(arc.attributes["stroke"] == ring && arc.attributes["fill"] == "none")
        // A quarter turn clockwise from 12 o'clock ends at 3 o'clock.
        let centre = MoveRingLayout.ringCentre, r = MoveRingLayout.ringRadius
        #expect(arc.attributes["d"]?.hasSuffix("\(NumberText.trimmed(centre.x + r)) \(NumberText.trimmed(centre.y))") == true)
        #expect(quarter.element(id: "ring-laps") == nil)

        let (_, pastGoal) = try Self.svg(steps: 23_000)
        #expect(pastGoal.element(id: "ring-laps")?.attributes["stroke"] == ring)
        #expect(pastGoal.element(id: "ring-top-lap")?.attributes["stroke"] == ring)
        #expect(pastGoal.element(id: "ring-tip")?.attributes["fill"] == ring)
        // The top lap's end is set off by an opaque shadow drawn beneath the top lap, over the lap below.
        let ids = pastGoal.elements.compactMap { $0.attributes["id"] }
        let shadow = try #require(ids.firstIndex(of: "ring-tip-shadow"))
        #expect(try #require(ids.firstIndex(of: "ring-laps")) < shadow)
        #expect(shadow < (try #require(ids.firstIndex(of: "ring-top-lap"))))
        #expect(pastGoal.element(id: "ring-tip-shadow")?.attributes["fill"] == "#000000")

        // Exactly at the goal: the ring is closed and its end overlaps its start.
        let (_, atGoal) = try Self.svg(steps: 10_000)
        #expect(atGoal.element(id: "ring-laps") != nil && atGoal.element(id: "ring-tip-shadow") != nil)
        #expect(atGoal.element(id: "ring-top-lap") == nil)

        // A three-quarter arc goes past 6 o'clock in two half-turn pieces.
        let (_, threeQuarters) = try Self.svg(steps: 7500)
        #expect(threeQuarters.element(id: "ring-progress")?.attributes["d"]?.components(separatedBy: " A ").count == 3)
    }

    @Test func itSaysWhoseProgressItIsAndTheValues() throws {
        let (document, svg) = try Self.svg(steps: 7412, name: "Alex")
        let title = try #require(svg.elements.first { $0.name == "title" })
        let desc = try #require(svg.elements.first { $0.name == "desc" })
        #expect(title.text == "Move ring for Alex: 7,412 of 10,000 steps")
        #expect(desc.text.contains("74 % of the daily step goal of 10,000 steps"))
        #expect(desc.text.contains("tier mid") && desc.text.contains("2,588 steps to go"))
        #expect(svg.elements.first?.attributes["aria-labelledby"] == "move-title move-desc")
        #expect(svg.elements.contains { $0.name == "text" && $0.text == "Alex · Move" })
        #expect(document.contains("7,412 / 10,000 steps"))

        let (_, past) = try Self.svg(steps: 23_000, name: "Alex")
        let pastDesc = try #require(past.elements.first { $0.name == "desc" })
        #expect(pastDesc.text.contains("gone round 2 times"))
    }

    @Test func namesAreEscaped() throws {
        let (document, svg) = try Self.svg(steps: 100, name: "<Ann & \"Bob\">")
        #expect(svg.parsedOK, "\(svg.parseError)")
        #expect(document.contains("&lt;Ann &amp; &quot;Bob&quot;&gt;"))
        #expect(svg.elements.first { $0.name == "title" }?.text == "Move ring for <Ann & \"Bob\">: 100 of 10,000 steps")
    }

    @Test func theBarShowsTheTierAndItsMarkers() throws {
        let (_, mid) = try Self.svg(steps: 7412, palette: .colorBlindSafe)
        #expect(mid.element(id: "bar-fill")?.attributes["fill"] == Palette.colorBlindSafe.mid.hex)
        #expect(mid.element(id: "bar-remainder")?.attributes["fill"] == Palette.colorBlindSafe.remainder.hex)
        #expect(!mid.elements.contains { $0.attributes["class"] == "marker" })
        let (_, far) = try Self.svg(steps: 23_000)
        let markers = far.elements.filter { $0.attributes["class"] == "marker" }.map(\.text)
        #expect(markers == [">", ">>"])
        let bar = MoveRingLayout.bar
        #expect(far.element(id: "bar-fill")?.number("width") == bar.width)
    }
}
