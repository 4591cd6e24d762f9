/// The screen space a map's labels have taken, in pixels of the whole world's picture at one
/// zoom: the boxes of names placed so far, the dots of the cities named, and the reach of every
/// city looked at (named or not). Boxes are kept in a grid of cells, so a new box is compared
/// with the few near it only.
struct LabelLayout {
    /// A rectangle on screen: `x` grows east, `y` south.
    struct Box {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    private struct Cell: Hashable {
        let column: Int
        let row: Int
    }

    /// How far (each way, in pixels) a city's dot holds the ground for itself: a smaller city
    /// whose dot is nearer is not named, named or not the larger one, so that a name never
    /// stands where a larger city is.
    static let reach = 11.0
    /// Half a dot's width: names keep off the dots of named cities.
    static let dotRadius = 3.0
    /// The gap between a dot and a name beside it: half a pin's marker (30 px wide, standing on
    /// the point) and a pixel, so a pin at the city never covers the name.
    static let gap = 16.0
    private static let cellSize = 64.0

    private var cells: [Cell: [Box]] = [:]
    private var reaches: [Cell: [(x: Double, y: Double)]] = [:]

    /// Where `name` (`width` by `height` pixels) goes around a city at `x`, `y`: the first
    /// placement free of every name and named dot so far; nil when none is, or when the city
    /// lies in a larger one's reach. Either way the city's reach is taken.
    mutating func place(width: Double, height: Double, x: Double, y: Double) -> CityLabel.Placement? {
        defer { reaches[Self.cell(x, y), default: []].append((x, y)) }
        let dot = Box(minX: x - Self.dotRadius, minY: y - Self.dotRadius, maxX: x + Self.dotRadius, maxY: y + Self.dotRadius)
        guard !withinReach(x, y), isFree(dot) else { return nil }
        for placement in CityLabel.Placement.allCases {
            let box = Self.box(placement, width: width, height: height, x: x, y: y)
            if isFree(box) {
                take(box)
                take(dot)
                return placement
            }
        }
        return nil
    }

    /// The box of a name placed at `placement` around a dot at `x`, `y`.
    static func box(_ placement: CityLabel.Placement, width: Double, height: Double, x: Double, y: Double) -> Box {
        switch placement {
        case .below: Box(minX: x - width / 2, minY: y, maxX: x + width / 2, maxY: y + height)
        case .right: Box(minX: x + gap, minY: y - height / 2, maxX: x + gap + width, maxY: y + height / 2)
        case .left: Box(minX: x - gap - width, minY: y - height / 2, maxX: x - gap, maxY: y + height / 2)
        }
    }

    private func withinReach(_ x: Double, _ y: Double) -> Bool {
        let home = Self.cell(x, y)
        return (-1...1).contains { dc in
            (-1...1).contains { dr in
                reaches[Cell(column: home.column + dc, row: home.row + dr), default: []].contains {
                    abs($0.x - x) < Self.reach && abs($0.y - y) < Self.reach
                }
            }
        }
    }

    private func isFree(_ box: Box) -> Bool {
        !Self.cells(of: box).contains { cell in cells[cell, default: []].contains { $0.overlaps(box) } }
    }

    private mutating func take(_ box: Box) {
        for cell in Self.cells(of: box) { cells[cell, default: []].append(box) }
    }

    private static func cell(_ x: Double, _ y: Double) -> Cell {
        Cell(column: Int((x / cellSize).rounded(.down)), row: Int((y / cellSize).rounded(.down)))
    }

    private static func cells(of box: Box) -> [Cell] {
        let low = cell(box.minX, box.minY), high = cell(box.maxX, box.maxY)
        return (low.column...high.column).flatMap { column in (low.row...high.row).map { Cell(column: column, row: $0) } }
    }
}
