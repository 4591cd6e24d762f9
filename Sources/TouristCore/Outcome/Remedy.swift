/// What a user can do about a failure, as actions with the facts they need: "repair the store,
/// then fetch pin 0a1b2c3d again".
///
/// An error in TouristCore carries its facts and, when there is one, its remedy, never a command:
/// each front end words the remedy its own way. The CLI names the commands to run
/// (`RemedyCommands` in Sources/tourist); `tourist serve` and the error's `description` use
/// `words`, plain words with no command, flag or path of one front end.
public struct Remedy: Sendable, Equatable, Codable {
    /// One thing to do.
    public enum Step: Sendable, Equatable, Codable {
        /// Repair a store: `store` is another store's location, nil for the one in use; `why` says
        /// what the repair does, in a few words ("rebuild it from the albums").
        case repairStore(store: String? = nil, why: String? = nil)
        /// Fetch a pin (nil: the pin the message is about) to download a photo again.
        case fetch(pin: String?)
        /// See the pins and their ids.
        case listPins
        /// See an album's photos, by number and id.
        case showAlbum(pin: String)
        /// Delete the files no album uses any more (after the store's grace period).
        case collectGarbage
        /// Rename a pin (nil: those the message names) in a store (nil: the one in use).
        case renamePin(pin: String?, store: String? = nil)
        /// Change a pin (its place, radius or name).
        case editPin(pin: String)
        /// Give a pin another radius.
        case changeRadius(pin: String, km: Double)
        /// Remove a pin.
        case removePin(pin: String)
        /// Give the new pin another name.
        case chooseAnotherName
        /// Run the same copy again.
        case copyAgain
        /// Copy again, replacing the pins in the way.
        case copyOverwriting
        /// Use an empty or new folder as the store.
        case chooseEmptyStoreFolder
        /// Restore the store from a backup, or use another one.
        case restoreStore
        /// Write a starter config.
        case writeStarterConfig
        /// Make a read-only store writable.
        case makeStoreWritable
        /// Use `what` as the store ("a folder (it is created when missing)").
        case pointAtStore(String)
        /// Use a readable JSON file as the config.
        case pointAtConfig
        /// Check the whole store for damage.
        case verifyStore
        /// Remove the file the message names.
        case removeIt
        /// Add a place as a pin by its name, one at a time (online lookups allowed).
        case addPinByName
        /// Run the same command again, at `moment`, to do `what` ("fill the rest"); nil: the same.
        case runAgain(when: Moment, to: String?)
        /// Fetch a pin at `moment`, which does `what` (after a new collection: fetching fills it).
        case fetchLater(pin: String, when: Moment, to: String)
        /// Widen a pin's radius, to `km`.
        case widenRadius(pin: String, km: Double)
        /// Widen a pin's time window (its taken range or months), or lift it.
        case widenWindow(pin: String)
        /// Use another provider, or add one to the config.
        case useAnotherProvider
        /// Replace an album of `replacing` photos with the `with` unseen ones a new collection found.
        case allowFewer(pin: String, replacing: Int, with: Int)
        /// Go where a provider has photos (the demo set's places), starting with `first`.
        case visit(places: [NamedPlace], first: NamedPlace, by: FetchAdvice.NextStep)
        /// Check the network connection.
        case checkNetwork
        /// See what each provider says.
        case checkProviders
        /// See what to fix in the config.
        case checkConfig
        /// Set the credentials these providers ask for, or use another provider.
        case setCredentials(providers: [String])
        /// Install a system package tourist needs (Debian's name: "libvips42").
        case installPackage(String)
        /// Write the pins as GeoJSON, which holds a route pin's line.
        case exportAsGeoJSON
        /// Name the pins to export, leaving the route pins out.
        case leaveOutRoutePins
    }

    /// When running again helps: at once, after a while (rate limits, a server down), or once the
    /// network is back (a provider could not be reached).
    public enum Moment: String, Sendable, Equatable, Codable {
        case now, later, online

        /// The words after "run it again".
        public var words: String {
            switch self {
            case .now: ""
            case .later: " later"
            case .online: " when online"
            }
        }
    }

    /// How the steps go together: one after the other, or one of them.
    public enum Joining: String, Sendable, Equatable, Codable {
        case then, or
    }

    public let steps: [Step]
    public let joining: Joining

    public init(_ steps: Step..., joining: Joining = .then) {
        self.steps = steps
        self.joining = joining
    }

    /// The remedy in plain words, as a sentence without its full stop: "Repair the store, then
    /// fetch the pin again to download it".
    public var words: String {
        Self.sentence(steps.map(Self.words(for:)), joining: joining)
    }

    /// `sentence` after `facts`, as the next sentence.
    public static func after(_ facts: String, _ sentence: String) -> String {
        facts.last.map { ".?!".contains($0) } == true ? "\(facts) \(sentence)" : "\(facts). \(sentence)"
    }

    /// `phrases` as one sentence: the first capitalised, the others after ", then" or ", or".
    public static func sentence(_ phrases: [String], joining: Joining) -> String {
        guard let first = phrases.first else { return "" }
        let rest = phrases.dropFirst().map { (joining == .then ? ", then " : ", or ") + $0 }.joined()
        return first.prefix(1).uppercased() + first.dropFirst() + rest
    }

    private static func words(for step: Step) -> String {
        switch step {
        case .repairStore(let store, let why):
            "repair the store\(store.map { " \($0)" } ?? "")\(why.map { " to \($0)" } ?? "")"
        case .fetch(let pin): "fetch \(pin.map { "pin \($0)" } ?? "the pin") again to download it"
        case .listPins: "see the pins and their ids in the pin list"
        case .showAlbum(let pin): "see the photos of pin \(pin) in its album"
        case .collectGarbage: "collect the store's garbage, which deletes the files no album uses"
        case .renamePin(let pin, let store): "rename \(pin.map { "pin \($0)" } ?? "them")\(store.map { " in \($0)" } ?? "")"
        case .editPin(let pin): "change pin \(pin)"
        case .changeRadius(let pin, let km): "change the radius of pin \(pin) to \(Kilometres.text(km))"
        case .removePin(let pin): "remove pin \(pin)"
        case .chooseAnotherName: "choose another name"
        case .copyAgain: "copy again"
        case .copyOverwriting: "copy again, replacing them"
        case .chooseEmptyStoreFolder: "choose an empty or new folder for the store"
        case .restoreStore: "restore it from a backup, or use another folder for the store"
        case .writeStarterConfig: "write a starter config"
        case .makeStoreWritable: "make it writable (remount it read-write, fix its permissions)"
        case .pointAtStore(let what): "use \(what) as the store"
        case .pointAtConfig: "use a readable JSON file as the config"
        case .verifyStore: "verify the store"
        case .removeIt: "remove it"
        case .addPinByName: "you can also add the place as a pin by its name"
        case .runAgain(let moment, let what): "try again\(moment.words)\(what.map { " to \($0)" } ?? "")"
        case .fetchLater(let pin, let moment, let what): "fetch pin \(pin)\(moment.words) to \(what)"
        case .widenRadius(let pin, let km): "widen the radius of pin \(pin) to \(Kilometres.text(km))"
        case .widenWindow(let pin): "widen the time window of pin \(pin)"
        case .useAnotherProvider: "use another provider, or add one to the config"
        case .allowFewer(_, let holds, let unseen): "replace its \(Plural.count(holds, "photo")) with \(unseen) anyway"
        case .visit(let places, _, _): "drop a pin near \(places.map(\.name).joined(separator: ", ")), where the demo set has photos"
        case .checkNetwork: "check the network"
        case .checkProviders: "see what each provider says"
        case .checkConfig: "see what to fix in the config"
        case .setCredentials(let providers): "set the credentials \(providers.joined(separator: ", ")) asks for, or use another provider"
        case .installPackage(let package): "install the package \(package)"
        case .exportAsGeoJSON: "export them as GeoJSON, which keeps each route's line"
        case .leaveOutRoutePins: "name the pins to export, leaving the route pins out"
        }
    }
}
