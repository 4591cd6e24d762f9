/// What to do after a fetch that did not bring every photo, as an action: the terminal shows its
/// command, the page its sentence and button.
public struct FetchAdvice: Sendable, Equatable, Codable {
    public enum Action: String, Sendable, Equatable, Codable {
        /// Run the fetch again (now, or later): it retries or fills what is missing.
        case retry
        /// Search a wider radius, or use another provider.
        case widenRadius = "widen-radius"
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
    /// The terminal's words, with the command to run (never the one that just ran).
    public var terminal: String
    /// The page's words: no commands.
    public var page: String
    /// The label of the page's button that does it, when the page can (`Try again`).
    public var button: String?
    /// What to ask before doing it, when it loses something (the page's confirm step, the
    /// terminal's prompt): "Only 1 unseen photo is left within 5 km: replace 21 photos with 1?".
    public var question: String?

    public init(_ action: Action, terminal: String, page: String, button: String? = nil, question: String? = nil) {
        self.action = action
        self.terminal = terminal
        self.page = page
        self.button = button
        self.question = question
    }

    /// When running again helps: at once, after a while (rate limits, a server down), or once the
    /// network is back (a provider could not be reached).
    enum Moment {
        case now, later, online

        /// The words after "run it again".
        var words: String {
            switch self {
            case .now: ""
            case .later: " later"
            case .online: " when online"
            }
        }
    }

    /// Running again fills the rest, at `moment`. After a new collection it is `fetch`'s job;
    /// after a fetch the same command's, which the advice does not repeat.
    static func retry(_ pin: Pin, after operation: FetchReport.Operation, what: String, when moment: Moment) -> FetchAdvice {
        let terminal = switch operation {
        case .fetch: "run it again\(moment.words) to \(what)"
        case .newCollection: "`tourist fetch \(pin.id)`\(moment == .now ? "" : " run\(moment.words)") will \(what)"
        }
        let page = switch moment {
        case .now: "Try again to \(what)."
        case .later: "Try again in a while."
        case .online: "Try again when online."
        }
        return FetchAdvice(.retry, terminal: terminal, page: page, button: "Try again")
    }

    /// A wider radius (twice the pin's, with the command that sets it) or another provider.
    static func widen(_ pin: Pin) -> FetchAdvice {
        let provider = "use another provider: `--provider NAME` (see `tourist providers`), or add one to the config"
        guard let wider = PinRadius.wider(than: pin.radiusKm) else {
            return FetchAdvice(.widenRadius, terminal: provider, page: "Add another provider to the config for more.")
        }
        return FetchAdvice(
            .widenRadius, terminal: "widen the radius with `tourist pin edit \(pin.id) --radius \(Kilometres.argument(wider))`, or \(provider)",
            page: "Widen the pin's radius, to \(Kilometres.text(wider)) say, or add another provider to the config."
        )
    }

    /// Replace an album of `holds` photos with the `unseen` ones a new collection found, asked
    /// first; `left`: every provider answered, so that is all there is within the radius.
    static func allowFewer(_ pin: Pin, unseen: Int, holds: Int, left: Bool) -> FetchAdvice {
        let photos = Plural.count(holds, "photo")
        return FetchAdvice(
            .allowFewer, terminal: "`tourist new-collection \(pin.id) --allow-fewer` replaces its \(photos) with \(unseen) anyway",
            page: "Photos replaced never come back in later collections. To keep these and find more: \(widen(pin).page)", button: "Replace",
            question: "Only \(unseenPhrase(unseen, left: left)) within \(Kilometres.text(pin.radiusKm)): replace \(photos) with \(unseen)?"
        )
    }

    /// "1 unseen photo is left", or "3 unseen photos were found" when not every provider answered.
    static func unseenPhrase(_ unseen: Int, left: Bool) -> String {
        left
            ? Plural.count(unseen, "unseen photo is", "unseen photos are") + " left"
            : Plural.count(unseen, "unseen photo was", "unseen photos were") + " found"
    }

    /// What a `visit` advice proposes at the first place: a pin there, or a search there.
    public enum NextStep: Sendable {
        case pinAdd, search
    }

    /// The places a provider has photos at (the demo set's), with the command that drops a pin
    /// there (or searches there, after a `search`); nil when there are none.
    public static func visit(_ places: [NamedPlace], by step: NextStep = .pinAdd) -> FetchAdvice? {
        guard let first = places.first(where: { $0.name == "Paris" }) ?? places.first else { return nil }
        let names = places.map(\.name).joined(separator: ", ")
        func degrees(_ value: Double) -> String { GeoPoint.format((value * 10_000).rounded() / 10_000) }
        let listed = places.map { "\($0.name) (\(degrees($0.latitude)),\(degrees($0.longitude)))" }.joined(separator: ", ")
        let command = switch step {
        case .pinAdd: "tourist pin add \(degrees(first.latitude)) \(degrees(first.longitude)) --name \"\(first.name)\""
        case .search: "tourist search \(degrees(first.latitude)) \(degrees(first.longitude))"
        }
        return FetchAdvice(
            .visitPlaces, terminal: "the demo set has photos near \(listed) only; try: \(command)",
            page: "The demo set has photos near \(names) only: drop a pin at one of them."
        )
    }

    /// No provider answered, for reasons that pass: the same command, later.
    static let runAgainLater = FetchAdvice(.retry, terminal: "run the command again later", page: "Try again in a while.", button: "Try again")

    static let checkNetwork = FetchAdvice(
        .checkNetwork, terminal: "check the network, then `tourist providers --check` asks each provider", page: "Check the network connection, then try again.",
        button: "Try again"
    )

    static let checkProviders = FetchAdvice(
        .checkProviders, terminal: "`tourist providers --check` shows what each provider says", page: "A provider is not working right now; its note says why."
    )

    static let fixConfig = FetchAdvice(
        .fixConfig, terminal: "`tourist config check` shows what to fix", page: "A provider's settings in the config need fixing; its note says which."
    )

    /// Set the credentials a provider asked for; the provider's own message says which (the
    /// terminal shows it in the provider's note).
    static func setCredentials(_ providers: [String]) -> FetchAdvice {
        let names = providers.joined(separator: ", ")
        return FetchAdvice(
            .setCredentials, terminal: "set the credentials \(names) asks for (its line above says how), or use another provider",
            page: "Set the credentials \(names) asks for in the config or the environment, then try again.", button: "Try again"
        )
    }
}
