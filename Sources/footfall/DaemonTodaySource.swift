import FootfallClient
import FootfallProtocol

/// Today's figures from footfalld, over its socket.
struct DaemonTodaySource: TodaySource {
    let client: ClientOptions

    func today() async throws -> TodayFigures {
        let status = try await client.withSession { session -> StatusMessage in
            guard case .status(let status) = try await session.ask(.status) else { throw ClientError.badReply("no STATUS") }
            return status
        }
        return TodayFigures(steps: status.steps, goal: status.goal, name: status.userName, palette: status.palette)
    }
}
