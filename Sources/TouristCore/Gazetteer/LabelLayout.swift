/// Where the names of a map's cities go, in pixels of the whole world's picture at one zoom: the
/// cities are taken largest first, each named on the side of its dot (`CityLabel.Placement`)
/// where its name meets no name or named dot already placed, and of those sides the one that
/// leaves the most room to the large cities still to come, so a large city's name does not take
/// the only place a nearly as large neighbour had.
struct LabelLayout {
    /// A rectangle on screen: `x` grows east, `y` south.
    struct Box: Sendable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        /// The box `margin` larger each way.
        func grown(by margin: Double) -> Box {
            Box(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
        }
    }

    /// A city to name: its dot on screen, the room its name takes, and its people; with the boxes
    /// of its dot and of its name on each side (`CityLabel.Placement.allCases`' order).
    struct City: Sendable {
        let x: Double, y: Double
        let size: LabelSize
        let population: Int
        let dot: Box
        let sides: [Box]

        init(x: Double, y: Double, size: LabelSize, population: Int) {
            (self.x, self.y, self.size, self.population) = (x, y, size, population)
            dot = LabelLayout.dot(x: x, y: y)
            sides = CityLabel.Placement.allCases.map { LabelLayout.box($0, size: size, x: x, y: y) }
        }

        /// The ground its dot and name may take, whichever side the name goes.
        var ground: Box {
            sides.reduce(dot) { ground, box in
                Box(
                    minX: min(ground.minX, box.minX), minY: min(ground.minY, box.minY), maxX: max(ground.maxX, box.maxX),
                    maxY: max(ground.maxY, box.maxY))
            }
        }
    }

    /// How far (each way, in pixels) a city's dot holds the ground for itself: a city whose dot
    /// is nearer to that of one with more than `dwarfed` times its people is not named, whether
    /// the larger one is or not, so a small city never stands in for a large one beside it
    /// (Sendai for Tokyo), nor crowds it (cities of a similar size are named side by side).
    static let reach = 11.0
    static let dwarfed = 2
    /// Half a dot's width (app.css `.city-label::before`, 5 px and a white ring): names keep off
    /// the dots of named cities.
    static let dotRadius = 3.0
    /// Where a name's line of text starts, from the point (app.css `.city-label-PLACEMENT`):
    /// `belowDrop` under it, centred; `besideGap` right or left of it and `besideDrop` under
    /// it; or `sideGap` right or left of it, centred on it. Names under the point are clear of
    /// any pin or cluster, which stand above the point they mark (a pin's tip 1 px under it);
    /// those centred beside it are clear of the round cluster's disc (48 px at most) and a pin.
    static let belowDrop = 2.0
    static let besideGap = 5.0
    static let besideDrop = 2.0
    static let sideGap = 20.0
    /// A city still to come counts in the choice of a side when it has at least a tenth of the
    /// people of the city being placed.
    private static let relevantShare = 10
    /// The cost of covering the dot of a city still to come with at least half the people of
    /// the one placed: that city could not be named. A city that can be named only so is not.
    private static let takesAName = 100.0

    private let cities: [City]
    private var names = BoxGrid()
    /// Each city's sides (`CityLabel.Placement.allCases` by bit) that meet no name or named dot.
    private var freeSides: [UInt8]
    private var decided: [City] = []
    private var decidedGrid: [BoxGrid.Cell: [Int]] = [:]
    /// The cities by the cells their `ground` lies on.
    private let comingGrid: [BoxGrid.Cell: [Int]]
    /// The cities still to come whose dots a name keeps off at all costs (`takesAName`), when
    /// not all are: those another layout named.
    private let guarded: Set<Int>?

    /// A layout for `cities`, largest first, that keeps names off the dots of the `guarded` ones
    /// still to come (of all, when nil).
    init(cities: [City], guarded: Set<Int>? = nil) {
        self.cities = cities
        self.guarded = guarded
        freeSides = Array(repeating: Self.allSides, count: cities.count)
        var coming: [BoxGrid.Cell: [Int]] = [:]
        for (index, city) in cities.enumerated() {
            for cell in BoxGrid.cells(of: city.ground) { coming[cell, default: []].append(index) }
        }
        comingGrid = coming
    }

    /// The placements of the first cities named, at most `limit`: (index in `cities`, side).
    mutating func place(limit: Int) -> [(index: Int, placement: CityLabel.Placement)] {
        var named: [(index: Int, placement: CityLabel.Placement)] = []
        for index in cities.indices where named.count < limit {
            let placement = place(index)
            let city = cities[index]
            decidedGrid[BoxGrid.cell(city.x, city.y), default: []].append(decided.count)
            decided.append(city)
            if let placement { named.append((index, placement)) }
        }
        return named
    }

    /// The box of a name `size` large placed at `placement` around a dot at `x`, `y`: its
    /// letters, where its line of text goes (app.css `.city-label-PLACEMENT`), and the halo
    /// around them.
    static func box(_ placement: CityLabel.Placement, size: LabelSize, x: Double, y: Double) -> Box {
        let (width, height) = (size.width, size.height)
        let (left, top) =
            switch placement {
            case .below: (x - width / 2, y + belowDrop)
            case .belowRight: (x + besideGap, y + besideDrop)
            case .belowLeft: (x - besideGap - width, y + besideDrop)
            case .right: (x + sideGap, y - height / 2)
            case .left: (x - sideGap - width, y - height / 2)
            }
        return Box(minX: left, minY: top + size.inkTop, maxX: left + width, maxY: top + size.inkBottom).grown(by: LabelSize.halo)
    }

    /// The box of a city's dot at `x`, `y`.
    static func dot(x: Double, y: Double) -> Box {
        Box(minX: x - dotRadius, minY: y - dotRadius, maxX: x + dotRadius, maxY: y + dotRadius)
    }

    private static let allSides = UInt8((1 << CityLabel.Placement.allCases.count) - 1)

    private mutating func place(_ index: Int) -> CityLabel.Placement? {
        let city = cities[index]
        guard !isHeld(city), names.isFree(city.dot) else { return nil }
        var best: (side: Int, cost: Double)?
        for side in city.sides.indices where freeSides[index] & (1 << side) != 0 {
            let cost = cost(of: city.sides[side], for: index)
            if cost < best?.cost ?? .infinity { best = (side, cost) }
        }
        guard let best, best.cost < Self.takesAName else { return nil }
        take(city.sides[best.side])
        take(city.dot)
        return CityLabel.Placement.allCases[best.side]
    }

    /// Takes `box` for a name or a named dot: the sides of cities it meets are no longer free.
    private mutating func take(_ box: Box) {
        names.take(box)
        for other in Set(BoxGrid.cells(of: box).flatMap { comingGrid[$0, default: []] }) where freeSides[other] != 0 {
            for (side, sideBox) in cities[other].sides.enumerated() where box.overlaps(sideBox) {
                freeSides[other] &= ~(1 << side)
            }
        }
    }

    /// Whether a larger city already decided holds the ground `city` stands on.
    private func isHeld(_ city: City) -> Bool {
        BoxGrid.cells(around: city.x, city.y, by: Self.reach).contains { cell in
            decidedGrid[cell, default: []].contains { Self.holds(decided[$0], city) }
        }
    }

    /// Whether `larger` holds the ground `city` stands on: it is within `reach` and has more than
    /// `dwarfed` times its people.
    private static func holds(_ larger: City, _ city: City) -> Bool {
        abs(larger.x - city.x) < reach && abs(larger.y - city.y) < reach && larger.population > dwarfed * city.population
    }

    /// What a name at `box` takes from the cities after `index` with a tenth of its people or
    /// more that it does not hold, each weighed by its share of them: a guarded city's dot covered
    /// with half its people or more, `takesAName`; another's, 3; all its free sides met, 3 too;
    /// some of them, their share of its choice.
    private func cost(of box: Box, for index: Int) -> Double {
        let placed = cities[index]
        let coming = Set(BoxGrid.cells(of: box).flatMap { comingGrid[$0, default: []] }).filter { $0 > index }.sorted()
        var cost = 0.0
        for other in coming {
            let city = cities[other]
            guard city.population * Self.relevantShare >= placed.population, !Self.holds(placed, city) else { continue }
            let share = Double(city.population) / Double(max(placed.population, 1))
            if box.overlaps(city.dot), !city.dot.overlaps(placed.dot) {
                let guarded = guarded?.contains(other) ?? true
                cost += guarded && 2 * city.population >= placed.population ? Self.takesAName : 3 * share
            } else {
                let sides = city.sides.indices.filter { freeSides[other] & (1 << $0) != 0 }
                let met = sides.filter { box.overlaps(city.sides[$0]) }.count
                guard met > 0 else { continue }
                cost += met == sides.count ? 3 * share : share * Double(met) / Double(sides.count)
            }
        }
        return cost
    }
}
