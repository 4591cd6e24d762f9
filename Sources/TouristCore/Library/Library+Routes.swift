import Foundation

extension Library {
    /// Saves a route pin from the route file at `path` (`RouteFile`): its line simplified for the
    /// pin's radius (`RoutePin.line`), standing at the line's start, named `name`, else the name
    /// the file gives, else the file's name. The same name with the same line and radius returns
    /// the existing pin (`created` false). `window`: when its photos must have been taken (nil: at
    /// any time). Throws `FileStreamingError` when the file cannot be read,
    /// `InputDataError` when it holds no route.
    public func addRoute(file path: String, name: String?, radiusKm: Double?, window: TimeWindow? = nil) throws -> (pin: Pin, created: Bool)
    {
        let track = try RouteFile.read(contentsOf: path)
        let radius = try PinRadius.checked(radiusKm ?? Defaults.radiusKm)
        guard let line = RoutePin.line(of: track, radiusKm: radius) else {
            throw InputDataError("\(path) holds no line of two different points; export the route with its track points")
        }
        let fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let name = try PinName.checked(name ?? track.name.flatMap { try? PinName.checked($0) } ?? fileName)
        let target = config.album.photos
        let near = nearby(line.start)
        return try store.transaction { transaction in
            try Self.refuseIfAnotherPinsID(name, for: nil, transaction)
            return try transaction.addPin(
                name: name, location: line.start, radiusKm: radius, near: near, route: line, window: window, target: target)
        }
    }
}
