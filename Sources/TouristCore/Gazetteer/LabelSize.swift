import Foundation

/// How much room a city's name takes on the map page (app.css `.city-label-name`): its text at
/// 12 px, or 13.5 px for a city of `majorPopulation` people or more, semibold, one line 1.2 times
/// as high as the font, with a white halo around it (`halo`). Widths are those of DejaVu Sans Bold,
/// wider than the other fonts the page asks for (Segoe UI, Roboto, Helvetica, Noto Sans,
/// Liberation Sans, Arial), so a name is never taken for narrower than it shows.
public struct LabelSize: Sendable, Hashable {
    /// The width and height of the name's line of text, in pixels.
    public let width: Double
    public let height: Double
    /// Where the name's letters start and end under the top of its line of text, in pixels:
    /// from the top of its tallest letter (an accented capital reaches higher than a plain one)
    /// to the bottom of its lowest (a "g" reaches under the line that "Seoul" sits on).
    public let inkTop: Double
    public let inkBottom: Double
    /// The name's font size in pixels.
    public let fontSize: Double

    /// The people from which a city's name is set larger (app.css `.city-label-major`).
    public static let majorPopulation = 5_000_000
    /// The room kept around a name's text, each side, in pixels: its white halo, which may touch
    /// another's.
    public static let halo = 1.0
    /// The widest a name is taken to be (a longer one is rare and still shows), and the height of
    /// a major city's line of text.
    public static let widest = 240.0
    public static let highest = lineHeight(13.5)

    /// The room `name` takes, set for a city of `population` people.
    public init(name: String, population: Int) {
        fontSize = population >= Self.majorPopulation ? 13.5 : 12
        let ems = name.unicodeScalars.reduce(0.0) { $0 + Self.advance(of: $1) }
        width = min(ems * fontSize, Self.widest)
        height = Self.lineHeight(fontSize)
        let scalars = name.unicodeScalars
        let ascent = scalars.contains { !$0.isASCII } ? 0.94 : 0.77
        let descent = scalars.contains { !$0.isASCII || Self.descending.contains($0) } ? 0.22 : 0.02
        let baseline = (height - Self.contentHeight * fontSize) / 2 + Self.fontAscent * fontSize
        inkTop = baseline - ascent * fontSize
        inkBottom = baseline + descent * fontSize
    }

    /// DejaVu Sans Bold's ascent and ascent plus descent, in ems: a line of text puts half of
    /// what its height has over the latter above it, and its baseline the ascent lower.
    private static let fontAscent = 0.928
    private static let contentHeight = 1.164
    /// The characters that reach under the baseline.
    private static let descending = Set("gjpqyQ,;()[]{}|/@_$".unicodeScalars)

    private static func lineHeight(_ fontSize: Double) -> Double {
        (fontSize * 1.2).rounded(.up)
    }

    /// The advance of `scalar` in ems: DejaVu Sans Bold's for printable ASCII, that of its
    /// unaccented letter for a Latin letter with marks, a full em for CJK and wider scripts, and
    /// a wide letter's otherwise.
    static func advance(of scalar: Unicode.Scalar) -> Double {
        if let ascii = asciiAdvance(scalar) { return ascii }
        if scalar.value >= 0x2E80 { return 1.0 }
        let folded = String(scalar).folding(options: .diacriticInsensitive, locale: nil).unicodeScalars
        if folded.count == 1, let base = folded.first, let ascii = asciiAdvance(base) { return ascii }
        return 0.85
    }

    private static func asciiAdvance(_ scalar: Unicode.Scalar) -> Double? {
        guard (0x20..<0x7F).contains(scalar.value) else { return nil }
        return Double(asciiAdvances[Int(scalar.value) - 0x20]) / 1000
    }

    /// DejaVu Sans Bold's advances of the characters from space (0x20) to tilde (0x7E), in
    /// thousandths of an em, as Chromium measures them.
    private static let asciiAdvances: [Int] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,  // space to /
        696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,  // 0 to ?
        1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,  // @ to O
        733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,  // P to _
        500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,  // ` to o
        716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,  // p to ~
    ]
}
