import Foundation
import Synchronization

/// A throwaway Ceph RADOS Gateway on 127.0.0.1, a real S3 engine for tests: started by the
/// repository's `.ci/ceph-rgw` in a folder of its own, with a user whose keys it knows, and stopped
/// (every daemon it started, and the folder) when the value is released.
public final class CephGateway: Sendable {
    /// `http://127.0.0.1:PORT`, path-style.
    public let endpoint: URL
    public let accessKeyID: String
    public let secretAccessKey: String
    public let region: String
    private let folder: String

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let script = repository + "/.ci/ceph-rgw"

    /// Whether Debian's Ceph packages are installed (`bash .ci/ceph-rgw install`, which `.ci/run` runs).
    public static var isInstalled: Bool {
        ["/usr/bin/ceph-mon", "/usr/bin/ceph-osd", "/usr/bin/radosgw", "/usr/bin/monmaptool", "/usr/bin/radosgw-admin"]
            .allSatisfy(FileManager.default.isExecutableFile(atPath:))
    }

    /// What the S3 tests need: skipped without it, failing on CI (see `MachineRequirement`).
    public static let requirement = MachineRequirement(
        isMet: { isInstalled },
        missing: "Ceph is not installed; run `bash .ci/ceph-rgw install` (apt-get install ceph-mon ceph-osd radosgw ceph-common)"
    )

    /// Starts a cluster (a few seconds); throws with the script's output when it cannot.
    public init() throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        folder = "\(base)/tourist-ceph-\(UUID().uuidString.prefix(8))"
        let (status, output) = try Self.runScript(["start", folder])
        var settings: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard status == 0, let endpoint = settings["AWS_ENDPOINT_URL"].flatMap(URL.init(string:)),
            let access = settings["AWS_ACCESS_KEY_ID"],
            let secret = settings["AWS_SECRET_ACCESS_KEY"], let region = settings["AWS_REGION"]
        else {
            _ = try? Self.runScript(["stop", folder])
            throw StartFailed(description: "bash .ci/ceph-rgw start exited \(status): \(output)")
        }
        self.endpoint = endpoint
        accessKeyID = access
        secretAccessKey = secret
        self.region = region
    }

    deinit { _ = try? Self.runScript(["stop", folder]) }

    /// One gateway for every test of this process that asks for it, started on the first ask (each
    /// start costs seconds) and stopped when the process exits. Tests sharing it use buckets of
    /// their own (`makeBucketName`).
    public static func shared() throws -> CephGateway {
        try sharedGateway.withLock { (started: inout Result<CephGateway, StartFailed>?) throws -> CephGateway in
            if let started { return try started.get() }
            let result: Result<CephGateway, StartFailed>
            do {
                result = .success(try CephGateway())
            } catch let failure as StartFailed {
                result = .failure(failure)
            }
            started = result
            if case .success = result { atexit { CephGateway.stopShared() } }
            return try result.get()
        }
    }

    private static let sharedGateway = Mutex<Result<CephGateway, StartFailed>?>(nil)

    /// Stops the shared gateway's daemons (at exit, where no deinit runs).
    private static func stopShared() {
        guard case .success(let gateway)? = sharedGateway.withLock({ $0 }) else { return }
        _ = try? runScript(["stop", gateway.folder])
    }

    /// The environment that points awscli, boto3 and tourist at this gateway.
    public var environment: [String: String] {
        [
            "AWS_ENDPOINT_URL": endpoint.absoluteString, "AWS_ACCESS_KEY_ID": accessKeyID, "AWS_SECRET_ACCESS_KEY": secretAccessKey,
            "AWS_REGION": region,
        ]
    }

    /// Makes a bucket named `makeBucketName(label)` and returns its name. Signed by curl's own SigV4
    /// (`--aws-sigv4`), so it does not depend on the code under test.
    public func makeBucket(_ label: String) throws -> String {
        let bucket = Self.makeBucketName(label)
        let (status, _) = try curl(["-X", "PUT", endpoint.absoluteString + "/" + bucket])
        guard status == "200" else { throw StartFailed(description: "PUT /\(bucket) answered \(status)") }
        return bucket
    }

    /// The bytes of object `key` in `bucket` (read by curl), or nil when there is none.
    public func object(_ bucket: String, _ key: String) throws -> Data? {
        let (status, body) = try curl([endpoint.absoluteString + "/" + bucket + "/" + key])
        return status == "200" ? body : nil
    }

    /// Writes `data` as object `key` of `bucket` by curl, as another client of the bucket would,
    /// whatever the key holds (each byte but letters, digits, `-._~` and `/` percent-encoded; `..`
    /// segments sent as they are); answers the HTTP status.
    @discardableResult
    public func put(_ bucket: String, _ key: String, _ data: Data) throws -> String {
        let folder = TemporaryDirectory("tourist-put")
        let body = folder.child("body")
        try data.write(to: URL(fileURLWithPath: body))
        let encoded = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~/"))) ?? key
        let (status, _) = try curl(
            ["--path-as-is", "-X", "PUT", "--data-binary", "@" + body, endpoint.absoluteString + "/" + bucket + "/" + encoded],
            payload: "UNSIGNED-PAYLOAD")
        return status
    }

    /// The keys in `bucket` under `prefix` (the first 1,000, listed by curl).
    public func keys(_ bucket: String, prefix: String) throws -> [String] {
        let encoded =
            prefix.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? prefix
        let (status, body) = try curl([endpoint.absoluteString + "/" + bucket + "?list-type=2&prefix=" + encoded])
        guard status == "200" else { throw StartFailed(description: "listing \(bucket) answered \(status)") }
        let text = String(decoding: body, as: UTF8.self)
        return text.components(separatedBy: "<Key>").dropFirst().compactMap { $0.components(separatedBy: "</Key>").first }
    }

    /// How many requests the gateway has answered, from its log (one `beast:` line each).
    public func requestCount() throws -> Int {
        let log = try String(contentsOfFile: folder + "/log/client.rgw.a.log", encoding: .utf8)
        return log.split(separator: "\n").count { $0.contains(" beast: ") }
    }

    /// The requests the gateway has answered on `bucket`, as `METHOD /BUCKET/KEY?QUERY`, in the
    /// order its log holds them. radosgw writes its log from a thread of its own, so first a marker
    /// is asked for and waited for in the log: every request answered before it is then there.
    public func requests(on bucket: String) async throws -> [String] {
        let marker = "/\(bucket)/tourist-log-marker-\(UUID().uuidString)"
        _ = try curl([endpoint.absoluteString + marker])
        var lines: [String] = []
        try await Waiting.until("the gateway logs the request for \(marker)") {
            lines = try String(contentsOfFile: folder + "/log/client.rgw.a.log", encoding: .utf8).split(separator: "\n").compactMap {
                line in
                guard line.contains(" beast: "), let open = line.firstIndex(of: "\""), let end = line[open...].range(of: " HTTP/") else {
                    return nil
                }
                return String(line[line.index(after: open)..<end.lowerBound])
            }
            return lines.contains { $0.hasSuffix(" " + marker) }
        }
        return lines.filter { request in
            let path = request.drop { $0 != " " }.dropFirst()
            return !path.hasPrefix(marker) && (path == "/\(bucket)" || path.hasPrefix("/\(bucket)/") || path.hasPrefix("/\(bucket)?"))
        }
    }

    /// Stops radosgw alone: S3 goes away, the cluster keeps what it stored.
    public func stopGateway() throws {
        let (status, output) = try Self.runScript(["stop-gateway", folder])
        guard status == 0 else { throw StartFailed(description: "stop-gateway exited \(status): \(output)") }
    }

    /// Starts radosgw again on the same port, after `stopGateway`.
    public func startGateway() throws {
        let (status, output) = try Self.runScript(["start-gateway", folder])
        guard status == 0 else { throw StartFailed(description: "start-gateway exited \(status): \(output)") }
    }

    /// Runs curl signed as this gateway's user, the payload's hash being `payload` (the empty
    /// body's unless given); returns the HTTP status and the body.
    private func curl(_ arguments: [String], payload: String = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") throws
        -> (String, Data)
    {
        let folder = TemporaryDirectory("tourist-curl")
        let body = folder.child("body")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments =
            [
                "-s", "-o", body, "-w", "%{http_code}", "--aws-sigv4", "aws:amz:\(region):s3", "--user",
                "\(accessKeyID):\(secretAccessKey)",
                "-H", "x-amz-content-sha256: \(payload)",
            ] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let status = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (status, FileManager.default.contents(atPath: body) ?? Data())
    }

    /// A bucket name no other test uses: `tourist-LABEL-RANDOM`, within S3's 3–63 characters.
    public static func makeBucketName(_ label: String) -> String {
        let cleaned = String(label.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.prefix(40))
        return "tourist-\(cleaned)-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The cluster did not start.
    public struct StartFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs the script to its end; returns its status and its stdout (its stderr is the log).
    private static func runScript(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script] + arguments
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let (stdout, log) = TouristBinary.collectOutput(of: process)
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationStatus == 0 ? stdout : stdout + log)
    }
}
