import ArgumentParser
import Foundation
import FootfallTraces

/// `footfall convert`: any recording Footfall reads, written as its own `t,ax,ay,az` trace.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a recording of any format as a Footfall trace (t,ax,ay,az).",
        usage: "footfall convert <recording> -o <file.csv> [<options>]",
        discussion: """
        Reads the recording as 'footfall count' does (the format and compression from the \
        content, the same options for a delimited file) and writes its samples as Footfall's \
        own CSV: seconds on the recording's clock, acceleration in m/s². The output is what \
        the detector sees, so it is also how a reader is checked against another one.

          footfall convert WEEK.cwa -o week.csv
          footfall convert --preset sensor-logger Accelerometer.csv -o - | head
        """
    )

    @Argument(help: ArgumentHelp("The recording to read.", valueName: "recording"))
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the trace; - for standard output.", valueName: "file.csv"))
    var output: String?

    // The output's old spelling: a second argument.
    @Argument(help: .hidden) var outputArgument: String?

    func validate() throws { _ = try outputFile() }

    /// `-o/--output`, or the file given as a second argument.
    func outputFile() throws -> String {
        try RenamedOption.output(output, old: outputArgument, oldName: "a second file given without -o", what: "the trace to write")
    }

    @OptionGroup(title: "Reading recordings") var recording: RecordingFileOptions

    func run() throws {
        let options = try recording.options()
        let output = try outputFile()
        do {
            let writer = try TraceCSVWriter(path: output == "-" ? "/dev/stdout" : output)
            let summary = try Recording.forEachBatch(path: input, options: options) { batch in
                for sample in batch { writer.write(sample) }
            }
            try writer.close()
            if summary.skippedSamples > 0 {
                FileHandle.standardError.write(Data("footfall: \(input): skipped \(summary.skippedSamples) sample\(summary.skippedSamples == 1 ? "" : "s") in damaged blocks\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("footfall: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }
}
