import Foundation

extension Gazetteer {
    /// The most labels `labels(in:zoom:limit:)` gives, and unless told otherwise.
    public static let maximumLabels = 200
    public static let defaultLabels = 100

    /// The cities a map at `zoom` (Web Mercator, 256-pixel tiles) labels in `box` (whose
    /// `minLongitude` is larger than its `maxLongitude` when it crosses the antimeridian), and
    /// where each name goes. Cities are taken largest first, from `labelPopulation(atZoom:)`
    /// people on; each name (`LabelSize`) goes below its city's dot, or beside it a little lower
    /// (`CityLabel.Placement`; never above, where a pin or a cluster at the city stands), where
    /// it meets no name or named dot already placed, and of those sides on the one that leaves
    /// the most room to the large cities still to come (`LabelLayout`). A city near a larger one
    /// left unnamed, or near a named one more than twice its size, is not named, so a smaller city
    /// never stands in for a larger one (Sendai is not named beside Tokyo, nor Teni beside
    /// Bengaluru). At most `limit`. So the world shows its largest cities apart from one another,
    /// and zooming in makes room for more, smaller ones.
    public func labels(in box: GeoBox, zoom: Int, limit: Int = defaultLabels) -> [CityLabel] {
        let minimum = Self.labelPopulation(atZoom: zoom)
        let worldPixels = 256 * pow(2, Double(min(max(zoom, 0), 24)))
        // Largest first; a name is looked for among the first `candidatesPerLabel` times `limit`
        // cities in view only, so the work a request asks for stays bounded.
        let candidates = file.places.lazy.prefix { $0.population >= minimum }.filter { place in
            (box.minLatitude...box.maxLatitude).contains(place.location.latitude) && box.containsLongitude(place.location.longitude)
        }.prefix(Self.candidatesPerLabel * max(limit, 0))
        let places = Array(candidates)
        let cities = places.map { place in
            let (x, y) = Self.pixel(place.location, worldPixels: worldPixels)
            return LabelLayout.City(
                x: x, y: y, size: LabelSize(name: place.name, population: place.population), population: place.population)
        }
        // A first layout keeps names off the dots of all the large cities to come; many of those
        // get no name anyway, so a second keeps them off the dots of the cities the first named.
        var first = LabelLayout(cities: cities)
        var second = LabelLayout(cities: cities, guarded: Set(first.place(limit: limit).map(\.index)))
        return second.place(limit: limit).map { CityLabel(place: places[$0.index], placement: $0.placement) }
    }

    /// How many cities in view, per label asked for, are looked at (the largest): many more than
    /// a view passes over (a name that does not fit) before it has the labels asked for.
    static let candidatesPerLabel = 20

    /// Where `location` is in the picture of the whole world `worldPixels` wide (Web Mercator).
    static func pixel(_ location: GeoPoint, worldPixels: Double) -> (x: Double, y: Double) {
        let sine = sin(location.latitude * .pi / 180)
        return ((location.longitude + 180) / 360 * worldPixels, (0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)) * worldPixels)
    }

    /// The fewest people a labelled city has at `zoom`: a million at the world's zoom (2 or
    /// less), half a million at 3, 200,000 at 4, 100,000 at 5, 50,000 at 6, and every city of the
    /// gazetteer (15,000 or more) from 7 on.
    public static func labelPopulation(atZoom zoom: Int) -> Int {
        switch zoom {
        case ...2: 1_000_000
        case 3: 500_000
        case 4: 200_000
        case 5: 100_000
        case 6: 50_000
        default: 0
        }
    }
}
