import TestSupport
import Foundation
import Glibc
import Synchronization

/// A W3C WebDriver client driving Debian's headless chromium through its chromedriver
/// (packages chromium and chromium-driver), over `RawHTTP`. One session per value, with its own
/// throw-away profile; `quit()` (or releasing the value) ends chromium and chromedriver and
/// removes the profile.
///
/// The calls block (most take milliseconds; `init` about a second, and longer while another
/// browser of this process runs, `navigate` until the page loaded, `waitUntil` up to its
/// timeout): from async tests run them through `Blocking.run`.
/// Chromium is kept on loopback: a dead proxy for every non-loopback URL, no host name resolves
/// except localhost, and background networking (updates, sync, metrics) is off.
public final class WebDriver: Sendable {
    public static let chromiumPath = "/usr/bin/chromium"
    public static let chromedriverPath = "/usr/bin/chromedriver"

    /// Whether chromium and chromedriver are installed (both exist and are executable).
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: chromiumPath) && FileManager.default.isExecutableFile(atPath: chromedriverPath)
    }

    /// What the browser tests need: skipped without it, failing on CI (see `MachineRequirement`).
    public static let requirement = MachineRequirement(
        isMet: { isAvailable },
        missing: "chromium and chromedriver are not installed; run `bash .ci/setup` (apt-get install chromium chromium-driver)"
    )

    /// How long starting took, in seconds: chromedriver until its `/status` said ready, then the
    /// session (chromium's start) until it was created.
    public struct StartupTimings: Sendable, CustomStringConvertible {
        public var driverReady: Double
        public var sessionCreated: Double
        public var description: String {
            "chromedriver ready in \(Self.format(driverReady)) s, session created in \(Self.format(sessionCreated)) s"
        }
        private static func format(_ seconds: Double) -> String { String(format: "%.2f", seconds) }
    }

    /// chromedriver's base URL, "http://127.0.0.1:PORT".
    public let driverURL: String
    /// The WebDriver session's id.
    public let sessionID: String
    /// chromium's process id, as chromedriver reported it (`goog:processID`).
    public let browserProcessID: Int32?
    public let startupTimings: StartupTimings
    /// Seconds an HTTP exchange with chromedriver may take (beyond the page-load and script
    /// timeouts of the session, which are 60 s and 30 s).
    public let commandTimeout: Double

    /// One browser at a time in this process: chromium takes a core or more while it starts and
    /// loads pages, so browser tests of several suites at once would starve each other and every
    /// other test on a 2-core machine. `init` waits for the slot; `quit()` gives it back.
    private static let slot = DispatchSemaphore(value: 1)

    /// The temporary folder holding the profile, HOME and chromedriver's output.
    let folder: String
    private let driver: Mutex<ChromeDriverProcess?>

    /// Starts chromedriver on a free loopback port and a headless chromium session with a fresh
    /// profile and a `windowWidth`×`windowHeight` window. Throws `WebDriverError.unavailable` when
    /// they are not installed, and `driverStartFailed` or `command` errors with chromedriver's output.
    public init(windowWidth: Int = 1280, windowHeight: Int = 800, commandTimeout: Double = 120) throws {
        guard Self.isAvailable else { throw WebDriverError.unavailable(Self.requirement.missing) }
        Self.slot.wait()
        var running = false
        defer { if !running { Self.slot.signal() } }
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let folder = "\(base)/tourist-webdriver-\(UUID().uuidString.prefix(8))"
        for sub in ["profile", "home", "config", "cache"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(sub)", withIntermediateDirectories: true)
        }
        var environment = ProcessInfo.processInfo.environment
        // Whatever chromium writes outside the profile (~/.pki/nssdb, caches) stays in the folder.
        environment["HOME"] = "\(folder)/home"
        environment["XDG_CONFIG_HOME"] = "\(folder)/config"
        environment["XDG_CACHE_HOME"] = "\(folder)/cache"

        let started = ContinuousClock.now
        let driver: ChromeDriverProcess
        do {
            driver = try ChromeDriverProcess(executable: Self.chromedriverPath, folder: folder, environment: environment)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        let ready = ContinuousClock.now
        let capabilities = Self.capabilities(profile: "\(folder)/profile", width: windowWidth, height: windowHeight)
        let value: Any?
        do {
            value = try WebDriverWire.send(
                "POST", "\(driver.baseURL)/session", body: ["capabilities": ["alwaysMatch": capabilities]], timeout: 60)
        } catch {
            driver.stop()
            let log = driver.logTail
            try? FileManager.default.removeItem(atPath: folder)
            throw log.isEmpty ? error : WebDriverError.driverStartFailed(reason: "\(error)", log: log)
        }
        guard let session = value as? [String: Any], let id = session["sessionId"] as? String, !id.isEmpty else {
            driver.stop()
            try? FileManager.default.removeItem(atPath: folder)
            throw WebDriverError.protocolViolation(command: "POST /session", detail: "no sessionId in \(String(describing: value))")
        }
        let created = ContinuousClock.now
        let returned = session["capabilities"] as? [String: Any]
        browserProcessID = (returned?["goog:processID"] as? Int).map { Int32($0) }
        sessionID = id
        driverURL = driver.baseURL
        self.folder = folder
        self.commandTimeout = commandTimeout
        self.driver = Mutex(driver)
        startupTimings = StartupTimings(driverReady: Self.seconds(ready - started), sessionCreated: Self.seconds(created - ready))
        running = true
    }

    deinit { quit() }

    /// Ends the session (chromium quits), stops chromedriver and removes the temporary profile.
    /// Idempotent; later commands throw `WebDriverError.quit`.
    public func quit() {
        guard
            let driver = self.driver.withLock({ driver -> ChromeDriverProcess? in
                defer { driver = nil }
                return driver
            })
        else { return }
        _ = try? WebDriverWire.send("DELETE", "\(driverURL)/session/\(sessionID)", body: nil, timeout: 10)
        driver.stop()
        if let pid = browserProcessID { Self.killIfStillChromium(pid) }
        try? FileManager.default.removeItem(atPath: folder)
        Self.slot.signal()
    }

    /// Sends a command of this session: `path` follows `/session/ID` ("/url", "/element"…).
    /// Returns the answer's `value` (nil for JSON null); W3C errors throw `WebDriverError.command`.
    @discardableResult
    public func command(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any? {
        guard driver.withLock({ $0 != nil }) else { throw WebDriverError.quit }
        return try WebDriverWire.send(
            method, "\(driverURL)/session/\(sessionID)\(path)", body: body ?? (method == "POST" ? [:] : nil), timeout: commandTimeout)
    }

    // MARK: - Start-up details

    /// The session's capabilities: headless chromium with a throw-away profile, no sandbox (tests
    /// run as root), nothing that talks to the network on its own, and no way off loopback.
    static func capabilities(profile: String, width: Int, height: Int) -> [String: Any] {
        let arguments = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--window-size=\(width),\(height)",
            "--user-data-dir=\(profile)",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--disable-component-update",
            "--disable-background-networking",
            "--disable-sync",
            "--disable-default-apps",
            "--disable-domain-reliability",
            "--disable-breakpad",
            "--metrics-recording-only",
            "--mute-audio",
            // Only loopback: proxies are bypassed for loopback addresses, and any other URL goes to a
            // proxy at a port where nothing listens; no name resolves except localhost.
            "--proxy-server=http://127.0.0.1:9",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1",
        ]
        return [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": chromiumPath, "args": arguments],
            "goog:loggingPrefs": ["browser": "ALL"],
            "timeouts": ["pageLoad": 60_000, "script": 30_000, "implicit": 0],
            "unhandledPromptBehavior": "dismiss and notify",
        ]
    }

    /// SIGKILLs `pid` if it is still a chromium process (chromedriver normally ended it already).
    private static func killIfStillChromium(_ pid: Int32) {
        guard pid > 1, let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
            comm.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("chromium")
        else { return }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        if stat.contains(") Z ") { return }  // a zombie already: nothing left to end
        kill(pid, SIGKILL)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
