import TouristCore

extension HTTPClient.Configuration {
    /// Time-outs far beyond what any request to a server on 127.0.0.1 needs, however busy the
    /// machine: for tests whose subject is not a time-out, so a slow moment cannot change their
    /// outcome. A test of a time-out sets its own short limit and makes the server stall far longer.
    public static let patient = HTTPClient.Configuration(connectTimeout: 120, totalTimeout: 300, stallTimeout: 120)
}
