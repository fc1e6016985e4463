import Foundation
import Testing
@testable import FootfallGoals

/// The goal bar against golden files: 4 widths x 12 progress values, plain and coloured,
/// and the colour-blind palette at 40 columns.
struct GoalBarSnapshotTests {
    static let widths = [20, 40, 80, 200]
    /// Progress values as written in the goldens (text, so 0.49 is not printed as 0.49000000000000002).
    static let progressValues = ["0", "0.49", "0.5", "0.99", "1.0", "2.3", "4.9", "5.0", "8.0", "8.1", "12.7", "50"]

    struct Case: Sendable, CustomTestStringConvertible {
        var width: Int
        var colour: Bool
        var palette: Palette.Name

        var fileName: String {
            "goal-bar-w\(width)" + (colour ? "-colour" : "") + (palette == .standard ? "" : "-\(palette.rawValue)") + ".txt"
        }

        var testDescription: String { fileName }
    }

    static let cases: [Case] = widths.flatMap { width in
        [Case(width: width, colour: false, palette: .standard), Case(width: width, colour: true, palette: .standard)]
    } + [Case(width: 40, colour: true, palette: .colorblind)]

    /// One line per progress value: the value, a tab, the bar.
    static func rendering(_ c: Case) -> String {
        progressValues.map { text in
            let bar = GoalBar.render(progress: Double(text)!, width: c.width, colour: c.colour, palette: .named(c.palette))
            return "\(text)\t\(bar)\n"
        }.joined()
    }

    @Test(arguments: cases)
    func matchesTheGoldenFile(_ c: Case) throws {
        try Snapshot.expectMatch(Self.rendering(c), named: c.fileName)
    }

    @Test func everyGoldenFileIsStillUsed() throws {
        guard !Snapshot.isUpdating else { return }
        let present = try FileManager.default.contentsOfDirectory(atPath: Snapshot.folder.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(present) == Set(Self.cases.map(\.fileName)), "stale or missing files in \(Snapshot.folder.path)")
    }

    @Test func theGoldenTextsReadAsIntended() {
        // Spot checks of the rules, independent of the goldens (so a bad regeneration is caught).
        let plain = { (progress: Double, width: Int) in GoalBar.render(progress: progress, width: width, colour: false, palette: .standard) }
        #expect(plain(0, 40) == "◔ [...............................]   0%")
        #expect(plain(0.5, 40) == "◕ [===============................]  50%")
        #expect(plain(1.0, 40) == "✓ [===============================] 100%")
        #expect(plain(2.3, 40) == "✓ [=============>============>>===] 230%")
        #expect(plain(8.1, 40).contains("1x") && !plain(8.1, 40).contains(">"))
        #expect(plain(8.0, 80).contains(">>>>") && plain(8.0, 80).contains("7x"))
        #expect(plain(12.7, 12) == "✓ [===5x===]")
    }
}
