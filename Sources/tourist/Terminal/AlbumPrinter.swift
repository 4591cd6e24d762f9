import TouristCore

/// The human view of an album: a heading, one line per photo (with its file's path under
/// `--paths`), fitted to the terminal's width, and the credit lines the photos' licenses require.
enum AlbumPrinter {
    /// `paths`: a FILE column with each stored photo's file, never cut (a path is for copying, so
    /// such a table may wrap); else a NOTE column, only when a photo has something to say (not
    /// downloaded, failed, missing, its image cannot be decoded), and the table fits `width`, the terminal's columns.
    static func render(_ album: Album, store: Store, paths: Bool, width: Int?) -> String {
        let pin = album.pin
        let place = pin.whereText.map { " (\($0))" } ?? ""
        var heading =
            "\(pin.name) (\(pin.id)) at \(GeoPoint.format(pin.latitude)),\(GeoPoint.format(pin.longitude))\(place), radius \(Kilometres.text(pin.radiusKm)): \(pin.state.rawValue), \(Plural.count(album.storedCount, "photo"))"
        if let error = pin.error { heading += "\n  \(TerminalText.escaped(error))" }
        guard !album.photos.isEmpty else { return heading + "\n" }
        let rows = album.photos.enumerated().map { index, photo in
            let missing = photo.isMissing(from: store)
            let note: String? =
                switch photo.state {
                case .stored where missing:
                    Remedy.after(AlbumPhoto.missingFacts, RemedyCommands.sentence(AlbumPhoto.missingRemedy(pin: pin.id)))
                case .stored: photo.imageError.map { "stored, but its image cannot be decoded: \($0)" }
                case .pending: "(not downloaded yet)"
                case .failed, .rejected: photo.error ?? photo.state.rawValue
                }
            // A stored photo's file is there even when its image cannot be decoded.
            let file = (photo.state == .stored && !missing ? nil : note) ?? photo.sha256.map(store.blobs.location(of:)) ?? "-"
            let state = missing ? AlbumPhoto.missingState : photo.state.rawValue
            // A route's album shows where along it each photo lies.
            let along = pin.isRoute ? [album.routeKm(of: photo).map(Kilometres.alongRoute) ?? "-"] : []
            return (
                cells: [String(index + 1)] + along + [photo.key.description, state, photo.candidate.title, photo.candidate.license ?? "-"],
                note: note, file: file
            )
        }
        let last = paths ? "FILE" : rows.contains { $0.note != nil } ? "NOTE" : nil
        let headers = ["#"] + (pin.isRoute ? ["KM"] : []) + ["PHOTO", "STATE", "TITLE", "LICENSE"]
        var table = Table(headers: headers + (last.map { [$0] } ?? []))
        for row in rows {
            table.add(row.cells + (paths ? [row.file] : last == nil ? [] : [row.note ?? ""]))
        }
        let credits = album.photos.enumerated().compactMap { index, photo in
            photo.candidate.creditLine.map { "  \(index + 1). \(TerminalText.escaped($0))" }
        }
        let creditBlock =
            credits.isEmpty
            ? "" : "\nCredits (the photos' licenses require them wherever you use the photos):\n" + credits.joined(separator: "\n") + "\n"
        return heading + "\n\n" + table.rendered(fitting: paths ? nil : width) + creditBlock
    }

    /// One line after a fetch or a new collection: what the album holds now, and how to see it
    /// when it holds any.
    static func summary(_ album: Album) -> String {
        let pin = album.pin
        let heading = "\(pin.name) (\(pin.id)): \(pin.state.rawValue)"
        guard album.storedCount > 0 else { return "\(heading), no photos." }
        return "\(heading), \(Plural.count(album.storedCount, "photo")). `tourist album \(pin.id)` lists them (`--paths` with their files)."
    }
}
