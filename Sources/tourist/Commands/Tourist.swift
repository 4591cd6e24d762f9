import ArgumentParser
import TouristCore

/// The `tourist` command: pins, albums, providers and the store. `tourist --help` is
/// ArgumentParser's help (overview, usage, options, the commands) followed by `guide`.
struct Tourist: AsyncParsableCommand {
    static let version = TouristVersion.current

    static let configuration = CommandConfiguration(
        commandName: "tourist",
        abstract:
            "Keep a photo album for every place you pin, filled from Flickr, Wikimedia Commons, your own folders, a demo set and plugins.",
        version: version,
        subcommands: [
            PinCommand.self, FetchCommand.self, NewCollectionCommand.self, AlbumCommand.self, PhotoCommand.self,
            ExportCommand.self, SearchCommand.self, ServeCommand.self, ProvidersCommand.self, ConfigCommand.self, StoreCommand.self,
            FixtureCommand.self,
        ]
    )
}

extension Tourist {
    /// What `tourist --help` says after the commands: how a PIN is named, the global options, the
    /// exit codes, --json's errors and the credits; lines of at most 80 columns, printed as they
    /// are (ArgumentParser would wrap them a second time).
    static var guide: String {
        let paragraphs = [
            "PIN is a pin's id or its name, in any case, or a unique prefix of either (4 hex digits at least for an id: "
                + "tourist fetch eiff); a name of several words needs no quotes where a command takes one pin "
                + "(tourist fetch Eiffel Tower); `pin rm` takes a whole name or an id only. PHOTO is provider:id as `album` prints it.",
            "Providers: Flickr (an API key), Wikimedia Commons (no key; fill in your \"contact\"), your own folders of "
                + "geotagged photos, the bundled demo set (made-up images, offline) and plugins; `tourist config init` "
                + "writes a config with them, `tourist providers` lists them.",
        ]
        let tables = """
            Global options, before or after the command (tourist --json pin list):
              --config <path>   config file (default: $TOURIST_CONFIG, else
                                $XDG_CONFIG_HOME/tourist/config.json, else built in)
              --store <path>    store folder or s3://BUCKET/PREFIX (default: $TOURIST_STORE,
                                else the config's "store", else $XDG_DATA_HOME/tourist)
              --json            one JSON document on stdout and nothing else; on stderr at
                                most one JSON object, at the end (see below)
              -q, --quiet       only errors on stderr; no progress
              -v, --verbose     details of what happens on stderr

            Exit codes:
              0   ok
              1   providers test: a rule failed
              64  usage: a bad argument or coordinate, an unknown command
              65  bad input data: unknown pin or photo, a damaged or newer store, a bad
                  fixture manifest or pin file
              66  an input file (pin import) does not exist or cannot be read
              69  no provider could answer; an S3 store cannot be reached; serve: the
                  port is taken
              73  the store or a file cannot be created (its path is a file, its bucket
                  is missing, it can only be read)
              74  I/O error
              75  temporary failure: run the command again to resume (also: the online
                  geocoder cannot be reached, offline)
              77  not authorized (a bad API key, an S3 key the store refuses)
              78  config error (also: no S3 credentials)

            With --json, a command that fails writes one line on stderr:
              {"error": {"code": 69, "message": "..."}, "notes": ["..."]}
            """
        let after = [
            "code is the exit code, message what ended the command, notes the other lines it would have printed "
                + "(left out when none). A command that succeeds writes nothing on stderr, or {\"notes\": [...]}. "
                + "This holds for arguments that cannot be parsed too (64).",
            Gazetteer.attribution + ".",
            "Landmarks and addresses, when the config's \"geocoder\" is on: \(NominatimGeocoder.attribution) "
                + "(ODbL, \(NominatimGeocoder.attributionURL)), found by Nominatim.",
        ]
        let wrapped = { (texts: [String]) in texts.map { Paragraph.wrapped($0, width: 80) }.joined(separator: "\n\n") }
        return wrapped(paragraphs) + "\n\n" + tables + "\n" + wrapped(after) + "\n"
    }
}

/// Text wrapped at word boundaries.
enum Paragraph {
    /// `text` in lines of at most `width` columns (a longer word stands alone on its line).
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
