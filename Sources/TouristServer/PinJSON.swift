import TouristCore

/// A pin as the API sends it: the fields of `pin show --json`, and the words every front end shows
/// for it, made by the core so a page never words them itself: `place` (`Pin.placeText`: "near
/// Kyoto, JP", "89 km from Hilo, US"; absent when the pin has no nearest city), `radiusText`
/// (`Kilometres.text`: "5 km", "12.50 km"), `windowText` (`TimeWindow.words`: "in April, any
/// year"; absent when the pin has no time window), and for a route pin `routeText`
/// (`Pin.routeText`: "route of 594 km"; its line is `GET /api/pins/ID/route`).
struct PinJSON: Encodable {
    let pin: Pin

    init(_ pin: Pin) {
        self.pin = pin
    }

    private enum ShownKeys: String, CodingKey {
        case place, radiusText, routeText, windowText
    }

    func encode(to encoder: any Encoder) throws {
        try pin.encode(to: encoder)
        var shown = encoder.container(keyedBy: ShownKeys.self)
        try shown.encodeIfPresent(pin.placeText, forKey: .place)
        try shown.encode(Kilometres.text(pin.radiusKm), forKey: .radiusText)
        try shown.encodeIfPresent(pin.routeText, forKey: .routeText)
        try shown.encodeIfPresent(pin.window?.words, forKey: .windowText)
    }

    /// `GET /api/pins`: `{"pins": [...]}` with one pin a line, each as `PinRecordCodec` writes it
    /// (`pin list --json`'s fast encoder: 10,000 pins stay quick) with `place` and `radiusText`
    /// added.
    static func listDocument(_ pins: [Pin]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(pins.count * 260 + 16)
        out += "{\"pins\":[\n".utf8
        for (index, pin) in pins.enumerated() {
            PinRecordCodec.encode(pin, into: &out)
            out.removeLast()  // the record's closing brace: the shown fields follow
            if let place = pin.placeText {
                out += #","place":"#.utf8
                out += JSONValue.quoted(place).utf8
            }
            out += #","radiusText":"#.utf8
            out += JSONValue.quoted(Kilometres.text(pin.radiusKm)).utf8
            if let route = pin.routeText {
                out += #","routeText":"#.utf8
                out += JSONValue.quoted(route).utf8
            }
            if let window = pin.window {
                out += #","windowText":"#.utf8
                out += JSONValue.quoted(window.words).utf8
            }
            out += index + 1 < pins.count ? "},\n".utf8 : "}\n".utf8
        }
        out += "]}\n".utf8
        return out
    }
}
