/// Where `footfall` reads today's steps and goal when they are not given on the command line.
///
/// `Render` (and later `status` and `watch`) ask `DaemonTodaySource`; when footfalld's
/// protocol exists, the query goes there and nowhere else.
protocol TodaySource {
    /// Today's figures.
    /// - Throws: `DaemonUnreachable` when the daemon cannot be asked.
    func today() throws -> TodayFigures
}
