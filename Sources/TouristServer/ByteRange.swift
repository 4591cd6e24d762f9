import Foundation

/// A `Range` header, as far as one blob needs it: one `bytes=` range, or the whole blob.
package enum ByteRange: Equatable {
    case whole
    case part(Range<Int>)
    case unsatisfiable

    /// `bytes=A-B`, `bytes=A-` or `bytes=-N` against a blob of `size` bytes. Several ranges, or
    /// anything not understood, get the whole blob (which the standard allows).
    package static func parse(_ header: String, size: Int) -> ByteRange {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .whole }
        let first = parts[0].isEmpty ? nil : Int(parts[0]), last = parts[1].isEmpty ? nil : Int(parts[1])
        if parts[0].isEmpty {
            guard let suffix = last, suffix >= 0 else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(max(0, size - suffix)..<size)
        }
        guard let start = first, start >= 0, parts[1].isEmpty || last != nil else { return .whole }
        guard start < size else { return .unsatisfiable }
        let end = min(last ?? (size - 1), size - 1)
        guard end >= start else { return .whole }
        return .part(start..<(end + 1))
    }
}
