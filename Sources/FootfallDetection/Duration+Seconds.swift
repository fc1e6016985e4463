extension Duration {
    /// The duration in seconds, as a `Double` for the per-sample arithmetic.
    public var inSeconds: Double {
        let c = components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
}
