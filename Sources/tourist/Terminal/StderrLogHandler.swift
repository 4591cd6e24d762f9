import Foundation
import Logging

/// Writes log messages to stderr as `tourist: warning: …`, one line each (with --json, into the
/// JSON object written at the end: see `StderrChannel`).
struct StderrLogHandler: LogHandler {
    var logLevel: Logger.Level
    let channel: StderrChannel
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        switch event.level {
        case .trace, .debug: channel.detail("debug: \(event.message)")
        case .info, .notice: channel.line("\(event.message)")
        case .warning: channel.line("warning: \(event.message)")
        case .error, .critical: channel.line("error: \(event.message)")
        }
    }
}
