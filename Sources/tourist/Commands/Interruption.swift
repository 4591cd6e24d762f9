import Exec
import Glibc
import Synchronization

/// What a fetching command (`fetch`, `new-collection`, `fetch --all`) says when Ctrl-C or SIGTERM
/// ends it: the progress line is cleared, then one line on stderr says how far it got and which
/// command resumes, e.g. "Interrupted: 16 of 60 photos kept; `tourist fetch 3f2a1b4c` resumes".
/// tourist then ends by the signal as it always did (status 130 after Ctrl-C), plugins killed
/// first (`LivePlugins.onEnding`). A closed terminal (SIGHUP) is told nothing: no one would read it.
final class Interruption<Progress: Sendable>: Sendable {
    private let last = Mutex<Progress?>(nil)

    /// From now until tourist ends, an interruption clears `bar` and says `words` of the last
    /// progress seen (nil before any).
    init(bar: ProgressBar?, stderr: StderrChannel, words: @escaping @Sendable (Progress?) -> String) {
        LivePlugins.onEnding { [self] number in
            guard number != SIGHUP else { return }
            bar?.finish()
            stderr.finish(code: 128 + number, error: words(last.withLock { $0 }))
        }
    }

    /// The progress reporter to hand the library: it remembers each report for the words, then
    /// passes it to `show` (the bar).
    func reporter(showing show: @escaping @Sendable (Progress) -> Void) -> @Sendable (Progress) -> Void {
        { progress in
            self.last.withLock { $0 = progress }
            show(progress)
        }
    }
}
