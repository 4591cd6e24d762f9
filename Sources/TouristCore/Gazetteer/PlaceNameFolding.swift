import Foundation

/// The lookup form of a place name, so "SÃO PAULO", "sao paulo" and full-width "Ｐａｒｉｓ" meet
/// "São Paulo" and "Paris": compatibility-decomposed (width), lower-cased with a final sigma as a
/// sigma, marks dropped (accents), runs of white space as one space, trimmed.
///
/// The gazetteer stores its names already folded by `fold` in GazetteerTools/make-gazetteer.py;
/// the two must stay the same function, or lookups of accented names will miss.
enum PlaceNameFolding {
    static func fold(_ text: some StringProtocol) -> String {
        let lowered = String(text).decomposedStringWithCompatibilityMapping.lowercased()
            .replacingOccurrences(of: "\u{03C2}", with: "\u{03C3}")
        var folded = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in lowered.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar.properties.isWhitespace {
                pendingSpace = !folded.isEmpty
                continue
            }
            if pendingSpace { folded.append(" ") }
            pendingSpace = false
            folded.append(scalar)
        }
        return String(folded)
    }
}
