import Exec
import Foundation
import Glibc
import Synchronization

/// A plugin's stdout: the input written into a pipe and split by `PluginLineReader` (as a plugin's
/// stdout and stderr are, with lines of at most 4 KiB here so the long-line paths are reached), each
/// line read as an answer to every method. Contract: the reader ends at the end of the pipe or at a
/// long line, handing on lines without a line break and within the limit; a line is an answer or
/// not, and an answer is read or refused with a `ProviderError`, never a trap.
enum PluginLinesDoor {
    static let maxLine = 4096
    /// A reader that stops at a long line closes the pipe under the writer: EPIPE, not SIGPIPE.
    static let ignoringBrokenPipes: Bool = {
        _ = signal(SIGPIPE, SIG_IGN)
        return true
    }()

    static func check(_ bytes: [UInt8]) {
        for cut in [false, true] {
            let (lines, ending) = split(bytes, cutLongLines: cut)
            contract(ending == .end || (ending == .tooLong && !cut), "the reader ended with \(ending)")
            for line in lines {
                contract(line.count <= maxLine && !line.contains(UInt8(ascii: "\n")), "a line of \(line.count) bytes handed on")
            }
            guard !cut else { continue }
            for line in lines {
                guard let answer = PluginAnswer(line: line) else { continue }
                for method in ["hello", "search", "lookup", "fetch"] { _ = answer.read(as: method, plugin: "fuzz") }
            }
        }
    }

    /// The lines `PluginLineReader` hands on from a pipe holding `bytes`, and how it ended.
    static func split(_ bytes: [UInt8], cutLongLines: Bool) -> ([[UInt8]], PluginLineReader.Ending) {
        var ends: [Int32] = [0, 0]
        guard ignoringBrokenPipes, pipe(&ends) == 0 else { fatalError("no pipe: \(errno)") }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        // A pipe holds 64 KiB: a longer input is written on another thread while the reader reads.
        let writer = Thread {
            var done = 0
            while done < bytes.count {
                let wrote = bytes[done...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { break }
                done += wrote
            }
            close(writeEnd)
        }
        writer.start()
        let lines = Mutex<[[UInt8]]>([])
        let ending = Mutex<PluginLineReader.Ending?>(nil)
        let ended = DispatchSemaphore(value: 0)
        _ = PluginLineReader(fd: readEnd, maxLine: maxLine, cutLongLines: cutLongLines, name: "fuzz-plugin-lines") { line in
            lines.withLock { $0.append(line) }
        } onEnd: { end in
            ending.withLock { $0 = end }
            ended.signal()
        }
        ended.wait()
        return (lines.withLock { $0 }, ending.withLock { $0! })
    }
}
