/// Keeps spreadsheets from running a pin name as a formula (OWASP's CSV injection advice): a name
/// written to CSV that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a single
/// quote before it, which spreadsheets take as "text" and do not show.
///
/// So that reading an exported file gives back exactly the names written, a name that itself begins
/// with a quote gets one more, and reading drops a leading quote only when it is followed by one of
/// those characters or by another quote: `'=SUM(A1)` reads as `=SUM(A1)`, `''Twas` as `'Twas`,
/// while a hand-written `'Twas` stays as it is.
enum SpreadsheetGuard {
    /// The first characters that get the guard: a formula's, and the quote itself.
    static let starters: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// `field` as written to CSV: with a leading quote when it starts like a formula (or a quote).
    static func guarded(_ field: String) -> String {
        guard let first = field.unicodeScalars.first, starters.contains(first) else { return field }
        return "'" + field
    }

    /// `field` as read from CSV: without the leading quote `guarded` would have added.
    static func unguarded(_ field: String) -> String {
        let scalars = field.unicodeScalars
        guard scalars.first == "'", let second = scalars.dropFirst().first, starters.contains(second) else { return field }
        return String(scalars.dropFirst())
    }
}
