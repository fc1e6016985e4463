import ArgumentParser
import Foundation
import FootfallAnalysis
import FootfallClient
import FootfallGoals
import FootfallProtocol
import FootfallText

/// `footfall history`: a bar per day, or the days as JSON or CSV.
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show past days: a bar per day against its goal, or JSON or CSV.",
        discussion: """
        Days are local days as footfalld counts them (see docs/days.md). --minutes lists each \
        minute with steps instead (at most 31 days). CSV columns: day,steps,goal (or \
        start,steps,cadence_spm,source for minutes, start in Unix seconds).
        """
    )

    @Option(help: "How many days up to today (default 7).")
    var days: Int?

    @Option(help: ArgumentHelp("First day, YYYY-MM-DD.", valueName: "day"))
    var from: String?

    @Option(help: ArgumentHelp("Last day, YYYY-MM-DD (default today).", valueName: "day"))
    var to: String?

    @Flag(help: "Per minute instead of per day.")
    var minutes = false

    @Flag(help: "Print the HISTORY object as JSON.")
    var json = false

    @Flag(help: "Print CSV.")
    var csv = false

    @OptionGroup var client: ClientOptions

    func validate() throws {
        if days != nil && from != nil { throw ValidationError("Give either --days or --from, not both.") }
        let limit = Request.HistoryQuery.maximumDays
        if let days, !(1...limit).contains(days) { throw ValidationError("--days must be from 1 to \(limit).") }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, Request.HistoryQuery.day(value) == nil { throw ValidationError("\(name) must be a day as YYYY-MM-DD.") }
        }
        if let from = firstDay, let to = lastDay, from > to { throw ValidationError("--from must not be after --to.") }
        if json && csv { throw ValidationError("Give either --json or --csv, not both.") }
    }

    /// `--from` as a day (checked by `validate`).
    var firstDay: LocalDay? { from.flatMap(Request.HistoryQuery.day) }

    /// `--to` as a day (checked by `validate`).
    var lastDay: LocalDay? { to.flatMap(Request.HistoryQuery.day) }

    func run() async throws {
        let query = Request.HistoryQuery(granularity: minutes ? .minute : .day, from: firstDay, to: lastDay,
                                         days: from == nil ? (days ?? Request.HistoryQuery.defaultDays) : nil)
        let history = try await client.withSession { session -> HistoryMessage in
            guard case .history(let history) = try await session.ask(.history(query)) else { throw ClientError.badReply("no HISTORY") }
            return history
        }
        if json {
            print(String(decoding: ServerMessage.history(history).encodedLine().dropLast(), as: UTF8.self))
        } else if csv {
            if let minutes = history.minutes {
                print("start,steps,cadence_spm,source")
                for m in minutes { print("\(Int(m.start)),\(m.steps),\(formatted(m.cadenceSpm, decimals: 1)),\(m.source.rawValue)") }
            } else {
                print("day,steps,goal")
                for d in history.days ?? [] { print("\(d.day),\(d.steps),\(d.goal)") }
            }
        } else if let minutes = history.minutes {
            print(Self.minuteTable(minutes), terminator: "")
        } else {
            print(Self.dayBars(history.days ?? [], width: Terminal.width, colour: Terminal.wantsColour), terminator: "")
        }
    }

    /// A bar per day: the day, its steps, and a bar scaled so the longest day fills the space,
    /// with '|' where the goal falls; the tier's symbol says low, mid or done without colour.
    static func dayBars(_ days: [DayTotal], width: Int, colour: Bool) -> String {
        let scale = max(days.map { max($0.steps, $0.goal) }.max() ?? 1, 1)
        let barWidth = max(10, min(width, 120) - 28)
        var out = ""
        for day in days {
            let progress = Double(day.steps) / Double(max(day.goal, 1))
            let tier = ProgressTier(progress: progress)
            let filled = Int((Double(day.steps) / Double(scale) * Double(barWidth)).rounded())
            let goalAt = min(barWidth - 1, Int((Double(day.goal) / Double(scale) * Double(barWidth)).rounded()))
            var bar = Array(repeating: Character(" "), count: barWidth)
            for i in 0..<filled { bar[i] = "█" }
            if goalAt >= filled { bar[goalAt] = "|" }
            var text = String(bar)
            if colour {
                let rgb = Palette.named(.standard).colour(for: tier)
                let filledPart = String(bar.prefix(filled)), rest = String(bar.dropFirst(filled))
                text = rgb.ansiForeground + filledPart + ANSI.reset + rest
            }
            let steps = NumberText.grouped(day.steps)
            out += "\(day.day) \(String(repeating: " ", count: max(0, 7 - steps.count)))\(steps) \(tier.symbol) \(text)\n"
        }
        return out
    }

    static func minuteTable(_ minutes: [HistoryMinute]) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        var table = TextTable([("minute", .left), ("steps", .right), ("cadence", .right), ("source", .left)])
        for m in minutes {
            table.add([formatter.string(from: Date(timeIntervalSince1970: m.start)), String(m.steps), formatted(m.cadenceSpm, decimals: 0), m.source.rawValue])
        }
        return table.render()
    }
}
