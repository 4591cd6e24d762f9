extension WebDriver {
    /// An element of the current page (a W3C element reference). Using it after the page changed
    /// throws a `stale element reference` command error.
    public struct Element: Sendable, Equatable, CustomStringConvertible {
        public let driver: WebDriver
        /// chromedriver's reference to the element.
        public let id: String

        public init(driver: WebDriver, id: String) {
            self.driver = driver
            self.id = id
        }

        public static func == (lhs: Element, rhs: Element) -> Bool { lhs.id == rhs.id && lhs.driver === rhs.driver }

        public var description: String { "Element(\(id))" }

        /// Clicks its centre, scrolling it into view first (fails if something covers it).
        public func click() throws { try driver.command("POST", "/element/\(id)/click") }

        /// Types `text` into it, as key presses (it gets the focus first).
        public func sendKeys(_ text: String) throws { try driver.command("POST", "/element/\(id)/value", ["text": text]) }

        /// Empties an input or textarea (or a content-editable element).
        public func clear() throws { try driver.command("POST", "/element/\(id)/clear") }

        /// Its rendered text (`innerText`-like: hidden text is left out).
        public var text: String {
            get throws { try driver.command("GET", "/element/\(id)/text") as? String ?? "" }
        }

        /// Its tag name, lowercased ("button").
        public var tagName: String {
            get throws { try driver.command("GET", "/element/\(id)/name") as? String ?? "" }
        }

        /// Whether it is displayed (by WebDriver's visibility rules).
        public var isDisplayed: Bool {
            get throws { try driver.command("GET", "/element/\(id)/displayed") as? Bool ?? false }
        }

        /// The HTML attribute `name` as written in the markup (nil when absent).
        public func attribute(_ name: String) throws -> String? {
            try driver.command("GET", "/element/\(id)/attribute/\(Self.pathComponent(name))") as? String
        }

        /// The DOM property `name` (`value`, `checked`, `naturalWidth`…), as JSON gives it back:
        /// a String, a number (Int or Double), a Bool, an array, a dictionary, or nil.
        public func property(_ name: String) throws -> Any? {
            try driver.command("GET", "/element/\(id)/property/\(Self.pathComponent(name))")
        }

        /// The first element under this one matching `css`, or nil.
        public func findElement(css: String) throws -> Element? {
            try driver.findElement(css: css, from: "/element/\(id)")
        }

        /// Every element under this one matching `css`.
        public func findElements(css: String) throws -> [Element] {
            try driver.findElements(css: css, from: "/element/\(id)")
        }

        private static func pathComponent(_ name: String) -> String {
            name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
        }
    }

    /// The first element of the page matching the CSS selector, or nil when none does.
    public func findElement(css: String) throws -> Element? { try findElement(css: css, from: "") }

    /// Every element of the page matching the CSS selector, in document order.
    public func findElements(css: String) throws -> [Element] { try findElements(css: css, from: "") }

    func findElement(css: String, from scope: String) throws -> Element? {
        do {
            let value = try command("POST", "\(scope)/element", ["using": "css selector", "value": css])
            return try element(from: value, command: "find \(css)")
        } catch let error as WebDriverError where error.code == "no such element" {
            return nil
        }
    }

    func findElements(css: String, from scope: String) throws -> [Element] {
        let value = try command("POST", "\(scope)/elements", ["using": "css selector", "value": css])
        guard let list = value as? [Any] else {
            throw WebDriverError.protocolViolation(command: "find all \(css)", detail: "not a list: \(String(describing: value))")
        }
        return try list.map { try element(from: $0, command: "find all \(css)") }
    }

    private func element(from value: Any?, command: String) throws -> Element {
        guard let reference = value as? [String: Any], let id = reference[WebDriverWire.elementKey] as? String else {
            throw WebDriverError.protocolViolation(command: command, detail: "not an element reference: \(String(describing: value))")
        }
        return Element(driver: self, id: id)
    }
}
