import Foundation
import TouristCore

/// `tourist-bench lookalikes DIR`: the perceptual hash (`PerceptualHash`) of every image in DIR,
/// computed as a fetch computes it (from the thumbnail `PhotoExamination` makes), and for every pair whether the hashes call them the same photo
/// at each `album.lookalikes.maxDistance` from 6 to 16 (and the colours within
/// `PerceptualHash.colourTolerance`), against the truth: a file named
/// `GROUP~VARIANT.EXT` is the same photo as every other file of its GROUP, and a different photo
/// from every file of another. Prints precision, recall (over pairs), the distinct pairs merged,
/// the farthest copies and the closest distinct photos, and the hash's cost per photo.
func lookalikes(folder: String) throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("~") }.sorted()
    guard names.count > 1 else { fail("lookalikes: \(folder) holds no GROUP~VARIANT files") }
    let decoder = try ImageDecoder()
    var hashes: [(group: String, name: String, hash: PerceptualHash)] = []
    let clock = ContinuousClock()
    var decoding = Duration.zero, hashing = Duration.zero
    var flat: [String] = []
    for name in names {
        let started = clock.now
        let examination = try PhotoExamination.examine(file: folder + "/" + name, decoder: decoder)
        let decoded = clock.now
        // A flat picture (one colour) has no layout to compare: a fetch compares it with none.
        guard let hash = try examination.look() else {
            flat.append(name)
            continue
        }
        hashes.append((String(name.prefix { $0 != "~" }), name, hash))
        decoding += decoded - started
        hashing += clock.now - decoded
    }
    var same: [(Int, String, String)] = [], distinct: [(Int, String, String)] = []
    for (index, first) in hashes.enumerated() {
        for second in hashes[(index + 1)...] {
            // A pair the colours tell apart counts as 99 bits apart: alike at no maxDistance.
            let colours = first.hash.colourDifference(to: second.hash) ?? 0
            let pair = (colours <= PerceptualHash.colourTolerance ? first.hash.distance(to: second.hash) : 99, first.name, second.name)
            if first.group == second.group { same.append(pair) } else { distinct.append(pair) }
        }
    }
    let groups = Set(hashes.map(\.group)).count
    if !flat.isEmpty { print("\(flat.count) flat files (one colour), compared with none: \(flat.joined(separator: ", "))") }
    print("\(hashes.count) files, \(groups) distinct photos: \(same.count) pairs of copies, \(distinct.count) pairs of distinct photos")
    let milliseconds = { (total: Duration) in String(format: "%.2f ms", total / .milliseconds(1) / Double(names.count)) }
    print(
        "per photo (mean): examined as a fetch examines it (decoded, preview and thumbnail made) \(milliseconds(decoding)), hash \(milliseconds(hashing))"
    )
    print("| maxDistance | precision | recall | distinct pairs merged |")
    print("|---|---|---|---|")
    for maxDistance in 6...16 {
        let found = same.count { $0.0 <= maxDistance }, merged = distinct.count { $0.0 <= maxDistance }
        let precision = found + merged == 0 ? 1 : Double(found) / Double(found + merged)
        let recall = same.isEmpty ? 1 : Double(found) / Double(same.count)
        print(String(format: "| %d | %.1f %% | %.1f %% | %d |", maxDistance, precision * 100, recall * 100, merged))
    }
    for (label, pairs) in [("farthest copies", same.sorted { $0.0 > $1.0 }), ("closest distinct photos", distinct.sorted { $0.0 < $1.0 })] {
        print("\(label): " + pairs.prefix(4).map { "\($0.0) (\($0.1), \($0.2))" }.joined(separator: "; "))
    }
}
