import Foundation

/// Runs the built `tourist` executable, as a user would, and captures what it prints.
public struct TouristBinary: Sendable {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        /// stdout parsed as JSON.
        public func json() throws -> Any {
            try JSONSerialization.jsonObject(with: Data(stdout.utf8))
        }

        /// stderr of a --json run parsed as the one JSON object it may hold (`{"error": …, "notes":
        /// […]}`); an empty object when stderr is empty. Throws when stderr is anything else: prose,
        /// or more than one object.
        public func stderrJSON() throws -> [String: Any] {
            guard !stderr.isEmpty else { return [:] }
            guard stderr.hasSuffix("\n"), stderr.dropLast().allSatisfy({ $0 != "\n" }),
                let object = try JSONSerialization.jsonObject(with: Data(stderr.utf8)) as? [String: Any]
            else {
                throw NotOneJSONObject(stderr: stderr)
            }
            return object
        }

        /// The notes of a --json run's stderr (`stderrJSON()["notes"]`).
        public func stderrNotes() throws -> [String] {
            try stderrJSON()["notes"] as? [String] ?? []
        }
    }

    /// stderr was expected to be one JSON object on one line.
    public struct NotOneJSONObject: Error, CustomStringConvertible {
        public let stderr: String
        public var description: String { "stderr is not one JSON object on one line: \(stderr)" }
    }

    public let path: String
    public var environment: [String: String]

    /// The binary beside the test bundle in the build folder (`swift build` makes it).
    public init(environment: [String: String]) throws {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ].compactMap { $0?.appendingPathComponent("tourist").path }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BinaryMissing(looked: candidates)
        }
        path = found
        var base = ["PATH": "/usr/bin:/bin", "HOME": environment["HOME"] ?? "/nonexistent", "SWIFT_BACKTRACE": "enable=no"]
        base.merge(environment) { $1 }
        self.environment = base
    }

    private init(path: String, environment: [String: String]) {
        self.path = path
        self.environment = environment
    }

    /// This binary copied alone into `folder` (made when missing), with nothing of the build beside
    /// it, run with the same environment. The copy is made by `cp`, in a process of its own: a
    /// file this process held open for writing would be inherited by whatever another test spawns
    /// meanwhile, and executing the copy would then fail with "Text file busy" until that ends.
    public func copied(into folder: String) throws -> TouristBinary {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/tourist"
        let cp = Process()
        cp.executableURL = URL(fileURLWithPath: "/bin/cp")
        cp.arguments = [path, copy]
        try cp.run()
        cp.waitUntilExit()
        guard cp.terminationStatus == 0 else { throw CopyFailed(from: path, to: copy) }
        return TouristBinary(path: copy, environment: environment)
    }

    public struct CopyFailed: Error, CustomStringConvertible {
        let from: String, to: String
        public var description: String { "cp \(from) \(to) failed" }
    }

    public struct BinaryMissing: Error, CustomStringConvertible {
        let looked: [String]
        public var description: String {
            "the tourist binary was not found (looked at \(looked.joined(separator: ", "))); run `swift build` before `swift test`"
        }
    }

    /// Runs `tourist arguments…` to completion. The blocking waits happen on a thread of their own,
    /// so parallel tests never starve Swift's cooperative thread pool. `input`: a file whose bytes
    /// are its stdin (else it reads nothing).
    @discardableResult
    public func run(_ arguments: [String], in directory: String? = nil, input: String? = nil) async throws -> Result {
        let finished = try await Self.finish(try start(arguments, in: directory, input: input))
        return Result(status: finished.status, stdout: finished.stdout, stderr: finished.stderr)
    }

    /// A started process that ended: its status (a signal's number when a signal ended it), what it
    /// printed, and whether a signal ended it.
    public struct Finished: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        public let bySignal: Bool
    }

    /// Reads a started process's output to its end and waits for it to exit, off the cooperative
    /// thread pool.
    public static func finish(_ process: Process) async throws -> Finished {
        try await Blocking.run {
            let (stdout, stderr) = collectOutput(of: process)
            process.waitUntilExit()
            return Finished(
                status: process.terminationStatus, stdout: stdout, stderr: stderr, bySignal: process.terminationReason == .uncaughtSignal)
        }
    }

    /// Waits for a started process to end, off the cooperative thread pool; returns whether a signal ended it.
    public static func waitForExit(_ process: Process) async throws -> Bool {
        try await finish(process).bySignal
    }

    /// Reads a started process's stdout and stderr to their ends, both at once so neither pipe fills.
    /// stdout is read on a thread of its own (not Dispatch's pool, which grows slowly on Linux:
    /// behind a busy suite's other reads, a full pipe would hold the process up).
    public static func collectOutput(of process: Process) -> (stdout: String, stderr: String) {
        final class Box: @unchecked Sendable { var data = Data() }
        let box = Box()
        guard let out = process.standardOutput as? Pipe, let err = process.standardError as? Pipe else { return ("", "") }
        let stdoutRead = DispatchSemaphore(value: 0)
        let reader = Thread {
            box.data = out.fileHandleForReading.readDataToEndOfFile()
            stdoutRead.signal()
        }
        reader.start()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        stdoutRead.wait()
        return (String(decoding: box.data, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// Reads a started process's stderr until `text` appears in it (or the stream ends), off the
    /// cooperative thread pool, and returns what it read: a test waits for what the process says it
    /// did, not for an amount of time. What is read here is not seen by a later `collectOutput`.
    public static func readStderr(of process: Process, until text: String) async throws -> String {
        guard let err = process.standardError as? Pipe else { return "" }
        let fd = err.fileHandleForReading.fileDescriptor
        return try await Blocking.run {
            var seen: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !String(decoding: seen, as: UTF8.self).contains(text) {
                let count = read(fd, &chunk, chunk.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                seen += chunk[..<count]
            }
            return String(decoding: seen, as: UTF8.self)
        }
    }

    /// Starts `tourist arguments…` and returns the running process (stdout and stderr are pipes).
    /// `fileLimit` starts it with that many open files allowed (`ulimit -n`, soft and hard).
    public func start(_ arguments: [String], in directory: String? = nil, input: String? = nil, fileLimit: Int? = nil) throws -> Process {
        let process = Process()
        if let fileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        process.standardInput = input.flatMap(FileHandle.init(forReadingAtPath:)) ?? FileHandle.nullDevice
        try process.run()
        return process
    }
}
