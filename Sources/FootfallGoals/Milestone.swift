/// A point of the day's progress worth announcing: halfway, the goal, and every whole multiple
/// of it after that.
public enum Milestone: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Half the goal (50 %).
    case half
    /// A whole multiple of the goal, from 1 (the goal reached, 100 %) up: 2 is 200 %.
    case multiple(Int)

    /// The milestone's place in the day's order: 1 for half, n + 1 for n times the goal.
    var rank: Int {
        switch self {
        case .half: return 1
        case .multiple(let n): return n + 1
        }
    }

    /// The milestone of a rank, the inverse of `rank`.
    init(rank: Int) {
        self = rank <= 1 ? .half : .multiple(rank - 1)
    }

    /// The steps that reach this milestone for a goal: half rounds up (a goal of 1 is half
    /// done at 1 step), a multiple n needs n times the goal.
    public func threshold(goal: Int) -> Int {
        switch self {
        case .half: return goal - goal / 2
        case .multiple(let n):
            let (product, overflow) = goal.multipliedReportingOverflow(by: n)
            return overflow ? Int.max : product
        }
    }

    /// The percentage of the goal it marks: 50, 100, 200, ...
    public var percent: Int {
        switch self {
        case .half: return 50
        case .multiple(let n): return n * 100
        }
    }

    /// The short label used in stored events and logs: "half", "1x", "2x", ...
    public var description: String {
        switch self {
        case .half: return "half"
        case .multiple(let n): return "\(n)x"
        }
    }

    /// A sentence for a notification.
    public var announcement: String {
        switch self {
        case .half: return "Halfway to your step goal."
        case .multiple(1): return "Step goal reached."
        case .multiple(let n): return "\(n) times your step goal."
        }
    }

    /// Order within a day: half first, then 1x, 2x, ...
    public static func < (a: Milestone, b: Milestone) -> Bool { a.rank < b.rank }
}
