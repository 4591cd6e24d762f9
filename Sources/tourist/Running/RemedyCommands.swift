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

    private static func phrase(_ step: Remedy.Step) -> String {
        switch step {
        case .repairStore(let store, let why): "run `tourist store repair\(storeOption(store))`\(why.map { " to \($0)" } ?? "")"
        case .fetch(let pin): "run `tourist fetch \(pin ?? "PIN")` to download it again"
        case .listPins: "run `tourist pin list` to see the pins and their ids"
        case .showAlbum(let pin): "run `tourist album \(pin)` to see its photos"
        case .collectGarbage: "`tourist store gc` deletes the files no album uses"
        case .renamePin(let pin, let store): "rename \(pin == nil ? "one" : "it") with `tourist pin edit \(pin ?? "ID") --name NEW\(storeOption(store))`"
        case .editPin(let pin): "change it with `tourist pin edit \(pin)`"
        case .changeRadius(let pin, let km): "change its radius with `tourist pin edit \(pin) --radius \(Kilometres.argument(km))`"
        case .removePin(let pin): "remove it with `tourist pin rm \(pin)`"
        case .chooseAnotherName: "choose another --name"
        case .copyAgain: "copy again"
        case .copyOverwriting: "copy with --overwrite to replace them"
        case .chooseEmptyStoreFolder: "choose an empty or new folder for --store"
        case .restoreStore: "restore it from a backup or point --store elsewhere"
        case .writeStarterConfig: "run `tourist config init` to write a starter config"
        }
    }

    private static func storeOption(_ store: String?) -> String {
        store.map { " --store \($0)" } ?? ""
    }
}
