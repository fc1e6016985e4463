import FootfallGoals

/// The day a test writes as "YYYY-MM-DD" (a literal the test knows is a date).
public func localDay(_ text: String) -> LocalDay {
    do {
        return try LocalDay(text)
    } catch {
        preconditionFailure("\(text) is not a day: \(error)")
    }
}
