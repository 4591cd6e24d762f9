import Foundation

/// The one JSON object tourist writes on stderr with --json, on one line, when a command ends:
///
///     {"error": {"code": 69, "message": "no provider could answer; …"}, "notes": ["flickr: …"]}
///     {"notes": ["the album of \"Paris\" is complete; nothing to fetch …"]}
///
/// `error` is there when the exit code is not 0: `code` is the exit code, `message` what ended the
/// command (the line tourist prints as `tourist: …` without --json). `notes` holds the other lines
/// it would have printed, in order, and is left out when there are none; nothing is written when a
/// command succeeds without a note.
struct StderrDocument: Encodable {
    struct Failure: Encodable {
        let code: Int32
        let message: String
    }

    var error: Failure?
    var notes: [String]?

    /// A failure with `code` and `message`, and the notes said before it.
    init(code: Int32, message: String, notes: [String]) {
        error = Failure(code: code, message: message)
        self.notes = notes.isEmpty ? nil : notes
    }

    /// The notes of a command that succeeded.
    init(notes: [String]) {
        self.notes = notes
    }

    /// The object on one line, with its line break.
    func rendered() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and lists of strings always encode.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
