import FootfallText

/// Today's count as a person reads it: the final steps, grouped, and the provisional steps
/// still waiting on the walking decision beside them (`8,412 (+14)`). The final count only
/// grows; the pending part may fall when the decision withdraws a step.
enum StepCountText {
    /// The final steps, and ` (+N)` when N steps are pending.
    static func text(steps: Int, pending: Int?) -> String {
        guard let pending, pending > 0 else { return NumberText.grouped(steps) }
        return "\(NumberText.grouped(steps)) (+\(NumberText.grouped(pending)))"
    }
}
