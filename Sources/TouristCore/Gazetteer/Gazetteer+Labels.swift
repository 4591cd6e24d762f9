import Foundation

extension Gazetteer {
    /// The most labels `labels(in:zoom:limit:)` gives, and unless told otherwise.
    public static let maximumLabels = 200
    public static let defaultLabels = 100

    /// The cities a map at `zoom` (Web Mercator, 256-pixel tiles) labels in `box` (whose
    /// `minLongitude` is larger than its `maxLongitude` when it crosses the antimeridian): largest
    /// population first, at least `labelPopulation(atZoom:)` people, each kept only when its label
    /// (`labelWidth(of:)` by `labelHeight` pixels, centred above the city) meets no label of a
    /// larger city already kept, and at most `limit`. So the world shows its largest cities apart from one another, and zooming in
    /// makes room for more, smaller ones.
    public func labels(in box: TouristConfig.BoundingBox, zoom: Int, limit: Int = defaultLabels) -> [GazetteerPlace] {
        let minimum = Self.labelPopulation(atZoom: zoom)
        let worldPixels = 256 * pow(2, Double(min(max(zoom, 0), 24)))
        let cellWidth = Self.widestLabel, height = Self.labelHeight
        var kept: [GazetteerPlace] = []
        var cells: [Cell: [(x: Double, y: Double, halfWidth: Double)]] = [:]
        for place in file.places {  // largest first
            guard place.population >= minimum, kept.count < limit else { break }
            let location = place.location
            guard (box.minLatitude...box.maxLatitude).contains(location.latitude), box.containsLongitude(location.longitude) else { continue }
            let x = (location.longitude + 180) / 360 * worldPixels
            let sine = sin(location.latitude * .pi / 180)
            let y = (0.5 - log((1 + sine) / (1 - sine)) / (4 * .pi)) * worldPixels
            let halfWidth = Self.labelWidth(of: place.name) / 2
            let cell = Cell(column: Int((x / cellWidth).rounded(.down)), row: Int((y / height).rounded(.down)))
            let crowded = (-1...1).contains { dc in
                (-1...1).contains { dr in
                    cells[Cell(column: cell.column + dc, row: cell.row + dr), default: []].contains {
                        abs($0.x - x) < $0.halfWidth + halfWidth && abs($0.y - y) < height
                    }
                }
            }
            guard !crowded else { continue }
            cells[cell, default: []].append((x, y, halfWidth))
            kept.append(place)
        }
        return kept
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

    private struct Cell: Hashable {
        let column: Int
        let row: Int
    }
}
