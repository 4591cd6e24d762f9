extension FetchReport {
    /// The report with a note for each provider whose photos were left out for carrying no taken
    /// date while the pin has a time window ("commons gave 3 photos without a taken date, left
    /// out of the window"); `undated` counts them per provider.
    public func noting(undated: [String: Int]) -> FetchReport {
        var report = self
        for (provider, count) in undated.sorted(by: { $0.key < $1.key }) where count > 0 {
            let text = "\(provider) gave \(Plural.count(count, "photo")) without a taken date, left out of the time window"
            report.notes.append(Note(provider: provider, reason: nil, text: text, detail: nil))
        }
        return report
    }
}

extension Pin {
    /// The pin's time window after "photos" in a report, with a space first: " taken in April";
    /// empty for a pin without one.
    var takenPhrase: String {
        window.map { " \($0.takenPhrase)" } ?? ""
    }
}
