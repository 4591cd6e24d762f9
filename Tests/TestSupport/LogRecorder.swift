import Logging
import Synchronization

/// Keeps every log message in memory, so a test can check what a provider or the router logged
/// (and that no secret is among it).
public final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// Every message logged so far, in order.
    public var messages: [String] { lines.withLock { $0 } }

    /// A logger at `level` that records here.
    public func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "test") { _ in Handler(recorder: self) }
        logger.logLevel = level
        return logger
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let text = "\(event.message)" + (event.metadata.map { " \($0)" } ?? "")
            recorder.lines.withLock { $0.append(text) }
        }
    }
}
