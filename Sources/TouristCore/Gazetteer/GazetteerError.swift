/// Why the gazetteer could not be loaded: its resource is missing (tourist installed without
/// `tourist_TouristCore.resources`) or is not a gazetteer this build reads.
public struct GazetteerError: ClassifiedError, Sendable, Equatable {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
    public var failureClass: FailureClass { .badData }
}
