/// A new collection smaller than its album: fewer photos the pin has not shown are left within its
/// radius than the album holds (`found` of `target`), or none at all (`found` 0: the album was left
/// as it was). Not an error, since that is all the providers have there; `message` says so and what
/// brings more, in the words every front end shows (the CLI on stderr, `tourist serve` in its
/// `fetch-ended` event), so they cannot drift apart.
public struct CollectionShortfall: Sendable, Equatable {
    /// The pin, as it was searched (its radius).
    public let pin: Pin
    /// The photos of the new collection: the unseen photos that were left.
    public let found: Int
    /// How many photos the album holds when full.
    public let target: Int

    public init(pin: Pin, found: Int, target: Int) {
        self.pin = pin
        self.found = found
        self.target = target
    }

    /// What happened and what to do, as one sentence without a final period, such as
    /// `the new collection of "Louvre" has 8 of 21 photos: only 8 unseen photos were left within
    /// 5 km. For more, widen the radius with `tourist pin edit 3f2a1b4c --radius 10`, or …`.
    public var message: String {
        let radius = Kilometres.text(pin.radiusKm)
        let what = found == 0
            ? "no unseen photos left within \(radius) of \"\(pin.name)\"; the album is unchanged"
            : "the new collection of \"\(pin.name)\" has \(found) of \(target) photos: only \(Plural.count(found, "unseen photo was", "unseen photos were")) left within \(radius)"
        return "\(what). For more, \(Self.advice(for: pin))"
    }

    /// What brings more photos to `pin`: a wider radius (twice its own, with the command that sets
    /// it) or another provider.
    public static func advice(for pin: Pin) -> String {
        let provider = "use another provider: `--provider NAME` (see `tourist providers`), or add one to the config"
        guard let wider = PinRadius.wider(than: pin.radiusKm) else { return provider }
        return "widen the radius with `tourist pin edit \(pin.id) --radius \(Kilometres.argument(wider))`, or \(provider)"
    }
}
