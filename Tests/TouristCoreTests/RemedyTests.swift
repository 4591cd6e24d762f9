import Testing
@testable import TouristCore

/// A remedy's plain words, which `tourist serve` and an error's `description` say: no command, no
/// flag and no path of one front end (the CLI's commands are checked through the binary, in the
/// end-to-end tests of each message).
@Suite struct RemedyTests {
    /// One of every step. The switch has no `default`, so a new step does not compile here until
    /// it is listed.
    static let paris = NamedPlace(name: "Paris", latitude: 48.8584, longitude: 2.2945)

    static let everyStep: [Remedy.Step] = {
        let steps: [Remedy.Step] = [
            .repairStore(), .repairStore(store: "s3://bucket/photos", why: "rebuild it from the albums"), .fetch(pin: nil),
            .fetch(pin: "0a1b2c3d"),
            .listPins, .showAlbum(pin: "0a1b2c3d"), .collectGarbage, .renamePin(pin: nil), .renamePin(pin: "0a1b2c3d", store: "/elsewhere"),
            .editPin(pin: "0a1b2c3d"), .changeRadius(pin: "0a1b2c3d", km: 8), .removePin(pin: "0a1b2c3d"), .chooseAnotherName, .copyAgain,
            .copyOverwriting, .chooseEmptyStoreFolder, .restoreStore, .writeStarterConfig, .makeStoreWritable, .pointAtStore("a folder"),
            .pointAtConfig, .verifyStore, .removeIt, .addPinByName, .runAgain(when: .now, to: nil),
            .runAgain(when: .online, to: "ask commons"),
            .fetchLater(pin: "0a1b2c3d", when: .later, to: "fill the rest"), .widenRadius(pin: "0a1b2c3d", km: 10),
            .widenWindow(pin: "0a1b2c3d"),
            .useAnotherProvider,
            .allowFewer(pin: "0a1b2c3d", replacing: 21, with: 3), .visit(places: [paris], first: paris, by: .search), .checkNetwork,
            .checkProviders,
            .checkConfig, .setCredentials(providers: ["flickr", "commons"]), .installPackage("libvips42"),
            .exportAsGeoJSON, .leaveOutRoutePins,
        ]
        for step in steps {
            switch step {
            case .repairStore, .fetch, .listPins, .showAlbum, .collectGarbage, .renamePin, .editPin, .changeRadius, .removePin,
                .chooseAnotherName, .copyAgain, .copyOverwriting, .chooseEmptyStoreFolder, .restoreStore, .writeStarterConfig,
                .makeStoreWritable, .pointAtStore, .pointAtConfig, .verifyStore, .removeIt, .addPinByName, .runAgain,
                .fetchLater, .widenRadius, .widenWindow, .useAnotherProvider, .allowFewer, .visit, .checkNetwork, .checkProviders,
                .checkConfig,
                .setCredentials, .installPackage, .exportAsGeoJSON, .leaveOutRoutePins:
                break
            }
        }
        return steps
    }()

    @Test(arguments: everyStep)
    func aStepInPlainWordsNamesNoCommand(_ step: Remedy.Step) {
        let words = Remedy(step).words
        #expect(!words.isEmpty && words.first?.isUppercase == true, "\(words)")
        #expect(!words.contains("`") && !words.contains("tourist ") && !words.contains("--"), "\(words)")
    }

    @Test func stepsJoinIntoOneSentence() {
        #expect(Remedy(.repairStore(), .fetch(pin: "0a1b2c3d")).words == "Repair the store, then fetch pin 0a1b2c3d again to download it")
        #expect(
            Remedy(.chooseAnotherName, .removePin(pin: "0a1b2c3d"), joining: .or).words == "Choose another name, or remove pin 0a1b2c3d")
    }

    @Test func anErrorsDescriptionIsItsFactsThenItsRemedy() {
        let error = StoreError(.notFound, "no pin \"x\" in /store", remedy: Remedy(.listPins))
        #expect(error.facts == "no pin \"x\" in /store")
        #expect(error.description == "no pin \"x\" in /store. See the pins and their ids in the pin list")
        #expect(
            StoreError(.notFound, "no pin \"x\". Did you mean \"y\"?", remedy: Remedy(.listPins)).description.hasSuffix(
                "\"y\"? See the pins and their ids in the pin list"))
        #expect(StoreError(.io, "cannot read /store/x").description == "cannot read /store/x")
    }
}
