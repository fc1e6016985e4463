import Foundation
import Testing
@testable import FootfallGoals

/// Rules of the goal bar checked at every width from 10 to 300 columns and many progress
/// values, each check paired with one that fails if the rule's subject is missing.
struct GoalBarPropertyTests {
    static let progressValues: [Double] = [
        0, 0.001, 0.2, 0.49, 0.5, 0.75, 0.99, 0.999_999, 1, 1.000_1, 1.01, 1.5, 2, 2.3, 3, 3.99, 4, 4.01, 4.9,
        5, 6.5, 7.99, 8, 8.000_1, 8.1, 9, 10, 12.7, 19.99, 20, 33.3, 50, 99.5, 100, 123.4, 999, 10_000, 1_000_000,
    ]

    /// The track of a plain bar: the text between the brackets.
    static func track(_ bar: String) -> [Character] {
        let characters = Array(bar)
        guard let open = characters.firstIndex(of: "["), let close = characters.lastIndex(of: "]") else { return [] }
        return Array(characters[(open + 1)..<close])
    }

    /// Maximal runs of marker characters in a track: (first cell, text).
    static func runs(_ track: [Character]) -> [(start: Int, text: String)] {
        var runs: [(Int, String)] = []
        var index = 0
        while index < track.count {
            if track[index] == "=" || track[index] == "." { index += 1; continue }
            let start = index
            while index < track.count, track[index] != "=", track[index] != "." { index += 1 }
            runs.append((start, String(track[start..<index])))
        }
        return runs
    }

    /// The multiple a marker label names, or nil if it is not a marker label.
    static func multiple(of label: String, numbersOnly: Bool) -> Int? {
        if !numbersOnly, (1...4).contains(label.count), label.allSatisfy({ $0 == ">" }) { return label.count }
        guard label.hasSuffix("x"), let n = Int(label.dropLast()), n >= 1, String(n) + "x" == label else { return nil }
        if !numbersOnly && n <= 4 { return nil }
        return n
    }

    @Test(arguments: progressValues)
    func markersNeverCollideOrTouchTheEdgesAtAnyWidth(progress: Double) throws {
        var markersSeen = 0
        for width in 10...300 {
            let plain = GoalBar.render(progress: progress, width: width, colour: false, palette: .standard)
            let coloured = GoalBar.render(progress: progress, width: width, colour: true, palette: .standard)
            let visible = ANSIText.stripped(coloured)
            // Exactly `width` columns; every character used is one column wide.
            #expect(plain.count == width, "plain \(progress) at \(width): \(plain)")
            #expect(visible.count == width, "colour \(progress) at \(width): \(visible)")
            #expect(plain.unicodeScalars.allSatisfy { $0.isASCII || "◔◕✓".unicodeScalars.contains($0) })
            // Colour changes colours only: the characters that are not fill sit where they do in plain text.
            #expect(visible.map { "=.".contains($0) ? " " : $0 } == plain.map { "=.".contains($0) ? " " : $0 })

            let track = Self.track(plain)
            let layout = GoalBarLayout(progress: progress, trackWidth: track.count)
            let runs = Self.runs(track)
            #expect(runs.count == layout.markers.count, "\(progress) at \(width): \(plain)")
            if progress < 1 {
                #expect(runs.isEmpty)
                #expect(track.filter { $0 == "=" }.count == min(Int((progress * Double(track.count)).rounded(.down)), track.count - 1))
                #expect(track.last == ".")
                continue
            }
            #expect(!track.contains("."), "past the goal the thumb is pinned at the right edge")
            // The end cells are fill: no marker touches an edge.
            #expect(track.first == "=" && track.last == "=", "\(progress) at \(width): \(plain)")
            var previous = 0
            for (run, marker) in zip(runs, layout.markers) {
                // Each run is one whole label: two markers side by side would make a run that is not one.
                let k = try #require(Self.multiple(of: run.text, numbersOnly: progress > 8), "'\(run.text)' in \(plain)")
                #expect(k == marker.multiple && run.start == marker.labelStart)
                #expect(k > previous && Double(k) < progress)
                // Near its multiple's place along the track (rounding and right-alignment aside).
                let place = Double(k) / progress * Double(track.count)
                let centre = Double(marker.start) + Double(marker.width) / 2
                #expect(abs(centre - place) <= 0.5 + 1e-9, "\(k)x at \(centre), expected near \(place)")
                previous = k
            }
            // Slots too are apart, by at least one fill cell, and inside the edges.
            for (a, b) in zip(layout.markers, layout.markers.dropFirst()) { #expect(b.start > a.end) }
            if let first = layout.markers.first, let last = layout.markers.last {
                #expect(first.start >= 1 && last.end <= track.count - 1)
            }
            markersSeen += runs.count
            // Thinning only when needed: with room for every slot plus a gap, every multiple is marked
            // but perhaps the last (too near the pinned thumb).
            let cellsPerMultiple = Double(track.count) / progress
            let widestSlot = progress > 8 ? String(Int(progress.rounded(.up)) - 1).count + 1 : 4
            if progress <= 100, cellsPerMultiple >= Double(widestSlot + 2) {
                let multiples = Int(progress.rounded(.up)) - 1
                #expect(runs.count >= multiples - 1, "\(progress) at \(width): \(plain)")
            }
        }
        if progress > 1.01 { #expect(markersSeen > 100, "the sweep must actually draw markers for \(progress)") }
    }

    @Test func percentageAndSymbolAlwaysTellTheTier() {
        var shown = 0
        for width in 10...300 {
            for progress in Self.progressValues {
                let bar = GoalBar.render(progress: progress, width: width, colour: false, palette: .standard)
                #expect(bar.first == Character(ProgressTier(progress: progress).symbol))
                var percent = Int((progress * 100 + 1e-9).rounded(.down))
                if progress < 1 { percent = min(percent, 99) }
                let text = "\(percent)%"
                // Shown when the track keeps 10 cells beside it (symbol, space, brackets, space: 5 columns).
                let room = width - 5 - max(4, text.count) >= 10
                #expect(bar.hasSuffix(" " + text) == room, "\(progress) at \(width): \(bar)")
                if room { shown += 1 }
            }
        }
        #expect(shown > 5000)
        #expect(GoalBar.render(progress: 0.999_999, width: 40, colour: false, palette: .standard).hasSuffix(" 99%"))
    }

    @Test func colourPaintsTheTierOverGrey() {
        let palette = Palette.standard
        let mid = GoalBar.render(progress: 0.6, width: 40, colour: true, palette: palette)
        #expect(mid.contains(palette.mid.ansiBackground) && mid.contains(palette.remainder.ansiBackground))
        #expect(mid.hasPrefix(palette.mid.ansiForeground + "◕"))
        let done = GoalBar.render(progress: 2.3, width: 40, colour: true, palette: palette)
        #expect(done.contains(palette.done.ansiBackground + palette.markerInk.ansiForeground + ">"))
        #expect(!done.contains(palette.remainder.ansiBackground))
        let plain = GoalBar.render(progress: 2.3, width: 40, colour: false, palette: palette)
        #expect(!plain.contains("\u{1B}"))
    }

    @Test func nonsenseProgressIsDrawnSafely() {
        for progress in [-1, .nan, .infinity, -.infinity, 1e300] {
            let bar = GoalBar.render(progress: progress, width: 30, colour: false, palette: .standard)
            #expect(bar.count == 30)
        }
        #expect(GoalBar.render(progress: 0.5, width: 3, colour: false, palette: .standard).count == GoalBar.minimumWidth)
    }
}
