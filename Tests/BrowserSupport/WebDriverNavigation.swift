extension WebDriver {
    /// Loads `url` and returns once the page has loaded (its `load` event; 60 s at most).
    public func navigate(to url: String) throws { try command("POST", "/url", ["url": url]) }

    /// The URL of the current page.
    public func currentURL() throws -> String { try command("GET", "/url") as? String ?? "" }

    /// The current page's `document.title`.
    public func title() throws -> String { try command("GET", "/title") as? String ?? "" }

    /// The current page's serialized DOM.
    public func pageSource() throws -> String { try command("GET", "/source") as? String ?? "" }

    /// Goes back one entry in the history.
    public func back() throws { try command("POST", "/back") }

    /// Reloads the current page.
    public func refresh() throws { try command("POST", "/refresh") }

    /// Resizes the browser window (the viewport follows, in headless mode).
    public func setWindowSize(width: Int, height: Int) throws {
        try command("POST", "/window/rect", ["width": width, "height": height])
    }
}
