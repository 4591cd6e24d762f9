import Foundation
import Glibc

/// A chromedriver child process listening on a free loopback port, its output going to a file.
final class ChromeDriverProcess {
    let process: Process
    let port: Int
    let logPath: String

    /// Starts `executable --port=N` on a port the system just handed out (bound to port 0 and
    /// released), retrying with another port if chromedriver exits before it is ready (another
    /// process took the port meanwhile), and waits for `/status` to say it is ready.
    init(executable: String, folder: String, environment: [String: String], timeout: Double = 60) throws {
        let deadline = Deadline(after: timeout)
        logPath = folder + "/chromedriver.log"
        var lastReason = ""
        for _ in 0..<3 {
            let port = try Self.freeLoopbackPort()
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--port=\(port)", "--log-level=WARNING"]  // listens on loopback only (no --allowed-ips)
            process.environment = environment
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = log
            process.standardError = log
            do {
                try process.run()
            } catch {
                try? log.close()
                throw WebDriverError.driverStartFailed(reason: "cannot run \(executable): \(error)", log: "")
            }
            try? log.close()
            switch Self.waitUntilReady(process, port: port, deadline: deadline) {
            case .ready:
                self.process = process
                self.port = port
                return
            case .exited(let status):
                lastReason = "it exited with status \(status) before it was ready (on port \(port))"
            case .timedOut:
                Self.stop(process)
                throw WebDriverError.driverStartFailed(reason: "not ready after \(timeout) s on port \(port)", log: Self.tail(of: logPath))
            }
        }
        throw WebDriverError.driverStartFailed(reason: lastReason, log: Self.tail(of: logPath))
    }

    /// "http://127.0.0.1:PORT".
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The last lines chromedriver printed (for error messages).
    var logTail: String { Self.tail(of: logPath) }

    /// Asks chromedriver to shut down (`GET /shutdown`), then SIGTERM, then SIGKILL, each after
    /// `grace` seconds without an exit; reaps it. (A child of a test runner may inherit a signal
    /// mask that blocks SIGTERM, so the request comes first.)
    func stop(grace: Double = 2) {
        guard process.isRunning else { return }
        _ = try? RawHTTP.request(url: "\(baseURL)/shutdown", timeout: grace)
        let deadline = Deadline(after: grace)
        while process.isRunning, deadline.remaining > 0 { usleep(10_000) }
        Self.stop(process, grace: grace)
    }

    private enum Readiness { case ready, exited(Int32), timedOut }

    private static func waitUntilReady(_ process: Process, port: Int, deadline: Deadline) -> Readiness {
        while deadline.remaining > 0 {
            guard process.isRunning else { return .exited(process.terminationStatus) }
            if let response = try? RawHTTP.request(url: "http://127.0.0.1:\(port)/status", timeout: min(2, max(0.1, deadline.remaining))),
                response.status == 200,
                let object = try? response.json() as? [String: Any],
                let value = object["value"] as? [String: Any],
                value["ready"] as? Bool == true
            {
                return .ready
            }
            usleep(20_000)
        }
        return .timedOut
    }

    static func stop(_ process: Process, grace: Double = 3) {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Deadline(after: grace)
        while process.isRunning, deadline.remaining > 0 { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// A port that was free on 127.0.0.1 a moment ago.
    private static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw WebDriverError.driverStartFailed(reason: "socket: \(String(cString: strerror(errno)))", log: "") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ok else {
            throw WebDriverError.driverStartFailed(reason: "no free port on 127.0.0.1: \(String(cString: strerror(errno)))", log: "")
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func tail(of path: String, lines: Int = 30) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").suffix(lines).joined(separator: "\n")
    }
}
