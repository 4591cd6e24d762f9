/// tourist's version, shown by `--version` and sent in the HTTP User-Agent.
public enum TouristVersion {
    public static let current = "0.1.0"
}
