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

extension WebDriver {
    /// A session showing pages on a screen of `width`×`height`: a desktop window, or below 500
    /// wide (the narrowest a headless window gets) a phone's viewport of that size (`emulatePhone`).
    /// `touch`: a touch screen too (`emulateTouch`).
    public convenience init(screenWidth width: Int, height: Int, touch: Bool = false) throws {
        try self.init(windowWidth: max(width, 500), windowHeight: height)
        if width < 500 { try emulatePhone(width: width, height: height) }
        if touch { try emulateTouch() }
    }

    /// Makes the viewport a phone's: `width`×`height` CSS pixels and a mobile browser's viewport
    /// rules, through Chrome DevTools' `Emulation` (chromedriver's `goog/cdp/execute`), as its device
    /// mode does. Lasts for the session, across navigations.
    public func emulatePhone(width: Int, height: Int) throws {
        try devTools("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": true])
    }

    /// Makes the screen a touch screen: the pointer is coarse and nothing hovers.
    public func emulateTouch() throws {
        try devTools("Emulation.setTouchEmulationEnabled", ["enabled": true, "maxTouchPoints": 1])
    }

    /// Puts the page in the time zone `identifier` ("Europe/Rome"), as a browser on a machine set
    /// to it would be, through Chrome DevTools' `Emulation`. Lasts for the session, across navigations.
    public func emulateTimeZone(_ identifier: String) throws {
        try devTools("Emulation.setTimezoneOverride", ["timezoneId": identifier])
    }

    /// Runs one Chrome DevTools Protocol command in the page's target.
    private func devTools(_ command: String, _ parameters: [String: Any]) throws {
        try self.command("POST", "/goog/cdp/execute", ["cmd": command, "params": parameters])
    }
}

extension WebDriver {
    /// A browser with a `width` by `height` window at `url`, once `expression` holds there (waited
    /// as `waitUntil` waits, `description` naming it).
    public static func opened(_ url: String, width: Int = 1280, height: Int = 900, until description: String, _ expression: String) throws
        -> WebDriver
    {
        let browser = try WebDriver(windowWidth: width, windowHeight: height)
        do {
            try browser.navigate(to: url)
            try browser.waitUntil(description, expression)
        } catch {
            browser.quit()
            throw error
        }
        return browser
    }
}
