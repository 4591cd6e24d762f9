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

    /// Shows one pin's fetch.
    func update(_ progress: FetchProgress) {
        draw(final: progress.done == progress.total) { Self.render(progress, elapsed: $0) }
    }

    /// Shows a run over many pins (`fetch --all`).
    func update(_ progress: BatchProgress) {
        draw(final: progress.pinsDone == progress.pinsTotal) { Self.render(progress, elapsed: $0) }
    }

    /// Shows a `store copy`.
    func update(_ progress: CopyProgress) {
        draw(final: progress.blobsDone == progress.blobsTotal && progress.pinsDone == progress.pinsTotal) { elapsed in
            let blobs = Self.line(done: progress.blobsDone, total: progress.blobsTotal, bytes: progress.bytes, elapsed: elapsed, unit: "blobs")
            return blobs + "  \(progress.pinsDone)/\(progress.pinsTotal) pins"
        }
    }

    /// Redraws the line `render` makes from the time elapsed, unless the last draw was less than
    /// a tenth of a second ago and this is not the `final` state.
    private func draw(final: Bool, _ render: (Double) -> String) {
        let now = Date()
        let elapsed: Double? = state.withLock { state in
            guard final || now.timeIntervalSince(state.lastDraw) >= 0.1 else { return nil }
            state.lastDraw = now
            state.drawn = true
            return now.timeIntervalSince(started)
        }
        if let elapsed { Terminal.writeError("\r\u{1B}[2K" + render(elapsed)) }
    }

    /// Clears the bar so the next output starts on a clean line.
    func finish() {
        if state.withLock({ $0.drawn }) { Terminal.writeError("\r\u{1B}[2K") }
    }

    static func render(_ progress: FetchProgress, elapsed: Double) -> String {
        line(done: progress.done, total: progress.total, bytes: progress.bytes, elapsed: elapsed)
    }

    static func render(_ progress: BatchProgress, elapsed: Double) -> String {
        var text = line(done: progress.photosDone, total: progress.photosTotal, bytes: progress.bytes, elapsed: elapsed, pins: progress)
        if progress.pinsFailed > 0 { text += "  \(progress.pinsFailed) failed" }
        return text
    }

    /// `[####----] 12/21 photos  1.2 MB  300 KB/s  ETA 3 s`, with the pins done first for a run over many.
    private static func line(done: Int, total: Int, bytes: Int, elapsed: Double, pins: BatchProgress? = nil, unit: String = "photos") -> String {
        let width = 24
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let rate = elapsed > 0 ? Double(bytes) / elapsed : 0
        var line = "[\(bar)] "
        if let pins { line += "\(pins.pinsDone)/\(pins.pinsTotal) pins  " }
        line += "\(done)/\(total) \(unit)  \(Format.bytes(bytes))  \(Format.bytes(Int(rate)))/s"
        if done > 0, done < total, elapsed > 0 {
            let remaining = elapsed / Double(done) * Double(total - done)
            line += "  ETA \(Int(remaining.rounded(.up))) s"
        }
        return line
    }
}
