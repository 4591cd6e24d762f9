/// A pin before and after `Library.editPin`.
public struct PinChange: Sendable, Equatable {
    public let before: Pin
    public let after: Pin

    /// Whether the name changed.
    public var renamed: Bool { before.name != after.name }
    /// Whether the radius changed.
    public var radiusChanged: Bool { before.radiusKm != after.radiusKm }
    /// Whether the time window changed.
    public var windowChanged: Bool { before.window != after.window }

    /// What fills the album within a new radius or time window: the album stays as it was, so a
    /// ready album takes a new collection (photos within the new radius and window it has not
    /// shown), any other a fetch.
    public enum NextStep: String, Sendable, Equatable, Codable {
        case newCollection = "new-collection"
        case fetch
    }

    /// The step to take after a new radius or window; nil when neither changed.
    public var next: NextStep? {
        guard radiusChanged || windowChanged else { return nil }
        return after.state == .ready ? .newCollection : .fetch
    }
}

extension Library {
    /// Renames pin `id` to `name` (checked and trimmed by `PinName`) and/or sets its search radius
    /// to `radiusKm` (checked by `PinRadius`) and/or changes its time window (`window`), under the
    /// store lock. The album stays: its photos, what the pin has shown and what was removed; later
    /// fetches and new collections search within the new radius and window, and the pin is found
    /// by its new name only. A name that is another
    /// pin's id or name is refused (`conflict`, as `addPin` refuses it), and nothing changes.
    public func editPin(_ id: String, name: String?, radiusKm: Double?, window: PinWindowEdit = PinWindowEdit()) throws -> PinChange {
        let name = try name.map(PinName.checked)
        let radiusKm = try radiusKm.map(PinRadius.checked)
        return try store.transaction { transaction in
            if let name {
                try Self.refuseIfAnotherPinsID(name, for: id, transaction)
                if let other = try store.pinID(named: name), other != id {
                    throw LibraryError(
                        .conflict, "a pin named \"\(name)\" already exists (id \(other)), so it cannot name this one; choose another name")
                }
            }
            let (before, after) = try transaction.editPin(id, name: name, radiusKm: radiusKm, window: window)
            return PinChange(before: before, after: after)
        }
    }

    /// Refuses `name` for pin `id` (nil: a new pin) when it is the id of another pin: the id would
    /// then name two pins.
    static func refuseIfAnotherPinsID(_ name: String, for id: String?, _ transaction: StoreTransaction) throws {
        if Pin.isValidID(name), name != id, try transaction.pinExists(name) {
            throw LibraryError(.conflict, "\"\(name)\" is the id of another pin, so it cannot name this one; choose another name")
        }
    }
}
