import Foundation
import TestSupport

/// Mounts for fault tests (a small tmpfs that fills up, a read-only bind mount), made with
/// /bin/mount; tests that need them run only where this process may mount (see `requirement`).
enum Mounts {
    /// Whether mounting works here (root with CAP_SYS_ADMIN), probed once with a tiny tmpfs.
    static let available: Bool = {
        let folder = NSTemporaryDirectory() + "tourist-mount-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard run(["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder]) else { return false }
        return unmount(folder)
    }()

    /// What the mount tests need: skipped without it, failing on CI (see `MachineRequirement`).
    static let requirement = MachineRequirement(
        isMet: { available },
        missing:
            "this process cannot mount file systems, so the full-disk and read-only mount tests cannot run here; run the tests as root with CAP_SYS_ADMIN (in a container: docker run --cap-add SYS_ADMIN, or --privileged) and /bin/mount installed (bash .ci/setup)"
    )

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
