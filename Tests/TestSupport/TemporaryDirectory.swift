import Foundation

/// A fresh folder under the system temp dir, removed when the value is dropped.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init(_ label: String = "tourist-test") {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        path = "\(base)/\(label)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the folder.
    public func child(_ name: String) -> String { "\(path)/\(name)" }

    /// Writes `text` to a file inside the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    /// Writes `data` to a file inside the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ data: Data) throws -> String {
        let file = child(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: file), options: .atomic)
        return file
    }
}
