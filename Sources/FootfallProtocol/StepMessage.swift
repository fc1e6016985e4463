/// A batch of steps just counted, while watching.
public struct StepMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.step
    public var steps: [StepRecord]
    /// Today's total after these steps.
    public var total: Int

    public init(steps: [StepRecord], total: Int) {
        self.steps = steps
        self.total = total
    }
}
