import Foundation
import Synchronization
import TouristCore

/// A one-line progress bar on stderr: photos done/total, bytes, rate, ETA. Drawn only when stderr
/// is a terminal and --quiet is off; redrawn at most ten times a second, and a frame held back by
/// that is drawn when the tenth of a second is over, so a download that stalls after a quick run of
/// others shows the count as it is, not as it was.
///
/// The line never wraps: each frame is cut to one column less than the terminal's width
/// (`TerminalWidth`, read again after a resize, when the last frame is redrawn to fit at once), so
/// `\r` and clear-to-end-of-line erase it whole.
/// Until the first photo (or blob) arrives the line says what the command waits for
/// (`Searching …`), drawn at once. The ETA comes from `Pace`, shown only once it means something.
final class ProgressBar: Sendable {
    private struct State {
        var lastDraw = Date.distantPast
        var drawn = false
        /// Set by `finish`: nothing is drawn any more.
        var finished = false
        /// The last frame as rendered, before it was cut to the width.
        var text = ""
        /// Whether `text` is newer than the frame on screen (held back by the rate limit).
        var held = false
        var pace: Pace
    }

    /// What the line says before the first unit arrives, if anything.
    private let waiting: String?
    private let state: Mutex<State>

    private init(waiting: String?) {
        self.waiting = waiting
        state = Mutex(State(pace: Pace(started: Date())))
    }

    /// A bar when progress should be shown, else nil. With a `waiting` text it is drawn at once.
    static func make(for session: Session, waiting: String? = nil) -> ProgressBar? {
        guard !session.options.quiet, Terminal.stderrIsTerminal else { return nil }
        let bar = ProgressBar(waiting: waiting)
        TerminalWidth.followResizes { bar.redraw() }
        if let waiting { bar.draw(final: true) { _, _ in waiting } }
        return bar
    }

    /// `Searching …`, or `Searching flickr, commons …` when the providers are named.
    static func searching(_ providers: [String]) -> String {
        providers.isEmpty ? "Searching …" : "Searching \(providers.joined(separator: ", ")) …"
    }

    /// Shows one pin's fetch.
    func update(_ progress: FetchProgress) {
        draw(final: progress.done == progress.total) { pace, now in
            self.line(done: progress.done, total: progress.total, bytes: progress.bytes, pace: &pace, now: now)
        }
    }

    /// Shows a run over many pins (`fetch --all`).
    func update(_ progress: BatchProgress) {
        draw(final: progress.pinsDone == progress.pinsTotal) { pace, now in
            let pins = "\(progress.pinsDone)/\(progress.pinsTotal) pins"
            var text = self.line(
                done: progress.photosDone, total: progress.photosTotal, bytes: progress.bytes, pace: &pace, now: now, before: pins)
            if progress.pinsFailed > 0 { text += "  \(progress.pinsFailed) failed" }
            return text
        }
    }

    /// Shows a `store copy`.
    func update(_ progress: CopyProgress) {
        draw(final: progress.blobsDone == progress.blobsTotal && progress.pinsDone == progress.pinsTotal) { pace, now in
            self.line(done: progress.blobsDone, total: progress.blobsTotal, bytes: progress.bytes, pace: &pace, now: now, unit: "blobs")
                + "  \(progress.pinsDone)/\(progress.pinsTotal) pins"
        }
    }

    /// Redraws the line `render` makes (from the pace so far and the time now), unless the last
    /// draw was less than `interval` ago and this is not the `final` state: then the frame is drawn
    /// once that time is over (unless a newer one was drawn meanwhile). Written under the lock, so
    /// no frame lands after `finish` cleared the line.
    private func draw(final: Bool, _ render: (inout Pace, Date) -> String) {
        let now = Date()
        let wait: Double? = state.withLock { state in
            guard !state.finished else { return nil }
            state.text = render(&state.pace, now)
            let since = now.timeIntervalSince(state.lastDraw)
            guard final || since >= Self.interval else {
                defer { state.held = true }
                return state.held ? nil : Self.interval - since
            }
            state.lastDraw = now
            state.drawn = true
            state.held = false
            Self.write(state.text)
            return nil
        }
        if let wait { DispatchQueue.global().asyncAfter(deadline: .now() + wait) { self.drawHeld() } }
    }

    /// The shortest time between two frames.
    private static let interval = 0.1

    /// Draws the frame the rate limit held back, if it is still the newest.
    private func drawHeld() {
        state.withLock { state in
            guard state.held, !state.finished else { return }
            state.held = false
            state.lastDraw = Date()
            state.drawn = true
            Self.write(state.text)
        }
    }

    /// Draws the last frame again, cut to the terminal's width now (after a resize).
    private func redraw() {
        state.withLock { state in
            guard state.drawn, !state.finished else { return }
            Self.write(state.text)
        }
    }

    /// Replaces the line with `text`, cut to one column less than the terminal's width.
    private static func write(_ text: String) {
        Terminal.writeError("\r\u{1B}[K" + DisplayWidth.cut(text, to: max(1, TerminalWidth.columns - 1)))
    }

    /// Clears the bar so the next output starts on a clean line; it is not drawn again.
    func finish() {
        state.withLock { state in
            if state.drawn, !state.finished { Terminal.writeError("\r\u{1B}[K") }
            state.finished = true
        }
    }

    /// `[####----] 12/21 photos  1.2 MB  300 KB/s  ETA 3 s`, with `before` (the pins done of a run
    /// over many) first; while nothing arrived and done < total, the `waiting` text instead.
    private func line(done: Int, total: Int, bytes: Int, pace: inout Pace, now: Date, before: String? = nil, unit: String = "photos")
        -> String
    {
        pace.record(done: done, bytes: bytes, at: now)
        if let waiting, bytes == 0, done < total {
            return [waiting, before].compactMap { $0 }.joined(separator: "  ")
        }
        let width = 24
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        var line = "[\(bar)] "
        if let before { line += before + "  " }
        line += "\(done)/\(total) \(unit)  \(Format.bytes(bytes))  \(Format.bytes(Int(pace.bytesPerSecond(at: now))))/s"
        if done < total, let remaining = pace.secondsLeft(done: done, total: total, at: now) {
            line += "  ETA \(Int(remaining.rounded(.up))) s"
        }
        return line
    }
}
