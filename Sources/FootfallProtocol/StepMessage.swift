/// A batch of steps, while watching: the steps the walking decision counted (`steps`, final),
/// and, from protocol minor 2, those its first look proposes (`provisional`), the provisional
/// steps it refused (`withdrawn`), and how many provisional steps wait on it (`pending`). A
/// client that reads only `steps` and `total` sees the final count, as before.
public struct StepMessage: Codable, Sendable, Equatable {
    public var `class` = MessageClass.step
    /// Final steps: counted for good.
    public var steps: [StepRecord]
    /// Today's total after these steps (final steps only).
    public var total: Int
    /// Steps proposed by the forward look at their bout, not yet decided (absent when none).
    public var provisional: [StepRecord]?
    /// How many provisional steps the decision refused in this batch (absent when none).
    public var withdrawn: Int?
    /// The provisional steps still waiting on the decision after this batch (absent before minor 2).
    public var pending: Int?

    public init(steps: [StepRecord], total: Int, provisional: [StepRecord]? = nil, withdrawn: Int? = nil, pending: Int? = nil) {
        self.steps = steps
        self.total = total
        self.provisional = provisional
        self.withdrawn = withdrawn
        self.pending = pending
    }
}
