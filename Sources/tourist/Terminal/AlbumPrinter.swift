import TouristCore

/// The human view of an album: a heading, one line per photo with its file path, and the credit
/// lines the photos' licenses require.
enum AlbumPrinter {
    /// `showingError`: the pin's last failure under the heading (`album` shows it; `fetch` says how
    /// it ended on stderr instead, once).
    static func render(_ album: Album, store: Store, showingError: Bool = true) -> String {
        let pin = album.pin
        var heading = "\(pin.name) (\(pin.id)) at \(GeoPoint.format(pin.latitude)),\(GeoPoint.format(pin.longitude)), radius \(Kilometres.text(pin.radiusKm)): \(pin.state.rawValue), \(Plural.count(album.storedCount, "photo"))"
        if showingError, let error = pin.error { heading += "\n  \(TerminalText.escaped(error))" }
        guard !album.photos.isEmpty else { return heading + "\n" }
        var table = Table("#", "PHOTO", "STATE", "TITLE", "LICENSE", "FILE")
        for (index, photo) in album.photos.enumerated() {
            let missing = photo.isMissing(from: store)
            let file: String = switch photo.state {
            case .stored where missing: AlbumPhoto.missingExplanation(pin: pin.id)
            case .stored: photo.sha256.map(store.blobs.location(of:)) ?? "-"
            case .pending: "(not downloaded yet)"
            case .failed, .rejected: photo.error ?? photo.state.rawValue
            }
            let state = missing ? AlbumPhoto.missingState : photo.state.rawValue
            table.add([String(index + 1), photo.key.description, state, photo.candidate.title, photo.candidate.license ?? "-", file])
        }
        let credits = album.photos.enumerated().compactMap { index, photo in photo.candidate.creditLine.map { "  \(index + 1). \(TerminalText.escaped($0))" } }
        let creditBlock = credits.isEmpty ? "" : "\nCredits (the photos' licenses require them wherever you use the photos):\n" + credits.joined(separator: "\n") + "\n"
        return heading + "\n\n" + table.rendered() + creditBlock
    }
}
