/// What to do after a fetch that did not bring every photo, as an action: the terminal words its
/// remedy as commands, the page shows its sentence and button.
public struct FetchAdvice: Sendable, Equatable, Codable {
    public enum Action: String, Sendable, Equatable, Codable {
        /// Run the fetch again (now, or later): it retries or fills what is missing.
        case retry
        /// Search a wider radius, or use another provider.
        case widenRadius = "widen-radius"
        /// Widen the pin's time window (or its radius): few photos were taken inside it.
        case widenWindow = "widen-window"
        /// Set a provider's credentials.
        case setCredentials = "set-credentials"
        /// Check the network connection.
        case checkNetwork = "check-network"
        /// See what each provider says (`providers --check`): a broken plugin, say.
        case checkProviders = "check-providers"
        /// Fix the config.
        case fixConfig = "fix-config"
        /// Drop a pin where a provider has photos (the demo set's places).
        case visitPlaces = "visit-places"
        /// Replace the album with a new collection smaller than it (`new-collection --allow-fewer`),
        /// once the user says yes to `question`.
        case allowFewer = "allow-fewer"
    }

    public var action: Action
    /// What to do, as steps a front end words: the terminal as commands (never the one that just ran).
    public var remedy: Remedy?
    /// The page's words: no commands.
    public var page: String
    /// The label of the page's button that does it, when the page can (`Try again`).
    public var button: String?
    /// What to ask before doing it, when it loses something (the page's confirm step, the
    /// terminal's prompt): "Only 1 unseen photo is left within 5 km: replace 21 photos with 1?".
    public var question: String?

    private enum CodingKeys: String, CodingKey {
        case action, remedy, page, button, question
    }

    public init(_ action: Action, remedy: Remedy?, page: String, button: String? = nil, question: String? = nil) {
        self.action = action
        self.remedy = remedy
        self.page = page
        self.button = button
        self.question = question
    }

    /// Running again fills the rest, at `moment`. After a new collection it is `fetch`'s job;
    /// after a fetch the same command's, which the advice does not repeat.
    static func retry(_ pin: Pin, after operation: FetchReport.Operation, what: String, when moment: Remedy.Moment) -> FetchAdvice {
        let step: Remedy.Step =
            switch operation {
            case .fetch: .runAgain(when: moment, to: what)
            case .newCollection: .fetchLater(pin: pin.id, when: moment, to: what)
            }
        let page =
            switch moment {
            case .now: "Try again to \(what)."
            case .later: "Try again in a while."
            case .online: "Try again when online."
            }
        return FetchAdvice(.retry, remedy: Remedy(step), page: page, button: "Try again")
    }

    /// A wider radius (twice the pin's, with the command that sets it) or another provider; for a
    /// pin with a time window, a wider window first (`widenWindow`).
    static func widen(_ pin: Pin) -> FetchAdvice {
        if let window = pin.window { return widenWindow(pin, window) }
        guard let wider = PinRadius.wider(than: pin.radiusKm) else {
            return FetchAdvice(.widenRadius, remedy: Remedy(.useAnotherProvider), page: "Add another provider to the config for more.")
        }
        return FetchAdvice(
            .widenRadius, remedy: Remedy(.widenRadius(pin: pin.id, km: wider), .useAnotherProvider, joining: .or),
            page: "Widen the pin's radius, to \(Kilometres.text(wider)) say, or add another provider to the config."
        )
    }

    /// A wider time window, or a wider radius (twice the pin's) when it can grow.
    static func widenWindow(_ pin: Pin, _ window: TimeWindow) -> FetchAdvice {
        let page = "Widen the pin's time window (\(window.words))"
        guard let wider = PinRadius.wider(than: pin.radiusKm) else {
            return FetchAdvice(.widenWindow, remedy: Remedy(.widenWindow(pin: pin.id)), page: page + ".")
        }
        return FetchAdvice(
            .widenWindow, remedy: Remedy(.widenWindow(pin: pin.id), .widenRadius(pin: pin.id, km: wider), joining: .or),
            page: page + ", or its radius, to \(Kilometres.text(wider)) say."
        )
    }

    /// Replace an album of `holds` photos with the `unseen` ones a new collection found, asked
    /// first; `left`: every provider answered, so that is all there is within the radius.
    static func allowFewer(_ pin: Pin, unseen: Int, holds: Int, left: Bool) -> FetchAdvice {
        let photos = Plural.count(holds, "photo")
        return FetchAdvice(
            .allowFewer, remedy: Remedy(.allowFewer(pin: pin.id, replacing: holds, with: unseen)),
            page: "Photos replaced never come back in later collections. To keep these and find more: \(widen(pin).page)",
            button: "Replace",
            question: "Only \(unseenPhrase(unseen, left: left, pin: pin)) within \(pin.radiusText): replace \(photos) with \(unseen)?"
        )
    }

    /// "1 unseen photo is left", or "3 unseen photos were found" when not every provider answered;
    /// with `pin`'s time window, "4 unseen photos taken in April are left".
    static func unseenPhrase(_ unseen: Int, left: Bool, pin: Pin) -> String {
        let photos = Plural.count(unseen, "unseen photo", "unseen photos") + pin.takenPhrase
        return photos + (left ? (unseen == 1 ? " is left" : " are left") : (unseen == 1 ? " was found" : " were found"))
    }

    /// What a `visit` advice proposes at the first place: a pin there, or a search there.
    public enum NextStep: String, Sendable, Equatable, Codable {
        case pinAdd, search
    }

    /// The places a provider has photos at (the demo set's), with the command that drops a pin
    /// there (or searches there, after a `search`); nil when there are none.
    public static func visit(_ places: [NamedPlace], by step: NextStep = .pinAdd) -> FetchAdvice? {
        guard let first = places.first(where: { $0.name == "Paris" }) ?? places.first else { return nil }
        let names = places.map(\.name).joined(separator: ", ")
        return FetchAdvice(
            .visitPlaces, remedy: Remedy(.visit(places: places, first: first, by: step)),
            page: "The demo set has photos near \(names) only: drop a pin at one of them."
        )
    }

    /// No provider answered, for reasons that pass: the same command, later.
    static let runAgainLater = FetchAdvice(
        .retry, remedy: Remedy(.runAgain(when: .later, to: nil)), page: "Try again in a while.", button: "Try again")

    static let checkNetwork = FetchAdvice(
        .checkNetwork, remedy: Remedy(.checkNetwork, .checkProviders), page: "Check the network connection, then try again.",
        button: "Try again"
    )

    static let checkProviders = FetchAdvice(
        .checkProviders, remedy: Remedy(.checkProviders), page: "A provider is not working right now; its note says why."
    )

    static let fixConfig = FetchAdvice(
        .fixConfig, remedy: Remedy(.checkConfig), page: "A provider's settings in the config need fixing; its note says which."
    )

    /// Set the credentials a provider asked for; the provider's own message says which (the
    /// terminal shows it in the provider's note).
    static func setCredentials(_ providers: [String]) -> FetchAdvice {
        let names = providers.joined(separator: ", ")
        return FetchAdvice(
            .setCredentials, remedy: Remedy(.setCredentials(providers: providers)),
            page: "Set the credentials \(names) asks for in the config or the environment, then try again.", button: "Try again"
        )
    }
}
