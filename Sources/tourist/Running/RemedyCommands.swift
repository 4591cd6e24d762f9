import TouristCore

/// A `Remedy` in the terminal's words: the commands to run, as "Run `tourist store repair`, then
/// `tourist fetch 0a1b2c3d` to download it again".
enum RemedyCommands {
    /// The error's message for the terminal: its facts, then its remedy as commands.
    static func message(_ error: any ClassifiedError) -> String {
        error.remedy.map { Remedy.after(error.facts, sentence($0)) } ?? error.facts
    }

    static func sentence(_ remedy: Remedy) -> String {
        Remedy.sentence(remedy.steps.map(phrase), joining: remedy.joining)
    }

    /// The remedy as the rest of a sentence: its first word not capitalised ("; run it again later").
    static func clause(_ remedy: Remedy) -> String {
        remedy.steps.map(phrase).joined(separator: remedy.joining == .then ? ", then " : ", or ")
    }

    private static func phrase(_ step: Remedy.Step) -> String {
        switch step {
        case .repairStore(let store, let why): "run `tourist store repair\(storeOption(store))`\(why.map { " to \($0)" } ?? "")"
        case .fetch(let pin): pin.map { "run `tourist fetch \($0)` to download it again" } ?? "`tourist fetch` its pin to download it again"
        case .listPins: "run `tourist pin list` to see the pins and their ids"
        case .showAlbum(let pin): "run `tourist album \(pin)` to see its photos"
        case .collectGarbage: "`tourist store gc` deletes the files no album uses"
        case .renamePin(let pin, let store):
            "rename \(pin == nil ? "them" : "one") with `tourist pin edit \(pin ?? "ID") --name NEW\(storeOption(store))`"
        case .editPin(let pin): "change it with `tourist pin edit \(pin)`"
        case .changeRadius(let pin, let km): "change its radius with `tourist pin edit \(pin) --radius \(Kilometres.argument(km))`"
        case .removePin(let pin): "remove it with `tourist pin rm \(pin)`"
        case .chooseAnotherName: "choose another --name"
        case .copyAgain: "copy again"
        case .copyOverwriting: "copy with --overwrite to replace them"
        case .chooseEmptyStoreFolder: "choose an empty or new folder for --store"
        case .restoreStore: "restore it from a backup or point --store elsewhere"
        case .writeStarterConfig: "run `tourist config init` to write a starter config"
        case .makeStoreWritable: "make it writable (remount it read-write, fix its permissions)"
        case .pointAtStore(let what): "point --store or TOURIST_STORE at \(what)"
        case .pointAtConfig: "point --config or TOURIST_CONFIG at a readable JSON file"
        case .verifyStore: "run `tourist store verify`"
        case .removeIt: "remove it"
        case .addPinByName: "you can also add the place with `tourist pin add`"
        case .runAgain(let moment, let what): what.map { "run it again\(moment.words) to \($0)" } ?? "run the command again\(moment.words)"
        case .fetchLater(let pin, let moment, let what): "`tourist fetch \(pin)`\(moment == .now ? "" : " run\(moment.words)") will \(what)"
        case .widenRadius(let pin, let km): "widen the radius with `tourist pin edit \(pin) --radius \(Kilometres.argument(km))`"
        case .widenWindow(let pin):
            "widen the time window with `tourist pin edit \(pin) --taken RANGE --months MONTHS` (`any` lifts either)"
        case .useAnotherProvider: "use another provider: `--provider NAME` (see `tourist providers`), or add one to the config"
        case .allowFewer(let pin, let holds, let unseen):
            "`tourist new-collection \(pin) --allow-fewer` replaces its \(Plural.count(holds, "photo")) with \(unseen) anyway"
        case .visit(let places, let first, let next): visit(places, first: first, by: next)
        case .checkNetwork: "check the network"
        case .checkProviders: "`tourist providers --check` shows what each provider says"
        case .checkConfig: "`tourist config check` shows what to fix"
        case .setCredentials(let providers):
            "set the credentials \(providers.joined(separator: ", ")) asks for (its line above says how), or use another provider"
        case .installPackage(let package): "install it: `apt-get install \(package)`"
        case .exportAsGeoJSON:
            "export them as GeoJSON with `--format geojson` (or an --output file ending in .geojson), which keeps each route's line"
        case .leaveOutRoutePins: "name the pins to export, leaving the route pins out"
        }
    }

    /// "the demo set has photos near Paris (48.8584,2.2945), … only; try: tourist pin add …".
    private static func visit(_ places: [NamedPlace], first: NamedPlace, by next: FetchAdvice.NextStep) -> String {
        func degrees(_ value: Double) -> String { GeoPoint.format((value * 10_000).rounded() / 10_000) }
        let listed = places.map { "\($0.name) (\(degrees($0.latitude)),\(degrees($0.longitude)))" }.joined(separator: ", ")
        let command =
            switch next {
            case .pinAdd: "tourist pin add \(degrees(first.latitude)) \(degrees(first.longitude)) --name \"\(first.name)\""
            case .search: "tourist search \(degrees(first.latitude)) \(degrees(first.longitude))"
            }
        return "the demo set has photos near \(listed) only; try: \(command)"
    }

    private static func storeOption(_ store: String?) -> String {
        store.map { " --store \($0)" } ?? ""
    }
}
