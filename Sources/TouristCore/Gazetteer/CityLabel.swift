/// A city a map labels, and on which side of the city's dot its name goes.
public struct CityLabel: Sendable, Hashable {
    /// Where a name sits around its city's dot, in the order they are tried: under it first, then
    /// right or left of it, clear of a pin's width (`LabelLayout.gap`). Never above: a pin's marker
    /// and a cluster stand above the point they mark, so no marker at a city hides its name.
    public enum Placement: String, Sendable, CaseIterable {
        case below, right, left
    }

    public let place: GazetteerPlace
    public let placement: Placement

    public init(place: GazetteerPlace, placement: Placement) {
        self.place = place
        self.placement = placement
    }
}
