import FootfallGoals

/// The settings a configuration reload changes while the daemon runs; the rest (the device,
/// its rate and mount matrix) take a restart.
public struct RuntimeSettings: Sendable, Equatable {
    /// Stride length, metres, for the distance.
    public var stride: Double
    /// Whether STATUS carries the exercise-minute and active-hour approximations.
    public var approximations: Bool
    /// Whose steps these are, shown in rendered rings.
    public var userName: String?
    /// The palette clients should render with.
    public var palette: Palette.Name
    /// Per-minute history kept this many days; nil keeps all.
    public var retentionDays: Int?

    /// Creates settings.
    public init(stride: Double, approximations: Bool, userName: String?, palette: Palette.Name, retentionDays: Int?) {
        self.stride = stride
        self.approximations = approximations
        self.userName = userName
        self.palette = palette
        self.retentionDays = retentionDays
    }
}
