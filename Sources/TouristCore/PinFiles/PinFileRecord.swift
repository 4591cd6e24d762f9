/// A pin as a pin file writes it: the pin, and a route pin's line (which its album keeps,
/// `Album.route`; nil for a pin on a place).
public struct PinFileRecord: Sendable, Equatable {
    public var pin: Pin
    public var route: RouteLine?

    public init(pin: Pin, route: RouteLine? = nil) {
        self.pin = pin
        self.route = route
    }
}
