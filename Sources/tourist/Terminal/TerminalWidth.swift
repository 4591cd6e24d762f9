import Glibc

/// How many columns a terminal shows, so what tourist prints there fits.
enum TerminalWidth {
    /// The columns of the terminal `fd` is (TIOCGWINSZ), else `$COLUMNS` when set (for output piped
    /// on to a terminal, and for tests), else nil: a file or a pipe has no width to fit.
    static func of(_ fd: Int32, environment: [String: String]) -> Int? {
        var size = winsize()
        if isatty(fd) == 1, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }
}
