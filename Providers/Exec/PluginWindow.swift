import TouristCore

/// A time window as a plugin's `search` receives it (`window`, for a plugin that declares the
/// capability): `from` and `to`, the first and last day of the taken range, both included, as
/// `YYYY-MM-DD` (each absent when that end is open), and `months`, the months of any year (1 to
/// 12, absent for every month). A plugin compares the date of a photo's taken time as its camera
/// wrote it.
enum PluginWindow {
    static func json(_ window: TimeWindow) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let first = window.taken?.firstDay { members.append(("from", .string(first))) }
        if let last = window.taken?.lastDay { members.append(("to", .string(last))) }
        if let months = window.months { members.append(("months", .array(months.months.map { .number(Double($0)) }))) }
        return .object(members)
    }
}
