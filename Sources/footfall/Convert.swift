import ArgumentParser
import Foundation
import FootfallTraces

/// `footfall convert`: any recording Footfall reads, written as its own `t,ax,ay,az` trace.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a recording of any format as a Footfall trace (t,ax,ay,az).",
        discussion: """
        Reads the recording as 'footfall count' does (the format and compression from the \
        content, the same options for a delimited file) and writes its samples as Footfall's \
        own CSV: seconds on the recording's clock, acceleration in m/s². The output is what \
        the detector sees, so it is also how a reader is checked against another one.

          footfall convert WEEK.cwa week.csv
          footfall convert --preset sensor-logger Accelerometer.csv - | head
        """
    )

    @Argument(help: ArgumentHelp("The recording to read.", valueName: "recording"))
    var input: String

    @Argument(help: ArgumentHelp("Where to write the trace; - for standard output.", valueName: "output"))
    var output: String

    @OptionGroup(title: "Reading recordings") var recording: RecordingFileOptions

    func run() throws {
        let options = try recording.options()
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
