#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOConcurrencyHelpers

/// Writes log lines to stderr the way journald likes them: under systemd (JOURNAL_STREAM set)
/// each line starts with its syslog priority (`<6>`), so `journalctl -p warning` works and no
/// timestamp is added (journald has its own); on a terminal, lines get a timestamp and the
/// level in words. Metadata follows as `key=value`. The level can change at run time (a
/// configuration reload), for every handler at once.
struct JournalLogHandler: LogHandler {
    let label: String
    let level: SharedLogLevel
    let journald: Bool
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, level: SharedLogLevel, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        self.level = level
        journald = environment["JOURNAL_STREAM"] != nil
    }

    var logLevel: Logger.Level {
        get { level.value }
        set { level.value = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let extra = event.metadata { all.merge(extra) { $1 } }
        let fields = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let text = fields.isEmpty ? "\(event.message)" : "\(event.message) \(fields)"
        let line: String
        if journald {
            line = "<\(Self.priority(event.level))>\(text)\n"
        } else {
            line = "\(Self.timestamp()) \(event.level.rawValue.uppercased()) \(text)\n"
        }
        StandardError.write(line)
    }

    /// syslog priorities, as sd-daemon.h defines them.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }

    /// Now in UTC as ISO 8601 with milliseconds, "2026-03-29T01:59:00.123Z", from the C
    /// library: Foundation's formatters would call ICU for every line once Foundation is loaded
    /// (docs/costs.md).
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var fields = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &fields)
        var text = [CChar](repeating: 0, count: 32)
        let length = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S", &fields)
        let milliseconds = Int(now.tv_nsec) / 1_000_000
        let fraction = String(milliseconds + 1000).dropFirst()
        return String(decoding: text[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) + ".\(fraction)Z"
    }
}

/// stderr, written whole with write(2) (a log line is never interleaved with another's half).
enum StandardError {
    /// Writes `text` as UTF-8, retrying after signals and short writes; gives up quietly when
    /// stderr is gone (nothing else could report it).
    static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// The daemon-wide log level, shared by every logger and changed by a reload.
final class SharedLogLevel: Sendable {
    private let level: NIOLockedValueBox<Logger.Level>
    init(_ level: Logger.Level) { self.level = NIOLockedValueBox(level) }
    var value: Logger.Level {
        get { level.withLockedValue { $0 } }
        set { level.withLockedValue { $0 = newValue } }
    }
}
