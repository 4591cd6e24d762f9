import TouristCore

/// A `FetchReport` as the terminal says it on stderr: one line per note that explains a failure
/// (with the provider's own words), then the headline with the advice's command. A short album
/// and a new collection left for too few unseen photos are one line: what could not answer, then
/// what there is. The report's alternative, when it has one, comes before the headline, so the
/// headline stays the last word (and the message of a failure with --json).
enum TerminalReport {
    static func lines(_ report: FetchReport) -> [String] {
        let alternative = report.alternative?.remedy.map { [RemedyCommands.clause($0)] } ?? []
        switch report.kind {
        case .complete:
            return report.notes.map(line)
        case .fewUnseen:
            // One line: who could not be asked, how many are left, and how to replace the album anyway.
            return [(report.notes.map(\.text) + [conclusion(report)]).joined(separator: "; ")]
        case .short where report.asksAgain:
            return [
                (report.notes.map(\.text) + [report.headline]).joined(separator: "; ")
                    + advice(report, joiner: [.widenRadius, .widenWindow].contains(report.advice?.action) ? ". For more, " : ". ")
            ]
        default:
            return report.notes.map(line) + alternative + [conclusion(report)]
        }
    }

    /// The headline and what to do.
    static func conclusion(_ report: FetchReport) -> String {
        let joiner =
            switch (report.kind, report.advice?.action) {
            case (.empty, .widenRadius?), (.empty, .widenWindow?): ". To find some, "
            case (_, .widenRadius?), (_, .widenWindow?): ". For more, "
            case (.fewUnseen, _): ". "
            default: "; "
            }
        return report.headline + advice(report, joiner: joiner)
    }

    /// A note as a line: its plain words, and the provider's own after a colon.
    static func line(_ note: FetchReport.Note) -> String {
        note.detail.map { "\(note.text): \($0)" } ?? note.text
    }

    private static func advice(_ report: FetchReport, joiner: String) -> String {
        report.advice?.remedy.map { joiner + RemedyCommands.clause($0) } ?? ""
    }
}
