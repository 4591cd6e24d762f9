extension FetchReport {
    /// The report of a fetch or new collection that filled (or tried to fill) `album`: its photos'
    /// states, the providers that gave nothing (`failures`), whether a search ran, and whether any
    /// provider is enabled.
    ///
    /// An album never ends stuck: when a provider could not be reached, refused its credentials or is
    /// misconfigured while others answered and had no more, the album is `short` and ready with what
    /// there is (a rerun would end the same way). Only failures that pass (slow down, time-out, a
    /// server error) leave it `partlyFilled` for a later run. An album left with no photo at all
    /// while such a provider could not be asked is `notAsked`, never `empty`.
    public static func ending(
        _ operation: Operation, album: Album, failures: [ProviderFailure], searched: Bool, providersEnabled: Bool
    ) -> FetchReport {
        let pin = album.pin
        let stored = album.storedCount
        let failed = album.photos.filter { $0.state == .failed }
        let rejected = album.photos.filter { $0.state == .rejected }
        let problems = failures.filter(\.mattersWhenOthersAnswered)
        // While others answered, a provider without credentials is passed by quietly.
        let said = failures.filter { $0.mattersWhenOthersAnswered || $0.reason == .empty }.map(Note.init)
        if let first = failed.first {
            let note = Note(provider: first.key.provider, reason: nil, text: "\(first.key) could not be downloaded", detail: first.error)
            return FetchReport(
                kind: .incomplete, operation: operation,
                headline: "\(failed.count) of \(Plural.count(album.photos.count, "photo")) could not be downloaded", notes: [note],
                advice: .retry(pin, after: operation, what: "retry them", when: .now)
            )
        }
        if stored > 0 {
            if stored >= album.target {
                return FetchReport(
                    kind: .complete, operation: operation,
                    headline: "the album of \"\(pin.name)\" is complete: \(Plural.count(stored, "photo"))", notes: said
                )
            }
            if problems.contains(where: \.passes) {
                return FetchReport(
                    kind: .partlyFilled, operation: operation, headline: "\(albumName(operation)) has \(stored) of \(album.target) photos",
                    notes: said, advice: .retry(pin, after: operation, what: "fill the rest", when: .later)
                )
            }
            return short(operation, album: album, problems: problems, notes: said)
        }
        if let first = rejected.first {
            let note = Note(provider: first.key.provider, reason: nil, text: "\(first.key) could not be used", detail: first.error)
            return FetchReport(
                kind: .unusable, operation: operation,
                headline: "none of the \(Plural.count(rejected.count, "photo")) found near \"\(pin.name)\" could be used", notes: [note],
                advice: .widen(pin)
            )
        }
        guard providersEnabled else {
            return FetchReport(kind: .misconfigured, operation: operation, headline: "no provider is enabled", advice: .fixConfig)
        }
        if let unasked = notAsked(operation, pin: pin, failures: failures) { return unasked }
        guard searched else { return empty(operation, pin: pin, failures: failures, unchanged: false) }
        return nothingFound(operation, pin: pin, failures: failures, unchanged: false)
    }

    /// The album was complete; nothing was done.
    public static func alreadyComplete(_ pin: Pin) -> FetchReport {
        FetchReport(
            kind: .alreadyComplete, operation: .fetch,
            headline: "the album of \"\(pin.name)\" is complete; nothing to fetch (use new-collection for other photos)")
    }

    /// A new collection's search found no photo the pin has not shown: the album is left as it was.
    /// Ends well when a provider answered and none failed in a way that passes.
    public static func noNewCollection(_ pin: Pin, failures: [ProviderFailure]) -> FetchReport {
        nothingFound(.newCollection, pin: pin, failures: failures, unchanged: true)
    }

    /// No photo found: empty (or no new photos) when a provider answered and nothing that passes
    /// failed; else why no provider answered.
    private static func nothingFound(_ operation: Operation, pin: Pin, failures: [ProviderFailure], unchanged: Bool) -> FetchReport {
        guard var report = unanswered(failures, operation: operation) else {
            return empty(operation, pin: pin, failures: failures, unchanged: unchanged)
        }
        if unchanged { report.headline += "; the album is unchanged" }
        return report
    }

    /// Why a search that found nothing is not simply empty (no provider answered, or one that was
    /// reached failed in a way that passes), with a note per failing provider; nil when a provider
    /// answered with no photos and nothing that passes failed: the place has none.
    public static func unanswered(_ failures: [ProviderFailure], operation: Operation = .fetch) -> FetchReport? {
        let answered = failures.contains(where: \.isNoPhotos)
        let problems = failures.filter { !$0.isNoPhotos }
        if answered, !problems.contains(where: \.passes) { return nil }
        let unanswered = answered ? problems.filter(\.passes) : problems
        var report = noAnswer(operation, unanswered.isEmpty ? problems : unanswered)
        report.notes = problems.map(Note.init)
        return report
    }

    /// Nothing found, while a provider that covers the pin could not be asked (unreachable, refused
    /// its key, asked to slow down, misconfigured, broken): not empty, since whether the place has
    /// photos is not known. The advice is what lets it be asked (a key or the config to fix), else
    /// to run again (when online); the demo set's places, when it answered, are the alternative.
    /// Nil when no provider answered (`unanswered` says why) or none that matters failed.
    private static func notAsked(_ operation: Operation, pin: Pin, failures: [ProviderFailure]) -> FetchReport? {
        let problems = failures.filter(\.mattersWhenOthersAnswered)
        guard failures.contains(where: \.isNoPhotos), !problems.isEmpty else { return nil }
        let asked = failures.filter { $0.reason == .empty }.map(\.provider)
        let outside = failures.filter(\.isOutsideCoverage).map(\.provider)
        var answers: [String] = []
        if !asked.isEmpty {
            let none = (operation == .newCollection ? "no unseen photos" : "no photos") + pin.takenPhrase
            answers.append("\(asked.joined(separator: ", ")) found \(none) within \(pin.withinText)")
        }
        if !outside.isEmpty {
            answers.append("\(outside.joined(separator: ", ")) \(outside.count == 1 ? "has" : "have") no photos near \"\(pin.name)\"")
        }
        let notes = problems.map(Note.init)
        let unasked = problems.map(\.provider).joined(separator: ", ")
        let advice =
            fixAdvice(problems)
            ?? .retry(pin, after: operation, what: "ask \(unasked)", when: problems.allSatisfy(\.isUnreachable) ? .online : .later)
        let headline = ([notes.map(\.text).joined(separator: ", ")] + answers).joined(separator: "; ")
        return FetchReport(
            kind: .notAsked, operation: operation, headline: headline, notes: notes, advice: advice,
            alternative: .visit(ProviderFailure.placesWithPhotos(answering: failures))
        )
    }

    /// Nothing within the radius from the providers that answered; those that could not are noted.
    private static func empty(_ operation: Operation, pin: Pin, failures: [ProviderFailure], unchanged: Bool) -> FetchReport {
        let asked = failures.filter { $0.reason == .empty }.map(\.provider)
        let outside = failures.filter(\.isOutsideCoverage).map(\.provider)
        let notes = failures.filter { !$0.isNoPhotos && !$0.isMissingCredentials }.map(Note.init)
        let advice = FetchAdvice.visit(ProviderFailure.placesWithPhotos(answering: failures)) ?? .widen(pin)
        if unchanged {
            return FetchReport(
                kind: .noNewPhotos, operation: operation,
                headline: "no unseen photos\(pin.takenPhrase) left within \(pin.withinText); the album is unchanged",
                notes: notes, advice: advice
            )
        }
        var who = "asked: \(asked.isEmpty ? "no provider" : asked.joined(separator: ", "))"
        if !outside.isEmpty { who += "; not asked, outside their coverage: \(outside.joined(separator: ", "))" }
        return FetchReport(
            kind: .empty, operation: operation, headline: "no photos\(pin.takenPhrase) within \(pin.withinText) (\(who))", notes: notes,
            advice: advice)
    }

    /// Fewer photos than the album holds because that is all the providers that answered have.
    private static func short(_ operation: Operation, album: Album, problems: [ProviderFailure], notes: [Note]) -> FetchReport {
        let pin = album.pin
        let stored = album.storedCount
        let radius = pin.radiusText
        guard !problems.isEmpty else {
            let headline =
                switch operation {
                case .fetch where pin.window != nil:
                    "the album of \"\(pin.name)\" has \(stored) of \(album.target) photos: the providers have only \(Plural.count(stored, "photo"))\(pin.takenPhrase) within \(radius)"
                case .fetch:
                    "the album of \"\(pin.name)\" has \(stored) of \(album.target) photos: that is all the providers have within \(radius)"
                case .newCollection:
                    "the new collection of \"\(pin.name)\" has \(stored) of \(album.target) photos: only \(Plural.count(stored, "unseen photo"))\(pin.takenPhrase) \(Plural.word(stored, "was", "were")) left within \(radius)"
                }
            return FetchReport(kind: .short, operation: operation, headline: headline, notes: notes, advice: .widen(pin))
        }
        let what =
            (operation == .newCollection ? Plural.count(stored, "unseen photo") : Plural.count(stored, "photo")) + "\(pin.takenPhrase) is"
        // None of the problems passes (else the album is partly filled): no waiting brings more.
        // The note says who could not be asked, and the next fetch asks again.
        let advice: FetchAdvice? =
            if let fix = fixAdvice(problems) {
                fix
            } else if operation == .newCollection {
                .widen(pin)
            } else {
                nil
            }
        return FetchReport(
            kind: .short, operation: operation, headline: "\(what) all the others have within \(radius)", notes: problems.map(Note.init),
            advice: advice)
    }

    /// Why no provider answered, from the failures of those that did not.
    private static func noAnswer(_ operation: Operation, _ problems: [ProviderFailure]) -> FetchReport {
        func all(_ test: (ProviderFailure) -> Bool) -> Bool { !problems.isEmpty && problems.allSatisfy(test) }
        if all(\.isUnauthorized) {
            let providers = problems.map(\.provider)
            return FetchReport(
                kind: .refused, operation: operation, headline: "no provider could answer: each refused its credentials or has none",
                advice: .setCredentials(providers))
        }
        if all({ $0.reason == .rateLimited }) {
            return FetchReport(
                kind: .rateLimited, operation: operation, headline: "every provider asked to slow down",
                advice: .runAgainLater
            )
        }
        if all(\.isUnreachable) {
            return FetchReport(
                kind: .unreachable, operation: operation, headline: "no provider could be reached (offline?)", advice: .checkNetwork)
        }
        if all({ $0.reason == .invalidConfiguration }) {
            return FetchReport(
                kind: .misconfigured, operation: operation, headline: "no provider could answer: their configuration is wrong",
                advice: .fixConfig)
        }
        let advice: FetchAdvice = fixAdvice(problems) ?? (problems.contains(where: \.isUnreachable) ? .checkNetwork : .runAgainLater)
        return FetchReport(kind: .failed, operation: operation, headline: "no provider could answer", advice: advice)
    }

    /// Advice for failures a user must fix (credentials refused, a wrong config, a broken
    /// provider); nil when none is of that kind.
    private static func fixAdvice(_ problems: [ProviderFailure]) -> FetchAdvice? {
        if problems.contains(where: { $0.reason == .invalidConfiguration }) { return .fixConfig }
        let refused = problems.filter(\.isUnauthorized).map(\.provider)
        if !refused.isEmpty { return .setCredentials(refused) }
        if problems.contains(where: { $0.isOutOfService || [.invalidResponse, .failed].contains($0.reason) }) { return .checkProviders }
        return nil
    }

    /// "the album", or "the new collection".
    private static func albumName(_ operation: Operation) -> String {
        operation == .newCollection ? "the new collection" : "the album"
    }
}
