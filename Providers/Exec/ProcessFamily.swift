import Foundation
import Glibc

/// The processes descended from a plugin, found in `/proc` by their parents, so that those that
/// left its process group (`setsid`, `setpgid`), which a signal to the group misses, end with it.
/// Each is known by its pid and start time, so a pid reused since is never signalled. Taken while
/// the plugin runs: once it has ended, its children belong to another parent and cannot be told
/// apart from anyone's.
struct ProcessFamily: Sendable {
    struct Member: Sendable, Equatable {
        let pid: pid_t
        let parent: pid_t
        /// Clock ticks after boot (`/proc/PID/stat` field 22).
        let started: UInt64
    }

    private(set) var members: [Member] = []

    /// Every living descendant of `root` now (none where `/proc` cannot be read).
    static func descendants(of root: pid_t) -> ProcessFamily {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let everyone = names.compactMap { pid_t($0) }.compactMap(member)
        let byParent = Dictionary(grouping: everyone, by: \.parent)
        var found: [Member] = []
        var parents = [root]
        while let parent = parents.popLast() {
            for child in byParent[parent] ?? [] where !found.contains(child) {
                found.append(child)
                parents.append(child.pid)
            }
        }
        return ProcessFamily(members: found)
    }

    /// Kills the process group `leader` leads and every descendant of `leader`, also those that left
    /// the group. `leader` must not have been reaped: only then are its group id and its children
    /// certainly its own.
    static func killGroupAndDescendants(of leader: pid_t) {
        let family = descendants(of: leader)
        _ = Glibc.kill(-leader, SIGKILL)
        family.kill()
    }

    /// Sends SIGKILL to every member still running as itself (its start time unchanged).
    func kill() {
        for member in members where Self.member(member.pid)?.started == member.started {
            _ = Glibc.kill(member.pid, SIGKILL)
        }
    }

    /// The process `pid` as `/proc/PID/stat` shows it: `pid (name) state ppid … starttime …`, the
    /// name possibly holding spaces and parentheses.
    private static func member(_ pid: pid_t) -> Member? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
            let close = data.lastIndex(of: UInt8(ascii: ")"))
        else { return nil }
        let fields = data[(close + 1)...].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        // fields[0] is the state (field 3), so field N is fields[N - 3].
        guard fields.count > 19, let parent = pid_t(fields[1]), let started = UInt64(fields[19]) else { return nil }
        return Member(pid: pid, parent: parent, started: started)
    }
}
