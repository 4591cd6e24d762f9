/// Every way outside bytes enter tourist, each a parser the fuzzer drives (`Fuzz/run.sh DOOR`).
///
/// A door's `check` hands the bytes to the parser exactly as tourist does and traps when the
/// parser breaks its contract: it must never crash or hang, and where text it reads can be written
/// again (JSON, pin files, album files) what it writes must read back the same. The seeds of door
/// `NAME` are in `Fuzz/Seeds/NAME/`; an input that once broke it is kept in `Fuzz/Regressions/NAME/`
/// and checked by the tests (`Tests/FuzzDoorTests`) forever.
public enum FuzzDoor: String, CaseIterable, Sendable {
    /// Photos of a scanned folder: `PhotoFileReader` (container walkers and libexif).
    case photoReader = "photo-reader"
    /// A photo's bytes through libvips: `ImageDecoder`'s header, decode, fit, encode and grey square.
    case imageDecode = "image-decode"
    /// `JSONParser`, whole and keeping some keys; parse → render → parse round trips.
    case jsonParser = "json-parser"
    /// A config file: `ConfigLoader.parse` with every built-in provider type.
    case config
    /// A CSV pin file: `PinCSV`; read → write → read round trips.
    case pinCSV = "pin-csv"
    /// A GeoJSON pin file: `PinGeoJSON`; read → write → read round trips.
    case pinGeoJSON = "pin-geojson"
    /// A route file, GPX or GeoJSON: `RouteFile`; read → written as GPX → read round trips.
    case routeFile = "route"
    /// A plugin's stdout: `PluginLineReader`'s lines, each read as a protocol answer.
    case pluginLines = "plugin-lines"
    /// A Flickr answer: search and getSizes, read into candidates.
    case flickrAnswer = "flickr-answer"
    /// A Commons answer: read into candidates.
    case commonsAnswer = "commons-answer"
    /// A Nominatim search answer (the online geocoder): read into places, kept and read back.
    case nominatimAnswer = "nominatim-answer"
    /// A `Range` header of `tourist serve`'s blobs.
    case httpRange = "http-range"
    /// A `Host` header of `tourist serve`'s requests.
    case httpHost = "http-host"
    /// An album file of the store, `index/albums/<pin>.json`; read → write → read round trips.
    case albumFile = "album-file"
    /// An S3 answer's XML: `S3XMLElement`.
    case s3XML = "s3-xml"
    /// A ListObjectsV2 page: `S3ListPage`.
    case s3Listing = "s3-listing"
    /// A time as S3 writes it: `S3Dates`.
    case s3Dates = "s3-dates"
    /// `~/.aws/credentials` and `~/.aws/config`, split at a NUL: `S3Settings.resolve`.
    case awsFiles = "aws-files"
    /// A lease object, `leases/<pin>.json`, in a store: `Store.leaseRecord`, `takeLease`.
    case leaseRecord = "lease-record"
    /// The pin list's log, `index/pins.journal`, in a store: `Store.pins`; listed → written → listed.
    case pinJournal = "pin-journal"
    /// A name entry, `index/names/<sha256>`, in a store: `Store.resolvePin`.
    case nameEntry = "name-entry"
    /// A directory provider's scan index: `ScanIndex`; read → write → read round trips.
    case scanIndex = "scan-index"
    /// The query of `GET /api/places`: `PlacesQuery`, then the gazetteer's search.
    case placesQuery = "places-query"
    /// The query of `GET /api/places/labels`: `LabelsQuery`, then the gazetteer's labels.
    case labelsQuery = "labels-query"

    /// Hands `bytes` to this door's parser; traps when the parser breaks its contract.
    public func check(_ bytes: [UInt8]) {
        switch self {
        case .photoReader: PhotoReaderDoor.check(bytes)
        case .imageDecode: ImageDecodeDoor.check(bytes)
        case .jsonParser: JSONParserDoor.check(bytes)
        case .config: ConfigDoor.check(bytes)
        case .pinCSV: PinFileDoor.check(bytes, format: .csv)
        case .pinGeoJSON: PinFileDoor.check(bytes, format: .geojson)
        case .routeFile: RouteFileDoor.check(bytes)
        case .pluginLines: PluginLinesDoor.check(bytes)
        case .flickrAnswer: FlickrAnswerDoor.check(bytes)
        case .commonsAnswer: CommonsAnswerDoor.check(bytes)
        case .nominatimAnswer: NominatimAnswerDoor.check(bytes)
        case .httpRange: HTTPRangeDoor.check(bytes)
        case .httpHost: HTTPHostDoor.check(bytes)
        case .albumFile: AlbumFileDoor.check(bytes)
        case .s3XML: S3XMLDoor.check(bytes)
        case .s3Listing: S3ListingDoor.check(bytes)
        case .s3Dates: S3DatesDoor.check(bytes)
        case .awsFiles: AWSFilesDoor.check(bytes)
        case .leaseRecord: LeaseRecordDoor.check(bytes)
        case .pinJournal: PinJournalDoor.check(bytes)
        case .nameEntry: NameEntryDoor.check(bytes)
        case .scanIndex: ScanIndexDoor.check(bytes)
        case .placesQuery: PlacesQueryDoor.check(bytes)
        case .labelsQuery: LabelsQueryDoor.check(bytes)
        }
    }
}

/// Stops the fuzzer (or the test) when a parser broke its contract, saying how.
func contract(_ holds: @autoclosure () -> Bool, _ broken: @autoclosure () -> String) {
    if !holds() { fatalError("contract broken: \(broken())") }
}
