/// The user's goal-tracking preferences, as the configuration stores them. The goal itself
/// lives in `GoalHistory`, because its past values matter.
public struct GoalSettings: Sendable, Hashable, Codable {
    /// The palette for the goal bar and the ring.
    public var palette: Palette.Name
    /// Whether to compute and show exercise minutes and active hours. Off by default: from
    /// steps alone they are approximations, and are labelled so when shown.
    public var showsActivityApproximations: Bool

    /// Settings with the given values; the defaults are the standard palette and no approximations.
    public init(palette: Palette.Name = .standard, showsActivityApproximations: Bool = false) {
        self.palette = palette
        self.showsActivityApproximations = showsActivityApproximations
    }
}
