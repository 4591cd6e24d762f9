/// How a fetch, a new collection or one pin of `fetch --all` ended, in the words every front end
/// shows: a kind to switch on, a headline, a note per provider that matters, and advice as an
/// action. The CLI prints the headline and notes on stderr and the advice's command; `tourist serve`
/// sends the report in its `fetch-ended` event and keeps it with the album, and the page shows the
/// headline, the notes and the advice's button. Neither front end words an ending itself.
public struct FetchReport: Sendable, Equatable, Codable {
    /// How it ended; the raw value is its name in JSON, the pin record and the page.
    public enum Kind: String, Sendable, Equatable, CaseIterable, Codable {
        /// The album holds every photo it should.
        case complete
        /// The album was complete already; nothing was done.
        case alreadyComplete = "already-complete"
        /// The album holds fewer photos than it should because that is all the providers that
        /// answered have (a provider that could not be reached or is not set up is noted).
        case short
        /// The providers that answered have no photos near the pin.
        case empty
        /// `new-collection` found no photo the pin has not shown; the album is as it was.
        case noNewPhotos = "no-new-photos"
        /// `new-collection` found fewer unseen photos than the album holds (`unseen` says how
        /// many) and was not told to take fewer: the album is as it was, and the advice asks
        /// whether to replace it anyway.
        case fewUnseen = "few-unseen"
        /// Some photos could not be downloaded; a later run retries them.
        case incomplete
        /// A provider that was reached failed in a way that passes (slow down, time-out, server
        /// error) while the album is not full; a later run fills the rest.
        case partlyFilled = "partly-filled"
        /// Photos were found, but none could be used (not an image, gone, too large).
        case unusable
        /// No provider answered: each refused its credentials or has none.
        case refused
        /// No provider answered: each asked to slow down.
        case rateLimited = "rate-limited"
        /// No provider could be reached at all (offline?).
        case unreachable
        /// No provider answered: each one's configuration is wrong.
        case misconfigured
        /// No provider could answer, for other reasons (a broken plugin, a mix of failures).
        case failed
        /// The album holds no photo: the providers that answered have none near the pin, but one
        /// that covers it could not be asked (unreachable, refused its key, asked to slow down,
        /// misconfigured), so whether the place has photos is not known. Not `empty`: the next
        /// `fetch` asks again.
        case notAsked = "not-asked"

        /// Whether it ended well: the album is as full as the providers that answered allow, and
        /// no provider that might fill it was left unasked.
        public var endsWell: Bool {
            switch self {
            case .complete, .alreadyComplete, .short, .empty, .noNewPhotos, .fewUnseen: true
            case .incomplete, .partlyFilled, .unusable, .refused, .rateLimited, .unreachable, .misconfigured, .failed, .notAsked: false
            }
        }
    }

    /// Which operation the report is about; advice never repeats the command that just ran.
    public enum Operation: String, Sendable, Equatable, Codable {
        case fetch
        case newCollection = "new-collection"
    }

    /// One provider's part, or one photo's, in plain words.
    public struct Note: Sendable, Equatable, Codable {
        /// The provider it is about.
        public var provider: String
        /// Its reason when it is about a provider's answer (nil: a download).
        public var reason: ProviderFailure.Reason?
        /// In plain words, starting with the provider's name: "commons could not be reached (offline?)".
        public var text: String
        /// The provider's own words (URL, status, what to set) for the terminal and scripts; the
        /// page leaves it out.
        public var detail: String?

        public init(provider: String, reason: ProviderFailure.Reason?, text: String, detail: String?) {
            self.provider = provider
            self.reason = reason
            self.text = text
            self.detail = detail
        }
    }

    public var kind: Kind
    public var operation: Operation
    /// What happened, as one sentence without a final period, in plain words.
    public var headline: String
    /// The providers (or photos) that explain it, each once.
    public var notes: [Note]
    /// What to do next, when something helps.
    public var advice: FetchAdvice?
    /// Something else that helps meanwhile, besides the advice: the places the demo set has photos,
    /// while a provider that might have some here could not be asked.
    public var alternative: FetchAdvice?
    /// How many unseen photos a new collection found, when it left the album for fewer (`fewUnseen`).
    public var unseen: Int?

    public init(
        kind: Kind, operation: Operation, headline: String, notes: [Note] = [], advice: FetchAdvice? = nil,
        alternative: FetchAdvice? = nil, unseen: Int? = nil
    ) {
        self.kind = kind
        self.operation = operation
        self.headline = headline
        self.notes = notes
        self.advice = advice
        self.alternative = alternative
        self.unseen = unseen
    }

    /// What kind of failure it is, for the exit code and the HTTP status; nil when it ended well.
    /// A provider left unasked (`notAsked`) fails as what its advice asks for: fixing a key
    /// (`unauthorized`) or the config (`config`), a provider that is broken (`unavailable`), else
    /// waiting until it can be reached (`temporary`).
    public var failureClass: FailureClass? {
        switch kind {
        case .complete, .alreadyComplete, .short, .empty, .noNewPhotos, .fewUnseen: nil
        // Offline, whether or not another provider answered, is worth trying again later.
        case .incomplete, .partlyFilled, .rateLimited, .unreachable: .temporary
        case .unusable, .failed: .unavailable
        case .refused: .unauthorized
        case .misconfigured: .config
        case .notAsked:
            switch advice?.action {
            case .setCredentials?: .unauthorized
            case .fixConfig?: .config
            case .checkProviders?: .unavailable
            default: .temporary
            }
        }
    }

    /// Whether the next `fetch` should search again although the album is saved as ready: it is
    /// short because a provider could not be reached, and may answer now.
    public var asksAgain: Bool {
        kind == .short && notes.contains { $0.reason != nil && $0.reason != .empty && $0.reason != .outsideCoverage }
    }
}
