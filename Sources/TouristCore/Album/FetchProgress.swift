/// Where a running fetch stands, for a progress display.
public struct FetchProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int
    public var bytes: Int

    public init(done: Int, total: Int, bytes: Int) {
        self.done = done
        self.total = total
        self.bytes = bytes
    }
}
