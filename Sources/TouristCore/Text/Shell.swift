/// Words as a shell reads them back.
public enum Shell {
    /// `word` as is when the shell reads it so, else in single quotes.
    public static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || "0123456789/._-+:,@%".unicodeScalars.contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
