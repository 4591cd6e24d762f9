/// What a removal took away, in the one shape every front end answers with (`pin rm --json`,
/// `photo rm --json`, the API's `DELETE /api/pins/ID` and `POST /api/pins/ID/photos/delete`).
public struct Removal: Sendable, Encodable, Equatable {
    /// For photos, the pin whose album they left; nil for pins.
    public var pin: String?
    /// The ids of the pins, or photos (`provider:id`), removed, each once.
    public var removed: [String]
    /// How many photo files went with them (those no other album uses).
    public var deletedFiles: Int

    public init(pin: String? = nil, removed: [String], deletedFiles: Int) {
        self.pin = pin
        self.removed = removed
        self.deletedFiles = deletedFiles
    }
}
