import Testing
@testable import FootfallGoals

/// GoalProgress, tiers, palettes and the colour decision.
struct GoalProgressTests {
    @Test func progressIsUncappedAndTiersFollowTheThresholds() throws {
        let cases: [(steps: Int, goal: Int, tier: ProgressTier, percent: Int)] = [
            (0, 10_000, .low, 0), (4999, 10_000, .low, 49), (5000, 10_000, .mid, 50),
            (9999, 10_000, .mid, 99), (10_000, 10_000, .done, 100), (17_000, 10_000, .done, 170),
            (5000, 10_001, .low, 49), (5001, 10_001, .mid, 50), (0, 1, .low, 0), (1, 1, .done, 100),
            (500_000, 10_000, .done, 5000),
        ]
        for c in cases {
            let progress = try GoalProgress(steps: c.steps, goal: c.goal)
            #expect(progress.tier == c.tier, "\(c.steps)/\(c.goal)")
            #expect(progress.percent == c.percent, "\(c.steps)/\(c.goal)")
            #expect(ProgressTier(progress: progress.progress) == c.tier || c.goal == 10_001)
        }
        #expect(try GoalProgress(steps: 17_000, goal: 10_000).progress == 1.7)
        #expect(try GoalProgress(steps: 3000, goal: 10_000).remaining == 7000)
        #expect(try GoalProgress(steps: Int.max, goal: 3).percent > 0)
        #expect(throws: GoalError.negativeSteps(-1)) { try GoalProgress(steps: -1, goal: 10) }
        #expect(throws: GoalError.goalBelowOne(0)) { try GoalProgress(steps: 1, goal: 0) }
    }

    @Test func tiersHaveNamesAndOneColumnSymbols() {
        #expect(ProgressTier.allCases.map(\.name) == ["low", "mid", "done"])
        #expect(Set(ProgressTier.allCases.map(\.symbol)).count == 3)
        for tier in ProgressTier.allCases { #expect(tier.symbol.count == 1) }
        #expect(ProgressTier(progress: .nan) == .low)
    }

    @Test func palettesGiveDistinctOpaqueColours() {
        #expect(Palette.standard.colour(for: .low).hex == "#FF453A")
        #expect(Palette.colorBlindSafe.colour(for: .low).hex == "#D55E00")
        #expect(Palette.colorBlindSafe.colour(for: .mid).hex == "#F0E442")
        #expect(Palette.colorBlindSafe.colour(for: .done).hex == "#0072B2")
        for name in Palette.Name.allCases {
            let palette = Palette.named(name)
            #expect(palette.name == name)
            let colours = ProgressTier.allCases.map(palette.colour(for:)) + [palette.remainder]
            #expect(Set(colours).count == 4)
        }
    }

    @Test func colourOnlyOnATerminalWithoutNoColour() {
        #expect(TerminalColour.isWanted(outputIsTerminal: true, environment: [:]))
        #expect(!TerminalColour.isWanted(outputIsTerminal: false, environment: [:]))
        #expect(!TerminalColour.isWanted(outputIsTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(TerminalColour.isWanted(outputIsTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!TerminalColour.isWanted(outputIsTerminal: true, environment: ["TERM": "dumb"]))
        #expect(TerminalColour.isWanted(outputIsTerminal: true, environment: ["TERM": "xterm-256color"]))
    }
}
