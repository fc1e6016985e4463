/// Today's figures from footfalld.
///
/// The daemon does not exist yet, so this always reports it unreachable; the socket query
/// replaces the body of `today()` when it does.
struct DaemonTodaySource: TodaySource {
    func today() throws -> TodayFigures {
        throw DaemonUnreachable()
    }
}
