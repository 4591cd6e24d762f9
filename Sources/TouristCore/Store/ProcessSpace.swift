import Foundation
import Glibc

/// Where a pid names one process: a kernel's boot (`/proc/sys/kernel/random/boot_id`) and a pid
/// namespace (`/proc/self/ns/pid`). Two containers, or two VMs cloned from one image, may share a
/// host name but never both of these, so a lease's holder is looked for (`kill(pid, 0)`) only
/// from a process of the same space; elsewhere its pid means another process, or none.
enum ProcessSpace {
    /// This process's space, `BOOT-ID/pid:[INODE]`, or nil where /proc does not tell (then no
    /// holder is ever taken for this machine's).
    static let current: String? = {
        guard
            let boot = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines), !boot.isEmpty
        else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink("/proc/self/ns/pid", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return boot + "/" + String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    /// When process `pid` of this space started, in clock ticks after boot (the 22nd field of
    /// `/proc/PID/stat`); nil when no such process runs (or /proc does not tell). A pid is used
    /// again once its process has gone (and thread ids come from the same numbers), so a pid alone
    /// may name another process; with its start, it names one.
    static func startTime(of pid: Int32) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // After the name (which may hold spaces and parentheses): the state, the 3rd field, onward.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// When this process started (`startTime(of:)`).
    static let currentStart: UInt64? = startTime(of: getpid())
}
