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
}
