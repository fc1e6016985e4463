import FootfallGoals

/// Today's steps and goal, and whose they are, as the daemon reports them.
struct TodayFigures: Equatable {
    /// Steps counted today.
    var steps: Int
    /// Today's goal.
    var goal: Int
    /// The user's name from the daemon's configuration, if it has one.
    var name: String?
    /// The palette the daemon's configuration chose, if known.
    var palette: Palette.Name?
}
