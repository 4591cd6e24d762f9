/// A count and the words that go with it, in English: "1 photo", "3 photos", "1 blob is",
/// "2 blobs are". The one place messages choose between a singular and a plural.
public enum Plural {
    /// `n` and `singular` or `plural` (default: `singular` and "s"): "1 photo", "21 photos",
    /// `count(n, "entry", "entries")`, `count(n, "photo was", "photos were")`.
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(word(n, singular, plural))"
    }

    /// `singular` or `plural` (default: `singular` and "s") for `n`, without the number.
    public static func word(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        n == 1 ? singular : plural ?? singular + "s"
    }
}
