extension FetchReport {
    /// A new collection found `unseen` photos the pin has not shown, fewer than the `holds` its
    /// album holds, and was not told to take fewer: the album is unchanged, and the advice asks
    /// whether to replace it anyway. A provider in `failures` that could not answer (rather than
    /// had no photos) is noted, and the count is then of what was found, not of all that is left.
    public static func fewUnseen(_ pin: Pin, unseen: Int, holds: Int, failures: [ProviderFailure]) -> FetchReport {
        let problems = failures.filter(\.mattersWhenOthersAnswered)
        let left = problems.isEmpty
        return FetchReport(
            kind: .fewUnseen, operation: .newCollection,
            headline:
                "only \(FetchAdvice.unseenPhrase(unseen, left: left, pin: pin)) within \(pin.withinText); the album is unchanged",
            notes: problems.map(Note.init), advice: .allowFewer(pin, unseen: unseen, holds: holds, left: left), unseen: unseen
        )
    }
}
