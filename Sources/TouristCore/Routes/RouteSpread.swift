/// Orders a route's photos so that any first few of them are spread along the line rather than all
/// from its densest place: the line is cut into `buckets` stretches of equal length, and the photos
/// are taken from the stretches in turn (the first of each stretch, in the line's order, then the
/// second of each...), each stretch keeping the order its photos came in.
public enum RouteSpread {
    /// `photos` (each with its kilometre along the line) in the order to take them.
    public static func ordered<Photo>(_ photos: [(photo: Photo, kmAlong: Double)], lengthKm: Double, buckets: Int) -> [Photo] {
        let count = max(1, buckets)
        var stretches = Array(repeating: [Photo](), count: count)
        for entry in photos {
            let index = lengthKm > 0 ? Int(entry.kmAlong / lengthKm * Double(count)) : 0
            stretches[min(max(index, 0), count - 1)].append(entry.photo)
        }
        var ordered: [Photo] = []
        ordered.reserveCapacity(photos.count)
        var round = 0
        while ordered.count < photos.count {
            for stretch in stretches where round < stretch.count {
                ordered.append(stretch[round])
            }
            round += 1
        }
        return ordered
    }
}
