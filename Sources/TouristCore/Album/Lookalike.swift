/// Why a photo was set aside for looking like another (`AlbumPhoto.lookalike`): the photo it looks
/// like, whether that one was removed from the album, and how many of the 64 bits of their
/// perceptual hashes differ.
public struct Lookalike: Sendable, Codable, Equatable {
    /// The photo it looks like.
    public var of: PhotoKey
    /// Whether that photo was removed from the album (removed photos never come back, re-encoded or not).
    public var removed: Bool
    /// The bits their perceptual hashes differ in (`PerceptualHash.distance(to:)`).
    public var distance: Int

    public init(of key: PhotoKey, removed: Bool, distance: Int) {
        self.of = key
        self.removed = removed
        self.distance = distance
    }
}

/// The perceptual hash of a photo removed from an album, kept so that a copy of it (another size,
/// another encoding, from another provider) does not come back.
public struct RemovedLook: Sendable, Codable, Equatable {
    public var key: PhotoKey
    public var perceptualHash: PerceptualHash

    public init(key: PhotoKey, perceptualHash: PerceptualHash) {
        self.key = key
        self.perceptualHash = perceptualHash
    }
}

extension Album {
    /// The photo a photo with `hash` looks like (`PerceptualHash.likeness`): a stored
    /// photo of the album (the closest; the first of equals), else a removed one. Nil when none is
    /// that alike.
    func lookalike(of hash: PerceptualHash, maxDistance: Int) -> Lookalike? {
        let stored = photos.compactMap { photo -> Lookalike? in
            guard photo.state == .stored, let other = photo.perceptualHash,
                let distance = hash.likeness(to: other, maxDistance: maxDistance)
            else { return nil }
            return Lookalike(of: photo.key, removed: false, distance: distance)
        }
        let removed = (removedLooks ?? []).compactMap { look in
            hash.likeness(to: look.perceptualHash, maxDistance: maxDistance).map { Lookalike(of: look.key, removed: true, distance: $0) }
        }
        return (stored + removed).min { $0.distance < $1.distance }
    }

    /// Why a photo set aside as `lookalike` was, in words: "looks like #3, from flickr" (its number
    /// as the album lists it), or "looks like flickr:123, removed from this album".
    func reason(_ lookalike: Lookalike) -> String {
        guard !lookalike.removed, let index = photos.firstIndex(where: { $0.key == lookalike.of }) else {
            return "looks like \(lookalike.of), removed from this album"
        }
        return "looks like #\(index + 1), from \(lookalike.of.provider)"
    }
}
