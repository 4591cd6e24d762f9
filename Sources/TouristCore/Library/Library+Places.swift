extension Library {
    /// The gazetteer's city nearest to `location`, which a new pin keeps (`Pin.near`); nil when
    /// the gazetteer cannot be read (tourist built without it), so a pin is still added by its
    /// coordinates without it.
    func nearby(_ location: GeoPoint) -> NearbyPlace? {
        try? gazetteer.gazetteer().nearest(to: location)
    }

    /// `pins` with `near` filled in for those added before pins kept their nearest city, for
    /// showing; the gazetteer is loaded only when one lacks it. The store is not changed.
    public func placed(_ pins: [Pin]) -> [Pin] {
        guard pins.contains(where: { $0.near == nil }) else { return pins }
        return ParallelWork.map(pins) { pin in
            guard pin.near == nil, let location = try? pin.location else { return pin }
            var placed = pin
            placed.place(near: nearby(location))
            return placed
        }
    }
}
