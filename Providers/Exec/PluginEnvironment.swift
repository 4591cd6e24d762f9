/// The environment a plugin starts with: not tourist's whole environment, which holds its own keys
/// (`FLICKR_API_KEY`) and often a cloud's credentials (`AWS_SECRET_ACCESS_KEY`), but the few
/// variables any program needs to run as the user (`basics`, and every `LC_*`), plus the ones the
/// entry names in `passEnvironment`. A plugin needing a key gets it as an option
/// (`"token": "${MAPILLARY_TOKEN}"`), or by name in `passEnvironment`.
enum PluginEnvironment {
    /// What every plugin gets, when tourist has it: where programs and the home folder are, who the
    /// user is, the language, time zone, temporary folder, terminal, and where the system's CA
    /// certificates are.
    static let basics: Set<String> = [
        "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERM", "NO_COLOR",
        "SSL_CERT_FILE", "SSL_CERT_DIR",
    ]

    /// The entry key naming further variables of tourist's environment to pass on.
    static let passKey = "passEnvironment"

    /// The variables of `environment` a plugin gets: the basics, `LC_*`, and `passed`.
    static func minimal(from environment: [String: String], passing passed: [String]) -> [String: String] {
        let named = basics.union(passed)
        return environment.filter { named.contains($0.key) || $0.key.hasPrefix("LC_") }
    }
}
