import Foundation
import Synchronization
import TouristCore

/// A one-line progress bar on stderr: photos done/total, bytes, rate, ETA. Drawn only when stderr
/// is a terminal and --quiet is off; redrawn at most ten times a second.
final class ProgressBar: Sendable {
    private struct State {
        var lastDraw = Date.distantPast
        var drawn = false
    }

    private let started = Date()
    private let state = Mutex(State())

    /// A bar when progress should be shown, else nil.
    static func make(for session: Session) -> ProgressBar? {
        session.options.quiet || !Terminal.stderrIsTerminal ? nil : ProgressBar()
    }

    func update(_ progress: FetchProgress) {
        let now = Date()
        let line: String? = state.withLock { state in
            guard progress.done == progress.total || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return nil }
            state.lastDraw = now
            state.drawn = true
            return Self.render(progress, elapsed: now.timeIntervalSince(started))
        }
        if let line { Terminal.writeError("\r\u{1B}[2K" + line) }
    }

    /// Clears the bar so the next output starts on a clean line.
    func finish() {
        if state.withLock({ $0.drawn }) { Terminal.writeError("\r\u{1B}[2K") }
    }

    static func render(_ progress: FetchProgress, elapsed: Double) -> String {
        let width = 24
        let fraction = progress.total > 0 ? Double(progress.done) / Double(progress.total) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let rate = elapsed > 0 ? Double(progress.bytes) / elapsed : 0
        var line = "[\(bar)] \(progress.done)/\(progress.total) photos  \(Format.bytes(progress.bytes))  \(Format.bytes(Int(rate)))/s"
        if progress.done > 0, progress.done < progress.total, elapsed > 0 {
            let remaining = elapsed / Double(progress.done) * Double(progress.total - progress.done)
            line += "  ETA \(Int(remaining.rounded(.up))) s"
        }
        return line
    }
}
