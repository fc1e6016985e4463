extension Duration {
    /// The duration in whole milliseconds, rounded toward zero: the unit poll(2), sd-bus's
    /// waits and SQLite's busy timeout take (callers clamp it to the C call's `Int32`).
    public var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
