import Foundation
import FootfallGoals
import FootfallText

/// One line of `footfall watch --format waybar`: the JSON object waybar's custom module reads
/// from a continuous script (`"return-type": "json"`), one per change.
///
/// `text` is the tier's symbol and today's steps, so the bar tells the tier without colour;
/// `class` (and `alt`, for `format-icons`) is the tier, for the bar's CSS; `percentage` is the
/// progress toward the goal, capped at 100 as waybar's icon selection expects; `tooltip`
/// spells out the day, the goal and the pace.
struct WaybarLine: Encodable, Equatable {
    var text: String
    var alt: String
    var tooltip: String
    var `class`: String
    var percentage: Int

    /// The line for today's figures.
    init(day: LocalDay, steps: Int, pending: Int? = nil, goal: Int, cadence: Double, walking: Bool) {
        let progress = (try? GoalProgress(steps: steps, goal: goal)) ?? (try! GoalProgress(steps: 0, goal: 1))
        let tier = progress.tier
        text = "\(tier.symbol) \(StepCountText.text(steps: steps, pending: pending))"
        alt = tier.name
        `class` = tier.name
        percentage = min(progress.percent, 100)
        let pace = walking ? "walking at \(formatted(cadence, decimals: 0)) steps/min" : "not walking"
        tooltip = "\(day): \(StepCountText.text(steps: steps, pending: pending)) of \(NumberText.grouped(goal)) steps (\(progress.percent) %)\n\(pace)"
    }

    /// The line as waybar reads it: compact JSON and a newline.
    var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
