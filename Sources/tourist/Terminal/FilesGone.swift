import TouristCore

extension Store {
    /// How the files of removed photos go, in the terminal's words: "3 files deleted", or on a
    /// shared bucket, the command that deletes them once the grace period has passed.
    func filesGone(deleted: Int) -> String {
        guard let minutes = removedFilesGraceMinutes else { return "\(Plural.count(deleted, "file")) deleted" }
        return "their files stay until `tourist store gc`, which deletes those no album uses after \(minutes) min"
    }
}
