extension WebDriver {
    /// Moves the mouse to the point `x`, `y` of the viewport (CSS pixels), as a user's hand would:
    /// what is under it gets `mouseover` (W3C pointer actions).
    public func movePointer(toX x: Int, y: Int) throws {
        let move: [String: Any] = ["type": "pointerMove", "origin": "viewport", "x": x, "y": y, "duration": 0]
        try command(
            "POST", "/actions",
            ["actions": [["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": [move]]]])
    }
}
