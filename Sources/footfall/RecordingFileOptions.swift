import ArgumentParser
import FootfallTraces

/// Options shared by the commands that read recordings: what a file does not say about itself.
struct RecordingFileOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A delimited file's time and x, y, z columns, by header name or 1-based position (default: found from the header).",
        valueName: "time,x,y,z"))
    var columns: String?

    @Option(help: ArgumentHelp("The unit of a delimited file's axes (default: from the header, or from gravity's size).",
                               valueName: "unit"))
    var units: AccelerationUnit?

    @Option(help: ArgumentHelp("How a delimited file writes times: seconds, milliseconds, microseconds, nanoseconds, or ISO 8601 dates (default: from how far apart they are).",
                               valueName: "format"))
    var time: TimeFormat?

    @Option(name: .customLong("sample-rate"),
            help: ArgumentHelp("The sampling rate of a delimited file without a time column, Hz.", valueName: "hz"))
    var sampleRate: Double?

    @Option(help: ArgumentHelp("A known export's layout (default: recognised from the header).", valueName: "name"))
    var preset: DelimitedPreset?

    @Flag(help: "Skip damaged blocks of a binary recording (the samples skipped are reported) instead of stopping at the first.")
    var skipBadBlocks = false

    func validate() throws { _ = try options() }

    /// The options as the readers take them.
    func options() throws -> RecordingOptions {
        var options = RecordingOptions(units: units, time: time, preset: preset, skipBadBlocks: skipBadBlocks)
        if let columns {
            let references = columns.split(separator: ",", omittingEmptySubsequences: false).map { ColumnReference(String($0).trimmingCharacters(in: " ")) }
            guard references.count == 4 || references.count == 3, !references.contains(.name("")) else {
                throw ValidationError("--columns takes TIME,X,Y,Z, or X,Y,Z with --sample-rate: names from the header or 1-based positions, e.g. --columns timestamp,x,y,z or --columns 1,3,4,5.")
            }
            if references.count == 3 && sampleRate == nil { throw ValidationError("--columns X,Y,Z without a time column needs --sample-rate.") }
            options.columns = references
        }
        if let sampleRate {
            guard sampleRate > 0 && sampleRate.isFinite else { throw ValidationError("--sample-rate must be a positive number of Hz.") }
            options.rate = sampleRate
        }
        return options
    }
}

extension AccelerationUnit: ExpressibleByArgument {
    /// The unit's name, or m/s^2 and ms2 for m/s2.
    public init?(argument: String) {
        self.init(rawValue: argument == "m/s^2" || argument == "ms2" ? "m/s2" : argument)
    }
}

extension TimeFormat: ExpressibleByArgument {}

extension DelimitedPreset: ExpressibleByArgument {}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return String(text)
    }
}
