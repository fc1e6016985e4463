import FootfallGoals

/// A day the test writes as "YYYY-MM-DD" (a literal it knows is a date).
func day(_ text: String) -> LocalDay {
    do {
        return try LocalDay(text)
    } catch {
        preconditionFailure("\(text) is not a day: \(error)")
    }
}
