import ArgumentParser
import FootfallAnalysis

/// `--shard I/N` on the command line.
extension Shard: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}
