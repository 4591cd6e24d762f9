import Foundation

/// Distances as messages show them, the same in every front end.
public enum Kilometres {
    /// `5 km`, `0.55 km`: whole kilometres without decimals, others with two.
    public static func text(_ km: Double) -> String {
        km.rounded() == km ? "\(Int(km)) km" : String(format: "%.2f km", km)
    }

    /// A number of kilometres as a user types it in a command (`10`, `1.1`, `0.667`): rounded to
    /// three decimals, without trailing zeros (a value that small is written whole).
    public static func argument(_ km: Double) -> String {
        var text = String(format: "%.3f", km)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "0" ? "\(km)" : text
    }
}
