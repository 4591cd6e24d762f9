/// Words someone typed or sent, quoted in a message: whole when short; when long, the start and
/// how long it was, so that a 10,000-character argument does not fill the screen or a page with
/// its own echo: `"xxxx…" (cut: 10000 characters in all)`.
public enum Excerpt {
    /// The most characters quoted whole; a longer text shows its first `shown`.
    public static let limit = 80
    static let shown = 60

    /// `text` in double quotes, cut to its start (saying so) when longer than `limit`.
    public static func quoted(_ text: String) -> String {
        guard text.count > limit else { return "\"\(text)\"" }
        return "\"\(text.prefix(shown))…\" (cut: \(text.count) characters in all)"
    }
}
