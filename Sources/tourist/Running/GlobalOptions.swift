import ArgumentParser

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Config file (default: $TOURIST_CONFIG, else $XDG_CONFIG_HOME/tourist/config.json, else built-in).", valueName: "path"))
    var config: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Store folder or s3://BUCKET/PREFIX (default: $TOURIST_STORE, else the config's \"store\", else $XDG_DATA_HOME/tourist).",
            valueName: "path"))
    var store: String?

    @Flag(name: .long, help: "Print one JSON document on stdout and nothing else; errors and notes as one JSON object on stderr.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print only errors on stderr; no progress.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print details of what happens on stderr.")
    var verbose = false
}
