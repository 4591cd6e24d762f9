import Foundation
import Glibc
import Logging
import Synchronization
import TouristCore

/// One started plugin process and the protocol spoken with it: requests numbered and written as
/// JSON lines, answers matched to them by id (in any order), a time-out per request, and the
/// plugin's stderr logged (under `--verbose`) and remembered for error messages.
///
/// Anything the protocol forbids breaks the connection for good: a line that is not a JSON answer,
/// a line over 1 MiB, an answer to an id never asked, a request not answered in its time, the end of
/// the plugin's output (it exited or crashed). The plugin is then killed, every waiting request
/// fails with an error naming the plugin and what it did, and `PluginHost` decides whether to start
/// it again.
final class PluginConnection: Sendable {
    /// The longest protocol line, either way.
    static let maxLine = 1 << 20
    /// How many of the plugin's last stderr lines are kept for error messages.
    static let stderrTail = 3

    let name: String
    private let process: PluginProcess
    private let logger: Logger
    private let redact: @Sendable (String) -> String
    private let state = Mutex(State())
    private let readers = Mutex<[PluginLineReader]>([])
    /// Log lines held until `hello` has ended (nil once released): only then are the plugin's
    /// secret options known, to be masked before a line is shown.
    private let heldLog = Mutex<[String]?>([])
    /// Writes requests in order, off Swift's cooperative threads (a plugin that stops reading must
    /// not hold one of them).
    private let writer: DispatchQueue

    private struct Pending {
        var continuation: CheckedContinuation<JSONValue, any Error>
        var method: String
        var sent: ContinuousClock.Instant
        var timeout: Double
    }

    private struct State {
        var nextID = 1
        var pending: [Int: Pending] = [:]
        /// Requests given up by their callers (cancelled): a late answer to them is dropped quietly.
        var abandoned: Set<Int> = []
        /// Why the connection is over, once it is.
        var broken: Breakdown?
        var stderrLines: [String] = []
        /// The option an `invalid_config` error named (`"option": "file"`, an addition to the protocol).
        var refusedOption: String?
    }

    /// Why a connection ended, and the error each waiting request gets.
    struct Breakdown: Error, Sendable {
        /// What the plugin did, for messages: "exited with status 3", "printed a line that is not JSON".
        let what: String
        /// Whether it broke the protocol (answers are unusable) rather than failed (crash, hang).
        let brokeProtocol: Bool
        /// The request it was answering (the one that timed out, else the oldest waiting), if any.
        var during: String?
    }

    private init(name: String, process: PluginProcess, logger: Logger, redact: @escaping @Sendable (String) -> String) {
        writer = DispatchQueue(label: "tourist-plugin-\(name)-stdin")
        self.name = name
        self.process = process
        self.logger = logger
        self.redact = redact
    }

    /// Starts the plugin program and its readers.
    static func start(
        name: String, executable: String, arguments: [String], environment: [String: String], directory: String,
        logger: Logger, redact: @escaping @Sendable (String) -> String
    ) throws(PluginProcess.Failure) -> PluginConnection {
        let process = try PluginProcess.start(executable: executable, arguments: arguments, environment: environment, directory: directory)
        let connection = PluginConnection(name: name, process: process, logger: logger, redact: redact)
        let errorReader = PluginLineReader(fd: process.error, maxLine: 4096, cutLongLines: true, name: "tourist-plugin-\(name)-stderr") {
            line in
            connection.logged(line)
        } onEnd: { _ in
        }
        let outputReader = PluginLineReader(fd: process.output, maxLine: maxLine, name: "tourist-plugin-\(name)-stdout") { line in
            connection.received(line)
        } onEnd: { ending in
            connection.outputEnded(ending, errorReader: errorReader)
        }
        connection.readers.withLock { $0 = [outputReader, errorReader] }
        return connection
    }

    var pid: Int32 { process.pid }

    /// The host's ends of the plugin's stdin, stdout and stderr.
    var descriptors: [Int32] { process.descriptors }

    /// The option the plugin's last `invalid_config` error named, if it named one.
    var refusedOption: String? { state.withLock { $0.refusedOption } }

    /// The breakdown, once the connection is over.
    var breakdown: Breakdown? { state.withLock { $0.broken } }

    /// Sends `method` with `params` and waits up to `timeout` seconds for the answer's `result`.
    /// A plugin's own error is thrown as the `ProviderError` of its class; a broken connection
    /// as `unavailable` or `invalidResponse`.
    func call(_ method: String, params: JSONValue, timeout: Double) async throws -> JSONValue {
        let next: Result<Int, Breakdown> = state.withLock { state in
            if let broken = state.broken { return .failure(broken) }
            defer { state.nextID += 1 }
            return .success(state.nextID)
        }
        let id: Int
        switch next {
        case .success(let allocated): id = allocated
        case .failure(let broken): throw error(for: broken, method: method)
        }
        let line = JSONValue.object([("id", .number(Double(id))), ("method", .string(method)), ("params", params)]).compact()
        let timer = Task { [weak self] in
            try await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
            self?.expire(id)
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let registered = state.withLock { state in
                    guard state.broken == nil else { return false }
                    state.pending[id] = Pending(continuation: continuation, method: method, sent: .now, timeout: timeout)
                    return true
                }
                guard registered else {
                    continuation.resume(throwing: breakdown.map { error(for: $0, method: method) } ?? CancellationError())
                    return
                }
                if Task.isCancelled {
                    abandon(id)
                    return
                }
                send(line, timeout: timeout)
            }
        } onCancel: {
            abandon(id)
        }
    }

    /// Writes a request line on the writer queue; a plugin that cannot take it has gone (or stopped
    /// reading), which ends the connection.
    private func send(_ line: String, timeout: Double) {
        writer.async { [self] in
            do throws(PluginProcess.Failure) {
                try process.write(line, timeout: timeout) { [weak self] in self?.breakdown != nil }
            } catch {
                // Most often the plugin has exited: say how, as the output reader would.
                var ended = process.reapIfEnded()
                let deadline = ContinuousClock.now + .milliseconds(500)
                while ended == nil, breakdown == nil, ContinuousClock.now < deadline {
                    usleep(2000)
                    ended = process.reapIfEnded()
                }
                fail(Breakdown(what: ended.map { "\($0)" } ?? "stopped reading its input (\(error.reason))", brokeProtocol: false))
            }
        }
    }

    /// A request's time ran out, or its caller gave up after `waited`: the plugin hangs, so it is
    /// stopped, and the request fails as `unavailable` (as the protocol says).
    private func expire(_ id: Int, waited: Duration? = nil) {
        let method = state.withLock { $0.pending[id].map { ($0.method, $0.timeout) } }
        guard let (method, timeout) = method else { return }
        let seconds = waited.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? timeout
        let when = waited == nil ? "within" : "in the"
        fail(
            Breakdown(
                what: "did not answer `\(method)` \(when) \(PluginText.seconds(seconds)) s\(waited == nil ? "" : " its caller waited")",
                brokeProtocol: false))
    }

    /// The caller gave up on request `id`. Callers give up when their own time-out fires (the
    /// router's, a download's), which started before this request was sent (a start, a `hello`):
    /// so a request given up after half its time or more is taken for a hang, as when this
    /// connection's own timer fires; given up earlier, its late answer is dropped quietly.
    private func abandon(_ id: Int) {
        let outcome: (Pending, waited: Duration, hung: Bool)? = state.withLock { state in
            guard let pending = state.pending.removeValue(forKey: id) else { return nil }
            let waited = ContinuousClock.now - pending.sent
            let hung = waited >= .milliseconds(Int(pending.timeout * 500))
            if !hung { state.abandoned.insert(id) } else { state.pending[id] = pending }
            return (pending, waited, hung)
        }
        guard let (pending, waited, hung) = outcome else { return }
        if hung {
            expire(id, waited: waited)
        } else {
            pending.continuation.resume(throwing: CancellationError())
        }
    }

    /// One line from the plugin's stdout.
    private func received(_ bytes: [UInt8]) {
        // After a breakdown (or once shutting down) nothing the plugin prints matters.
        guard breakdown == nil else { return }
        guard let answer = PluginAnswer(line: bytes) else {
            let text = redact(String(decoding: bytes.prefix(64 * 1024), as: UTF8.self))
            let what =
                bytes.isEmpty
                ? "printed an empty line on stdout"
                : "printed a line that is not a protocol answer on stdout: \"\(PluginText.printable(text, limit: 80))\""
            fail(Breakdown(what: what + " (stdout is for protocol lines only; log on stderr)", brokeProtocol: true))
            return
        }
        let id = answer.id
        let waiting: Pending? = state.withLock { state in
            if state.abandoned.remove(id) != nil { return nil }
            return state.pending.removeValue(forKey: id)
        }
        guard let waiting else {
            // An id asked before (answered twice, or expired) is dropped; any other was never asked.
            let asked = state.withLock { id >= 1 && id < $0.nextID }
            if !asked { fail(Breakdown(what: "answered id \(id), which was never asked", brokeProtocol: true)) }
            return
        }
        if let error = answer.error {
            if let option = error["option"]?.stringValue { state.withLock { $0.refusedOption = option } }
            waiting.continuation.resume(
                throwing: PluginErrorCode.providerError(error, plugin: name, method: waiting.method, redact: redact))
        } else {
            waiting.continuation.resume(returning: answer.result)
        }
    }

    /// One line from the plugin's stderr: logged under --verbose and kept for messages.
    private func logged(_ bytes: [UInt8]) {
        let line = String(decoding: bytes, as: UTF8.self)
        let held = heldLog.withLock { held in
            guard held != nil else { return false }
            if held?.count ?? 0 < 200 { held?.append(line) }
            return true
        }
        if !held { logger.debug("\(name): \(PluginText.printable(redact(line)))") }
        state.withLock { state in
            state.stderrLines.append(line)
            if state.stderrLines.count > Self.stderrTail { state.stderrLines.removeFirst() }
        }
    }

    /// Shows the log lines held during `hello` (masked with the secrets known by now), and every
    /// later line as it comes.
    func releaseLog() {
        let held = heldLog.withLock { held in
            defer { held = nil }
            return held ?? []
        }
        for line in held { logger.debug("\(name): \(PluginText.printable(redact(line)))") }
    }

    /// The plugin's stdout ended (it exited or crashed) or broke the line limit.
    private func outputEnded(_ ending: PluginLineReader.Ending, errorReader: PluginLineReader) {
        switch ending {
        case .stopped:
            return
        case .tooLong:
            fail(Breakdown(what: "printed a line over 1 MiB on stdout", brokeProtocol: true))
        case .end, .failed:
            // Once shutting down, its end is expected: `shutdown` gives it its time to exit.
            guard breakdown == nil else { return }
            // Its last stderr lines explain the end: read them before saying what happened.
            var ended = process.reapIfEnded()
            let deadline = ContinuousClock.now + .milliseconds(500)
            while ended == nil, ContinuousClock.now < deadline {
                usleep(2000)
                ended = process.reapIfEnded()
            }
            if ended == nil { process.kill() }
            // Gone (or killed), its stderr ends too: read to its end however late its reader runs
            // on a busy machine, unless something else keeps the pipe open.
            let drained = ContinuousClock.now + .seconds(5)
            while !errorReader.isFinished, ContinuousClock.now < drained { usleep(2000) }
            var what = ended.map { "\($0)" } ?? "closed its output"
            if case .failed(let reason) = ending { what = "could not be read (\(reason)); it \(what)" }
            fail(Breakdown(what: what, brokeProtocol: false))
        }
    }

    /// Ends the connection: every waiting request fails, and (unless it is being shut down) the
    /// plugin is killed. Only the first breakdown counts.
    private func fail(_ breakdown: Breakdown, killing: Bool = true) {
        var breakdown = breakdown
        let failed: [Pending]? = state.withLock { state in
            guard state.broken == nil else { return nil }
            breakdown.during = breakdown.during ?? state.pending.min { $0.key < $1.key }?.value.method
            state.broken = breakdown
            defer { state.pending.removeAll() }
            return Array(state.pending.values)
        }
        guard let failed else { return }
        if killing { process.kill() }
        for pending in failed {
            pending.continuation.resume(throwing: error(for: breakdown, method: pending.method))
        }
    }

    /// The error a request for `method` gets from a broken connection (`method` nil: a later
    /// request, told what broke it).
    func error(for breakdown: Breakdown, method: String?) -> ProviderError {
        // Redacted now, with every secret known by now (a plugin's hello declares some).
        let tail = state.withLock { $0.stderrLines }.map { PluginText.printable(redact($0)) }
        let quoted = tail.isEmpty ? "" : "; its stderr ended with: " + tail.map { "\"\($0)\"" }.joined(separator: " / ")
        let during = (breakdown.during ?? method).map { " (during `\($0)`)" } ?? ""
        let message = "plugin \(name) \(breakdown.what)\(during) and was stopped\(quoted)"
        return breakdown.brokeProtocol ? .invalidResponse(message) : .unavailable(message)
    }

    /// Ends the connection because the plugin did `what` (such as writing past the size cap): it
    /// is killed, and every waiting request fails as a broken protocol.
    func stop(because what: String) {
        fail(Breakdown(what: what, brokeProtocol: true))
    }

    /// Ends the connection for a shutdown: requests still waiting fail, the plugin is left to exit.
    private func markShuttingDown() {
        fail(Breakdown(what: "was shut down", brokeProtocol: false), killing: false)
    }

    /// Ends the plugin politely: `shutdown`, up to `grace` seconds to exit, then SIGTERM, up to a
    /// second more, then SIGKILL; then its readers stop and its descriptors are closed.
    func shutdown(grace: Double) async {
        if breakdown == nil {
            // Its children, found before it may exit and leave them to another parent: any that
            // left its process group still run after it, and are ended here.
            let family = ProcessFamily.descendants(of: process.pid)
            defer { family.kill() }
            let line = JSONValue.object([
                ("id", .number(Double(state.withLock { $0.nextID }))), ("method", .string("shutdown")), ("params", .object([])),
            ]).compact()
            markShuttingDown()  // a write still waiting for the plugin to read gives up
            await withCheckedContinuation { continuation in
                writer.async { [process] in
                    try? process.write(line, timeout: 0.5)
                    process.closeInput()
                    continuation.resume()
                }
            }
            if await process.waitForExit(seconds: grace) == nil {
                let ended = await process.stop(grace: 1)
                // Given no grace (a plugin ended at once, its hello refused), it was never meant to wait.
                if grace > 0 { logger.notice("\(Self.lingered(name, grace: grace, ended: ended))") }
            } else {
                await process.stop(grace: 0)
            }
        } else {
            process.kill()
        }
        await release()
    }

    /// The note for a plugin that did not exit after `shutdown`: which it is, what it cost, what to
    /// fix (said once per plugin and command, as a plugin is shut down once).
    static func lingered(_ name: String, grace: Double, ended: PluginProcess.Termination) -> String {
        let how = ended == .signalled(SIGKILL) ? "killed with SIGKILL (it ignored SIGTERM too)" : "stopped with SIGTERM"
        return "plugin \(name) did not exit within \(PluginText.seconds(grace)) s of `shutdown` and was \(how), which made this command"
            + " that much slower; make the plugin exit once it has answered `shutdown`, or when its stdin ends"
    }

    /// Stops the readers and closes the descriptors (the process must be gone).
    func release() async {
        let readers = readers.withLock { $0 }
        for reader in readers {
            await reader.waitUntilFinished(seconds: 0.2)
            reader.stop()
        }
        for reader in readers { await reader.waitUntilFinished(seconds: 1) }
        process.closeInput()  // the readers closed the other two
    }
}
