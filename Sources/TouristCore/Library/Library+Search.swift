extension Library {
    /// Searches photos within `radiusKm` of `center` once, through the configured providers or
    /// those named in `providerNames` (in that order), keeping nothing but the providers' own state
    /// (their request logs); `count` photos at most, taken inside `window` when given. How it ended is the outcome's to say
    /// (`SearchOutcome.failureClass`), for every front end alike.
    public func search(around center: GeoPoint, radiusKm: Double, count: Int, window: TimeWindow? = nil, providerNames: [String] = [])
        async throws -> SearchOutcome
    {
        let result = try await providers.withRouter(only: providerNames, store: store) { router in
            await router.search(center: center, radiusKm: radiusKm, count: count, exclude: [], window: window)
        }
        return SearchOutcome(center: center, count: count, window: window, result: result)
    }
}

/// What a one-off search (`Library.search`) found, and how it ended.
public struct SearchOutcome: Sendable {
    /// The photos found, nearest first, each with its distance from the center when known.
    public let photos: [PhotoJSON]
    /// The providers that answered empty or failed, in the order they were asked.
    public let failures: [ProviderFailure]
    /// Why nothing was found, when no provider answered (or one that was reached failed in a way
    /// that passes), with a note per provider (`FetchReport.unanswered`); nil when photos were
    /// found or a provider answered that the place has none.
    public let unanswered: FetchReport?
    /// Where a provider has photos (the demo set's places), when nothing was found without a time
    /// window and one said so (with a window, the place may have photos of other times).
    public let visit: FetchAdvice?
    /// How the search ended: nil when it ended well; the unanswered report's class when no provider
    /// answered; `temporary` when fewer photos than asked were found while a provider failed
    /// (asking again may find the rest).
    public let failureClass: FailureClass?

    init(center: GeoPoint, count: Int, window: TimeWindow?, result: RouteResult) {
        photos = result.candidates.map { PhotoJSON(candidate: $0, distanceKm: $0.location.map { $0.distanceKm(to: center) }) }
        failures = result.failures
        unanswered = photos.isEmpty ? FetchReport.unanswered(result.failures) : nil
        visit =
            photos.isEmpty && window == nil
            ? FetchAdvice.visit(ProviderFailure.placesWithPhotos(answering: result.failures), by: .search) : nil
        if let unanswered {
            failureClass = unanswered.failureClass
        } else {
            failureClass = photos.count < count && result.failures.contains(where: { !$0.isNoPhotos }) ? .temporary : nil
        }
    }
}
