/// A city a map labels, and on which side of the city's dot its name goes.
public struct CityLabel: Sendable, Hashable {
    /// Where a name sits around its city's dot, in the order they are preferred: centred under
    /// it, or beside it to the right or left (`LabelLayout.besideGap` off the point), its top a
    /// little under the point. Never above: a pin's marker and a cluster stand above the point
    /// they mark, so no marker at a city hides its name.
    public enum Placement: String, Sendable, CaseIterable {
        case below
        case belowRight = "below-right", belowLeft = "below-left"
        case right, left
    }

    public let place: GazetteerPlace
    public let placement: Placement

    /// Whether the name is set larger: a city of `LabelSize.majorPopulation` people or more.
    public var isMajor: Bool { place.population >= LabelSize.majorPopulation }

    public init(place: GazetteerPlace, placement: Placement) {
        self.place = place
        self.placement = placement
    }
}
