import Foundation
import HTTPTypes
import Hummingbird
import TouristCore

/// The JSON API the pages use: the CLI's operations, through the same `Library`, answered with
/// the CLI's `--json` shapes. Every change goes through the store lock and shows up in the
/// terminal's `tourist album` at once; every change made in a terminal reaches the pages through
/// `StoreWatcher`.
struct APIRoutes: Sendable {
    let library: Library
    let jobs: FetchJobs
    let hub: EventHub
    /// Learns the sizes the albums shown record, for `BlobRoutes` to check downloads against.
    let sizes: RecordedSizes

    /// Every handler that calls into the library runs it on `ServerThreads.store`: a call may wait
    /// for the store's lock, and an event loop that waits stops every connection it serves.
    func add(to router: Hummingbird.Router<BasicRequestContext>) {
        router.get("/api/settings") { _, _ in try await ServerThreads.onStore { try settings() } }
        router.put("/api/view") { request, context in try await saveView(request, context: context) }
        router.get("/api/pins") { _, _ in try await ServerThreads.onStore { try pins() } }
        router.post("/api/pins") { request, context in try await addPin(request, context: context) }
        router.patch("/api/pins/:pin") { request, context in try await editPin(request, context: context) }
        router.delete("/api/pins/:pin") { _, context in try await ServerThreads.onStore { try removePin(context) } }
        router.get("/api/pins/:pin/album") { _, context in try await ServerThreads.onStore { try album(context) } }
        router.get("/api/pins/:pin/route") { _, context in try await ServerThreads.onStore { try route(context) } }
        router.post("/api/pins/:pin/fetch") { _, context in try await ServerThreads.onStore { try start(.fetch, context) } }
        router.post("/api/pins/:pin/new-collection") { request, context in try await newCollection(request, context: context) }
        router.post("/api/pins/:pin/photos/delete") { request, context in try await removePhotos(request, context: context) }
        router.get("/api/pins/:pin/photos/:photo") { _, context in try await ServerThreads.onStore { try photo(context) } }
        router.post("/api/pins/:pin/photos/:photo/large") { _, context in try await largePhoto(context) }
        router.get("/api/pins/:pin/photos/:photo/images/:kind") { _, context in try await derivedImage(context) }
        router.get("/api/events") { _, _ in events() }
    }

    // MARK: Handlers

    private func settings() throws -> Response {
        let tiles = library.config.serve.tiles.map { SettingsDocument.Tiles(url: $0.url, attribution: $0.attribution, maxZoom: $0.maxZoom) }
        let names = SettingsDocument.Names(providers: library.providers.displayNames)
        return try json(
            SettingsDocument(tiles: tiles, view: MapView.load(from: library.store), version: TouristVersion.current, names: names))
    }

    private func saveView(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let view = try await decode(MapView.self, request, context: context).validated()
        try await ServerThreads.onStore { [library] in try view.save(to: library.store) }
        return Response(status: .noContent)
    }

    private func pins() throws -> Response {
        // The CLI's `pin list --json` with each pin's words (`PinJSON`), written by its fast encoder.
        Response(
            status: .ok, headers: Self.jsonHeaders,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: PinJSON.listDocument(try library.pins()))))
    }

    private func addPin(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let new = try await decode(NewPin.self, request, context: context)
        let radius = try Self.checkedRadius(new.radiusKm ?? Defaults.radiusKm)
        let place = try GeoPoint(latitude: new.latitude, longitude: new.longitude)
        let window = try Self.checkedWindow(taken: new.taken, months: new.months).applied(to: nil)
        let (pin, created) = try await ServerThreads.onStore { [library] in
            try library.addPin(name: new.name, at: place, radiusKm: radius, window: window)
        }
        return try json(PinJSON(pin), status: created ? .created : .ok)
    }

    /// `pin edit`: a new name, radius or time window; the album stays, and `next` says what fills
    /// it within a new radius or window.
    private func editPin(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let edit = try await decode(PinEdit.self, request, context: context)
        guard edit.name != nil || edit.radiusKm != nil || edit.taken != nil || edit.months != nil else {
            throw BadRequest(message: "say what to change: \"name\", \"radiusKm\", \"taken\", \"months\", or several")
        }
        let radius = try edit.radiusKm.map(Self.checkedRadius)
        let window = try Self.checkedWindow(taken: edit.taken, months: edit.months)
        let change = try await ServerThreads.onStore { [library] in
            try library.editPin(try pinID(context), name: edit.name, radiusKm: radius, window: window)
        }
        return try json(EditedPin(pin: PinJSON(change.after), next: change.next))
    }

    /// `radiusKm` of a request, by the rule every front end keeps (`PinRadius`).
    private static func checkedRadius(_ km: Double) throws -> Double {
        do {
            return try PinRadius.checked(km)
        } catch {
            throw BadRequest(message: "radiusKm \(error.message)")
        }
    }

    /// `taken` and `months` of a request, by the rules every front end keeps (`PinWindowEdit`),
    /// an error naming the member first, as the CLI names its option.
    private static func checkedWindow(taken: String?, months: String?) throws -> PinWindowEdit {
        do {
            _ = try PinWindowEdit.takenPart(taken)
        } catch {
            throw BadRequest(message: "taken: \(error.message)")
        }
        do {
            return try PinWindowEdit.parse(taken: taken, months: months)
        } catch {
            throw BadRequest(message: "months: \(error.message)")
        }
    }

    private func removePin(_ context: BasicRequestContext) throws -> Response {
        // By id or whole name only, as `pin rm` removes: never a prefix.
        let (id, deleted) = try library.removePin(try pinReference(context))
        return try json(Removal(removed: [id], deletedFiles: deleted))
    }

    /// A route pin's line (`RouteJSON`), for the map to draw; 404 for a pin on a place.
    private func route(_ context: BasicRequestContext) throws -> Response {
        let album = try library.album(try pinID(context))
        guard let line = album.route else { throw StoreError(.notFound, "pin \(album.pin.id) is not a route") }
        return try json(RouteJSON(line))
    }

    private func album(_ context: BasicRequestContext) throws -> Response {
        let album = try library.album(try pinID(context))
        sizes.learn(album.photos)
        let pin = album.pin
        let photos = album.photosJSON(store: library.store, withPath: false)
        // Fetching here, or in another process (a terminal's `tourist fetch` holds the pin's lease).
        let fetching = jobs.isRunning(pin.id) || library.isBeingFetched(pin.id)
        let replacing = jobs.kind(of: pin.id) == .newCollection
        return try json(
            AlbumPage(
                pin: PinJSON(pin), target: album.target, fetching: fetching, replacing: replacing, report: album.report, photos: photos,
                route: album.route.map(RouteJSON.init)))
    }

    /// Starts a new collection; with `allowFewer`, one that replaces the album even with fewer
    /// unseen photos than it holds (the page asked first).
    private func newCollection(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let body = try await request.body.collect(upTo: 64 << 10)
        let asked = body.readableBytes == 0 ? NewCollectionRequest() : try Self.decode(NewCollectionRequest.self, from: body)
        return try await ServerThreads.onStore { try start(.newCollection, context, allowFewer: asked.allowFewer ?? false) }
    }

    private func start(_ kind: FetchJobs.Kind, _ context: BasicRequestContext, allowFewer: Bool = false) throws -> Response {
        let id = try pinID(context)
        switch jobs.start(kind, pin: id, allowFewer: allowFewer) {
        case .started:
            return try json(["started": true], status: .accepted)
        case .running:
            return APIError.response(.conflict, "the album of this pin is being filled already; wait for it to finish")
        case .full:
            var response = APIError.response(
                .serviceUnavailable, "\(FetchJobs.limit) albums are being filled already; try again when one finishes")
            response.headers[.retryAfter] = "10"
            return response
        }
    }

    private func removePhotos(_ request: Request, context: BasicRequestContext) async throws -> Response {
        let removal = try await decode(PhotoRemoval.self, request, context: context)
        guard !removal.photos.isEmpty else { throw BadRequest(message: "name at least one photo to delete") }
        let keys = try removal.photos.map { text in
            guard let key = PhotoKey(text) else { throw BadRequest(message: "\"\(text)\" is not a photo id (provider:id)") }
            return key
        }
        let (id, deleted) = try await ServerThreads.onStore { [library] in
            let id = try pinID(context)
            return (id, try library.removePhotos(keys, fromPin: id))
        }
        return try json(Removal(pin: id, removed: Library.once(keys).map(\.description), deletedFiles: deleted))
    }

    private func photo(_ context: BasicRequestContext) throws -> Response {
        let id = try pinID(context)
        let (album, photo) = try library.photo(try photoKey(context), in: id)
        let key = photo.key
        sizes.learn([photo])
        let (previous, next) = PhotoPage.neighbours(of: key, in: album.photos)
        return try json(
            PhotoPage(
                pin: PinJSON(album.pin), photo: album.photoJSON(photo, store: library.store, withPath: false),
                previous: previous?.description, next: next?.description,
                distanceText: photo.candidate.location.flatMap { spot in
                    (try? album.pin.location).map { Kilometres.text(spot.distanceKm(to: $0)) }
                },
                larger: photo.imageError == nil && photo.size < Self.largeSize
                    && max(photo.width ?? 0, photo.height ?? 0) < Self.largeSide
            ))
    }

    /// The photo page's larger size: kept in the store once fetched (`Library.photoCopy`, as
    /// `photo get` does).
    private func largePhoto(_ context: BasicRequestContext) async throws -> Response {
        let id = try await ServerThreads.onStore { try pinID(context) }
        let key = try photoKey(context)
        guard let copy = try await library.photoCopy(key, size: Self.largeSize, pin: id) else {
            throw StoreError(.notFound, "photo \(key) is not in this album")
        }
        sizes.learn(copy.view)
        return try json(
            LargePhoto(url: "/blobs/\(copy.view.sha256)", size: copy.view.size.rawValue, mime: copy.view.mimeType, bytes: copy.view.bytes))
    }

    /// `GET …/images/thumbnail` or `…/images/preview`: a photo's derived image, made now when it
    /// has none yet (`Library.derivedImage`), as a redirect to its blob (303: the blob's address
    /// never changes, the thumbnail a photo has may). A photo that cannot be decoded is 422 with
    /// why, and the album then says so too (`imageError`), for the page's placeholder.
    private func derivedImage(_ context: BasicRequestContext) async throws -> Response {
        guard let kind = context.parameters.get("kind").flatMap(DerivedImage.Kind.init(rawValue:)) else {
            throw BadRequest(message: "ask for an image that is \(DerivedImage.Kind.allCases.map(\.rawValue).joined(separator: " or "))")
        }
        let id = try await ServerThreads.onStore { try pinID(context) }
        let image: DerivedImage
        do {
            image = try await library.derivedImage(kind, photo: try photoKey(context), pin: id)
        } catch let error as LibraryError where error.failureClass == .badData {
            return APIError.response(.unprocessableContent, error.description)
        }
        sizes.learn(image)
        return Response(status: .seeOther, headers: [.location: "/blobs/\(image.sha256)", .cacheControl: "no-store"])
    }

    /// The size a photo page shows: 1024 px on the long side.
    static let largeSize = PhotoSize.large1024
    static let largeSide = 1024

    /// `GET /api/events`: Server-Sent Events until the page goes away or the server stops.
    private func events() -> Response {
        let stream = hub.subscribe()
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: ": connected\n\n"))
                for await event in stream {
                    try await writer.write(ByteBuffer(string: event.text))
                }
                try await writer.finish(nil)
            })
    }

    // MARK: Reading requests

    private func pinID(_ context: BasicRequestContext) throws -> String {
        try library.resolvePin(try pinReference(context))
    }

    /// The pin the address names (`/api/pins/Tour%20Eiffel/…`: its id or name, percent-decoded).
    private func pinReference(_ context: BasicRequestContext) throws -> String {
        guard let reference = context.parameters.get("pin")?.removingPercentEncoding else {
            throw BadRequest(message: "no pin in the address")
        }
        return reference
    }

    private func photoKey(_ context: BasicRequestContext) throws -> PhotoKey {
        guard let text = context.parameters.get("photo")?.removingPercentEncoding, let key = PhotoKey(text) else {
            throw BadRequest(message: "the address names no photo (provider:id)")
        }
        return key
    }

    private func decode<T: Decodable>(_ type: T.Type, _ request: Request, context: BasicRequestContext) async throws -> T {
        try Self.decode(T.self, from: try await request.body.collect(upTo: 64 << 10))
    }

    /// A request body as `T`, or a bad request saying why not.
    private static func decode<T: Decodable>(_ type: T.Type, from body: ByteBuffer) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: body))
        } catch {
            throw BadRequest(message: "the request body is not the JSON this call takes (\(Self.describe(error)))")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        default: "not valid JSON"
        }
    }

    static let jsonHeaders: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]

    private func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        try Self.json(value, status: status)
    }

    /// `value` as the answer's JSON body, with `status`.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(status: status, headers: Self.jsonHeaders, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try ServerJSON.line(value))))
    }
}
