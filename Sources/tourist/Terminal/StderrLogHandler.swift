import Foundation
import Logging
import TouristCore

/// Writes log messages to stderr as `tourist: warning: …`, one line each (with --json, into the
/// JSON object written at the end: see `StderrChannel`). A message said while fetching one of
/// several pins names it: `tourist: debug: pin 3f2a1b4c: …` (`FetchingPin`).
struct StderrLogHandler: LogHandler {
    var logLevel: Logger.Level
    let channel: StderrChannel
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider? = FetchingPin.metadataProvider

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let key = FetchingPin.metadataKey
        let pin = event.metadata?[key] ?? metadataProvider?.get()[key] ?? metadata[key]
        let message = pin.map { "pin \($0): \(event.message)" } ?? "\(event.message)"
        switch event.level {
        case .trace, .debug: channel.detail("debug: \(message)")
        case .info, .notice: channel.line(message)
        case .warning: channel.line("warning: \(message)")
        case .error, .critical: channel.line("error: \(message)")
        }
    }
}
