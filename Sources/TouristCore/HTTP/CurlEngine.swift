import CCurl
import CurlShim
import Foundation
import Synchronization

/// One thread that owns a curl_multi handle and runs every transfer of an `HTTPClient` on it:
/// connections are reused across transfers, HTTP/2 streams are multiplexed over TLS, and no
/// cooperative-pool thread ever blocks on the network. Other threads talk to it only through
/// `start` and `cancel`, which queue a command and wake the loop with `curl_multi_wakeup`.
final class CurlEngine: Sendable {
    private enum Command {
        case start(HTTPTransfer)
        case cancel(Int)
        case stop
    }

    private struct Inbox {
        var commands: [Command] = []
        var stopped = false
    }

    private nonisolated(unsafe) let multi: UnsafeMutableRawPointer
    private let configuration: HTTPClient.Configuration
    private let inbox = Mutex(Inbox())

    init(configuration: HTTPClient.Configuration) throws {
        var reason = [CChar](repeating: 0, count: 512)
        guard tourist_curl_load(&reason, reason.count) == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw HTTPError.unavailable("libcurl could not be loaded (\(text)). Install it: apt-get install libcurl4")
        }
        guard let multi = tourist_curl_multi_init() else { throw HTTPError.unavailable("libcurl could not start (curl_multi_init failed)") }
        self.multi = multi
        self.configuration = configuration
        _ = tourist_curl_multi_setopt_long(multi, Int32(CURLMOPT_PIPELINING.rawValue), Int(CURLPIPE_MULTIPLEX))
        let thread = Thread { [self] in self.loop() }
        thread.name = "tourist-http"
        thread.start()
    }

    /// Hands a transfer to the engine thread.
    func start(_ transfer: HTTPTransfer) {
        send(.start(transfer), orElse: transfer)
    }

    /// Aborts the transfer `id` (its task was cancelled); it completes with `CancellationError`.
    func cancel(_ id: Int) {
        send(.cancel(id), orElse: nil)
    }

    /// Ends the engine thread; transfers still running complete with `CancellationError`.
    func stop() {
        send(.stop, orElse: nil)
    }

    private func send(_ command: Command, orElse transfer: HTTPTransfer?) {
        // The wakeup happens under the lock, so it can never reach a multi handle the loop has freed.
        let accepted = inbox.withLock { inbox in
            guard !inbox.stopped else { return false }
            inbox.commands.append(command)
            tourist_curl_multi_wakeup(multi)
            return true
        }
        if !accepted { transfer?.complete(.failure(CancellationError())) }
    }

    /// Ends, as timed out, every transfer that received nothing for `configuration.stallTimeout`.
    private func abandonStalled(_ running: inout [Int: HTTPTransfer]) {
        let limit = Duration.milliseconds(Int(configuration.stallTimeout * 1000))
        let now = ContinuousClock.now
        for (id, transfer) in running where now - transfer.lastActivity > limit {
            running.removeValue(forKey: id)
            if let easy = transfer.easy { tourist_curl_multi_remove_handle(multi, easy) }
            let stall = String(format: "%g", configuration.stallTimeout)
            transfer.complete(
                .failure(HTTPError.timedOut("\(HTTPOutcome.redacted(transfer.request.url)): no data for \(stall) s (stalled)")))
        }
    }

    /// The engine thread: apply commands, drive transfers, report finished ones, sleep until
    /// there is socket activity, a timer, or a command.
    private func loop() {
        var running: [Int: HTTPTransfer] = [:]
        var cancelledEarly: Set<Int> = []
        var stopping = false
        while !stopping {
            let commands = inbox.withLock { inbox in
                defer { inbox.commands.removeAll() }
                return inbox.commands
            }
            for command in commands {
                switch command {
                case .start(let transfer):
                    if cancelledEarly.remove(transfer.id) != nil {
                        transfer.complete(.failure(CancellationError()))
                        continue
                    }
                    do {
                        let easy = try transfer.makeHandle(configuration)
                        let code = tourist_curl_multi_add_handle(multi, easy)
                        guard code == Int32(CURLM_OK.rawValue) else {
                            throw HTTPError.unavailable(
                                "libcurl could not start the transfer: \(String(cString: tourist_curl_multi_strerror(code)))")
                        }
                        transfer.lastActivity = .now
                        running[transfer.id] = transfer
                    } catch {
                        transfer.complete(.failure(error))
                    }
                case .cancel(let id):
                    if let transfer = running.removeValue(forKey: id) {
                        if let easy = transfer.easy { tourist_curl_multi_remove_handle(multi, easy) }
                        transfer.complete(.failure(CancellationError()))
                    } else {
                        cancelledEarly.insert(id)
                    }
                case .stop:
                    stopping = true
                }
            }
            if stopping { break }
            var active: Int32 = 0
            tourist_curl_multi_perform(multi, &active)
            var left: Int32 = 0
            while let raw = tourist_curl_multi_info_read(multi, &left) {
                let message = raw.assumingMemoryBound(to: CURLMsg.self)
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let result = message.pointee.data.result
                var context: UnsafeMutableRawPointer?
                _ = tourist_curl_easy_getinfo_pointer(easy, Int32(CURLINFO_PRIVATE.rawValue), &context)
                tourist_curl_multi_remove_handle(multi, easy)
                guard let context else { continue }
                let transfer = Unmanaged<HTTPTransfer>.fromOpaque(context).takeUnretainedValue()
                running.removeValue(forKey: transfer.id)
                transfer.complete(HTTPOutcome.classify(transfer, code: result))
            }
            abandonStalled(&running)
            // Wake at least every 250 ms while transfers run, to notice stalls.
            tourist_curl_multi_poll(multi, running.isEmpty ? 1000 : 250)
        }
        let unstarted = inbox.withLock { inbox in
            inbox.stopped = true
            return inbox.commands
        }
        for case .start(let transfer) in unstarted { transfer.complete(.failure(CancellationError())) }
        for transfer in running.values {
            if let easy = transfer.easy { tourist_curl_multi_remove_handle(multi, easy) }
            transfer.complete(.failure(CancellationError()))
        }
        tourist_curl_multi_cleanup(multi)
    }
}
