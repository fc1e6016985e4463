/// Where `footfall` reads today's steps and goal when they are not given on the command line:
/// `DaemonTodaySource` asks footfalld; tests can give figures directly.
protocol TodaySource {
    /// Today's figures.
    /// - Throws: `ExitCode(69)` (after a hint on stderr) when the daemon cannot be asked.
    func today() async throws -> TodayFigures
}
