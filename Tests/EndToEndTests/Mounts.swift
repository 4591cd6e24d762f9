import Foundation
import Testing

/// Mounts for fault tests (a small tmpfs that fills up, a read-only bind mount), made with
/// /bin/mount; tests that need them are enabled only where this process may mount.
enum Mounts {
    /// Whether mounting works here (root with CAP_SYS_ADMIN), probed once with a tiny tmpfs.
    static let available: Bool = {
        let folder = NSTemporaryDirectory() + "tourist-mount-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard run(["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder]) else { return false }
        return unmount(folder)
    }()

    /// Why the tests are skipped where mounting is not allowed.
    static let unavailable: Comment = "this process cannot mount file systems (it needs root with CAP_SYS_ADMIN), so the full-disk and read-only mount tests cannot run here"

    /// Mounts a tmpfs of `size` (such as "96k") at `folder`.
    static func tmpfs(at folder: String, size: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try require(run(["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder]), "mount tmpfs at \(folder)")
    }

    /// Gives the tmpfs at `folder` a new size.
    static func resize(_ folder: String, to size: String) throws {
        try require(run(["-o", "remount,size=\(size)", folder]), "resize \(folder)")
    }

    /// Mounts `source` at `target` read-only.
    static func readOnlyBind(_ source: String, at target: String) throws {
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try require(run(["--bind", source, target]), "bind \(source) at \(target)")
        try require(run(["-o", "remount,ro,bind", target]), "remount \(target) read-only")
    }

    @discardableResult
    static func unmount(_ folder: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/umount")
        process.arguments = [folder]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private static func run(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    private static func require(_ done: Bool, _ what: String) throws {
        guard done else { throw MountError(what: what) }
    }

    struct MountError: Error, CustomStringConvertible {
        var what: String
        var description: String { "could not \(what)" }
    }
}
