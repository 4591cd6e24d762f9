/// Boxes on screen kept in a grid of 64-pixel cells, so a new box is compared with the few near
/// it only (`LabelLayout`).
struct BoxGrid {
    struct Cell: Hashable {
        let column: Int
        let row: Int
    }

    private static let cellSize = 64.0
    private var cells: [Cell: [LabelLayout.Box]] = [:]

    /// Whether `box` meets no box taken so far.
    func isFree(_ box: LabelLayout.Box) -> Bool {
        !Self.cells(of: box).contains { cell in cells[cell, default: []].contains { $0.overlaps(box) } }
    }

    mutating func take(_ box: LabelLayout.Box) {
        for cell in Self.cells(of: box) { cells[cell, default: []].append(box) }
    }

    /// The cell that holds the point `x`, `y`.
    static func cell(_ x: Double, _ y: Double) -> Cell {
        Cell(column: Int((x / cellSize).rounded(.down)), row: Int((y / cellSize).rounded(.down)))
    }

    /// The cells `box` lies on.
    static func cells(of box: LabelLayout.Box) -> [Cell] {
        let low = cell(box.minX, box.minY), high = cell(box.maxX, box.maxY)
        return (low.column...high.column).flatMap { column in (low.row...high.row).map { Cell(column: column, row: $0) } }
    }

    /// The cells within `distance` of the point `x`, `y`, each way.
    static func cells(around x: Double, _ y: Double, by distance: Double) -> [Cell] {
        cells(of: LabelLayout.Box(minX: x - distance, minY: y - distance, maxX: x + distance, maxY: y + distance))
    }
}
