import Foundation

extension Gazetteer {
    /// The most labels `labels(in:zoom:limit:)` gives, and unless told otherwise.
    public static let maximumLabels = 200
    public static let defaultLabels = 100

    /// The cities a map at `zoom` (Web Mercator, 256-pixel tiles) labels in `box` (whose
    /// `minLongitude` is larger than its `maxLongitude` when it crosses the antimeridian), and
    /// where each name goes. Cities are taken largest first, from `labelPopulation(atZoom:)`
    /// people on; each name (`labelWidth(of:)` by `labelHeight` pixels) goes below its city's dot,
    /// else right or left of it (`CityLabel.Placement`; never above, where a pin at the city
    /// stands), wherever it meets no name or named dot already placed. A city within `LabelLayout.reach` pixels of a larger one, named or not,
    /// is not named, so a smaller city never stands in for a larger one near it (Sendai is not
    /// named where Tokyo is, nor Teni beside Bengaluru). At most `limit`. So the world shows its
    /// largest cities apart from one another, and zooming in makes room for more, smaller ones.
    public func labels(in box: TouristConfig.BoundingBox, zoom: Int, limit: Int = defaultLabels) -> [CityLabel] {
        let minimum = Self.labelPopulation(atZoom: zoom)
        let worldPixels = 256 * pow(2, Double(min(max(zoom, 0), 24)))
        var layout = LabelLayout()
        var kept: [CityLabel] = []
        for place in file.places {  // largest first
            guard place.population >= minimum, kept.count < limit else { break }
            let location = place.location
            guard (box.minLatitude...box.maxLatitude).contains(location.latitude), box.containsLongitude(location.longitude) else { continue }
            let (x, y) = Self.pixel(location, worldPixels: worldPixels)
            if let placement = layout.place(width: Self.labelWidth(of: place.name), height: Self.labelHeight, x: x, y: y) {
                kept.append(CityLabel(place: place, placement: placement))
            }
        }
        return kept
    }

    /// Where `location` is in the picture of the whole world `worldPixels` wide (Web Mercator).
    static func pixel(_ location: GeoPoint, worldPixels: Double) -> (x: Double, y: Double) {
        let sine = sin(location.latitude * .pi / 180)
        return ((location.longitude + 180) / 360 * worldPixels, (0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)) * worldPixels)
    }

    /// The width a label takes on screen, in pixels: its name at the page's 12 to 13.5 px
    /// (about 7 px a character) and a margin, at most `widestLabel`.
    public static func labelWidth(of name: String) -> Double {
        min(Double(name.count) * 7 + 12, widestLabel)
    }

    /// The widest a label is taken to be, and the height of one with its margin, in pixels.
    public static let widestLabel = 160.0
    public static let labelHeight = 22.0

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
