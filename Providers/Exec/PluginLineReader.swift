import Foundation
import Glibc
import Synchronization

/// Reads one of a plugin's output pipes line by line on a thread of its own, so a plugin that
/// writes nothing (or too much) never holds one of Swift concurrency's threads.
///
/// Each complete line (without its `\n`) goes to `onLine`. A line longer than `maxLine` bytes ends
/// the reading with `.tooLong` (a truncated line is never handed on), or with `cutLongLines` is
/// handed on cut to `maxLine` bytes (for logs); the end of the pipe ends it with `.end`, and `stop()`
/// with `.stopped`, once what the pipe already holds is read. `onEnd` is called exactly once, after
/// the last line.
package final class PluginLineReader: Sendable {
    package enum Ending: Sendable, Equatable {
        case end
        case tooLong
        case stopped
        case failed(String)
    }

    /// Set by `stop()`, read by the thread.
    private final class Flag: Sendable {
        let raised = Atomic(false)
    }

    private let stopping = Flag()
    private let finished = Flag()
    /// Bytes read at most after `stop()`: a pipe that something else keeps filling ends the reading.
    private static let drainLimit = 1 << 20

    /// Starts reading `fd` at once. `onLine` and `onEnd` run on the reader's thread.
    package init(
        fd: Int32, maxLine: Int, cutLongLines: Bool = false, name: String, onLine: @escaping @Sendable ([UInt8]) -> Void,
        onEnd: @escaping @Sendable (Ending) -> Void
    ) {
        let thread = Thread { [stopping, finished] in
            let ending = Self.read(fd: fd, maxLine: maxLine, cutLongLines: cutLongLines, stopping: stopping, onLine: onLine)
            onEnd(ending)
            Glibc.close(fd)
            finished.raised.store(true, ordering: .releasing)
        }
        thread.name = name
        thread.stackSize = 256 * 1024
        thread.start()
    }

    /// Asks the reader to stop: within 50 ms (at its next poll) it reads what the pipe holds by then
    /// (the last words of a plugin that has gone are not lost, however late its reader ran) and
    /// stops, at the latest after `drainLimit` more bytes.
    func stop() {
        stopping.raised.store(true, ordering: .relaxed)
    }

    /// Whether the reader has called `onEnd`.
    var isFinished: Bool { finished.raised.load(ordering: .acquiring) }

    /// Waits (polling) until the reader has finished, at most `seconds`.
    func waitUntilFinished(seconds: Double) async {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !isFinished, ContinuousClock.now < deadline {
            await PluginPause.sleep(.milliseconds(2))
        }
    }

    private static func read(fd: Int32, maxLine: Int, cutLongLines: Bool, stopping: Flag, onLine: @Sendable ([UInt8]) -> Void) -> Ending {
        var pending: [UInt8] = []
        // With cutLongLines: the rest of a line already handed on cut is skipped up to its newline.
        var skipping = false
        var drained = 0
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let draining = stopping.raised.load(ordering: .relaxed)
            if draining, drained >= drainLimit { return .stopped }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, draining ? 0 : 50)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed(String(cString: strerror(errno)))
            }
            if ready == 0 {
                if draining { return .stopped }
                continue
            }
            let count = Glibc.read(fd, chunk.baseAddress, chunk.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failed(String(cString: strerror(errno)))
            }
            if count == 0 { return .end }
            if draining { drained += count }
            var start = 0
            let bytes = UnsafeRawBufferPointer(rebasing: chunk[0..<count])
            while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                if skipping {
                    skipping = false
                    continue
                }
                if pending.count + (newline - start) > maxLine {
                    guard cutLongLines else { return .tooLong }
                    pending.append(contentsOf: bytes[start..<min(newline, start + maxLine - pending.count)])
                } else {
                    pending.append(contentsOf: bytes[start..<newline])
                }
                if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                onLine(pending)
                pending.removeAll(keepingCapacity: true)
            }
            if !skipping { pending.append(contentsOf: bytes[start...]) }
            if pending.count > maxLine {
                guard cutLongLines else { return .tooLong }
                onLine(Array(pending.prefix(maxLine)))
                pending.removeAll(keepingCapacity: true)
                skipping = true
            }
        }
    }
}
