extension FetchReport.Kind {
    /// The state a fetch that ended so leaves its pin in: `ready` when the album holds what the
    /// providers have (or was left as it was), `empty` when they have nothing near, else `failed`.
    public var pinState: PinState {
        switch self {
        case .complete, .alreadyComplete, .short, .noNewPhotos, .fewUnseen: .ready
        case .empty: .empty
        case .incomplete, .partlyFilled, .unusable, .refused, .rateLimited, .unreachable, .misconfigured, .failed, .notAsked: .failed
        }
    }
}

extension FetchReport {
    /// Marks `pin` as this report leaves it: its state, and, unless it ended well, the kind as its
    /// failure and the headline as its error.
    public func mark(_ pin: inout Pin) {
        pin.state = kind.pinState
        pin.failure = kind.endsWell ? nil : kind
        pin.error = kind.endsWell ? nil : headline
    }
}
