import Foundation

extension ConformanceCheck {
    /// A provider that takes boxes (`SearchShapes.maxBoxAreaKm2`) answers a box query with photos
    /// inside the box only: a square around the center, within the largest area and the radius.
    /// A provider that takes no boxes has no such rule.
    mutating func searchingBoxes() async {
        guard let largest = subject.shapes?.maxBoxAreaKm2 else { return }
        let sideKm = min(largest.squareRoot(), radiusKm)
        let kmPerDegree = GeoPoint.earthRadiusKm * .pi / 180
        let halfLatitude = sideKm / 2 / kmPerDegree
        let halfLongitude = sideKm / 2 / (kmPerDegree * max(cos((abs(center.latitude) + halfLatitude) * .pi / 180), 0.01))
        let box = GeoBox(
            minLongitude: max(-180, center.longitude - halfLongitude), minLatitude: max(-90, center.latitude - halfLatitude),
            maxLongitude: min(180, center.longitude + halfLongitude), maxLatitude: min(90, center.latitude + halfLatitude))
        do {
            let page = try await subject.search(GeoQuery(box: box, limit: pageSize))
            let outside = page.candidates.compactMap { candidate in
                candidate.location.flatMap { box.contains($0) ? nil : "\(candidate.key) at \($0) is outside the box" }
            }
            check("within the box", outside, passed: "\(page.candidates.count) photos of a \(Format.number(sideKm)) km box, all inside it")
        } catch {
            record("within the box", .fail, "a search of a box around \(center) failed: \(Self.describe(error))")
        }
    }
}
