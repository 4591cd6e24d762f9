extension WebDriver {
    /// A key as WebDriver names it: a character, or one of the W3C code points of the keys that
    /// type none.
    public struct Key: Sendable, Equatable {
        /// The character WebDriver sends for it.
        public let value: String

        public init(_ value: String) {
            self.value = value
        }

        public static let tab = Key("\u{E004}")
        public static let enter = Key("\u{E007}")
        public static let escape = Key("\u{E00C}")
        public static let space = Key(" ")
        public static let arrowLeft = Key("\u{E012}")
        public static let arrowRight = Key("\u{E014}")
        public static let arrowDown = Key("\u{E015}")
        public static let delete = Key("\u{E017}")
    }

    /// Presses and releases each key in turn, as a keyboard would, into whatever has the focus
    /// (W3C actions; no element is focused first, unlike `Element.sendKeys`).
    public func press(_ keys: Key...) throws {
        try keyStrokes(keys)
    }

    /// Types `text` into whatever has the focus, one key press per character.
    public func typeText(_ text: String) throws {
        try keyStrokes(text.map { Key(String($0)) })
    }

    /// The `id` of the element that has the focus ("" for one without an id, or the page's body).
    public func focusedID() throws -> String {
        try execute("return document.activeElement && document.activeElement !== document.body ? document.activeElement.id : ''") as? String
            ?? ""
    }

    private func keyStrokes(_ keys: [Key]) throws {
        let steps = keys.flatMap { [["type": "keyDown", "value": $0.value], ["type": "keyUp", "value": $0.value]] }
        try command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": steps]]])
    }
}
