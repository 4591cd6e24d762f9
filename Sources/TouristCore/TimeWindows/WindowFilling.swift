/// An optional ability: a provider whose search pages, for a query with a time window, hold only
/// photos taken inside it and are as full as `limit` allows (it ranks the photos inside the window,
/// not all photos), so the router asks it for pages of the usual size. Any other provider's pages
/// shrink as the router leaves out photos taken outside, so it is asked for larger ones
/// (`Router.windowPageFactor`).
public protocol WindowFilling: PhotoProvider {
    /// Whether its pages for `window` are full of photos inside it.
    func fillsPages(for window: TimeWindow) -> Bool
}
