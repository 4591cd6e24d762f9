import Foundation
import Glibc

/// Writing to the terminal's streams.
enum Terminal {
    /// Whether stderr is a terminal (progress bars go there only then).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func write(bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
