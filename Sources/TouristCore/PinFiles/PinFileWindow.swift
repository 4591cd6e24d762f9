/// A pin's time window in a pin file: its `taken` and `months` texts, the forms `TakenRange` and
/// `MonthSet` are typed and stored in, checked by the rules every front end keeps (`PinWindowEdit`).
enum PinFileWindow {
    /// The window `taken` and `months` name; nil when neither limits it (each nil, empty or
    /// `PinWindowEdit.liftWord`). An error names `at` and the part: "feature 3: taken: …".
    static func read(taken: String?, months: String?, at: String) throws(InputDataError) -> TimeWindow? {
        TimeWindow(
            taken: try part("taken", at: at) { () throws(LibraryError) in try PinWindowEdit.takenPart(taken) },
            months: try part("months", at: at) { () throws(LibraryError) in try PinWindowEdit.monthsPart(months) })
    }

    private static func part<Value>(_ name: String, at: String, _ parse: () throws(LibraryError) -> PinWindowEdit.Part<Value>)
        throws(InputDataError) -> Value?
    {
        do {
            guard case .set(let value) = try parse() else { return nil }
            return value
        } catch {
            throw InputDataError("\(at): \(name): \(error.message)")
        }
    }
}
