import CBuildInfo
import TouristCore

/// `tourist --version` (with global flags beside it): the version, the commit the binary was built
/// from (recorded by `make`; a plain `swift build` says it does not know), and the data and
/// libraries it carries (`BundledData`). With --json, the same as one JSON document, which the
/// Debian package's copyright file is made from.
enum VersionText {
    /// Whether `arguments` ask for the version, and nothing else.
    static func isAsked(_ arguments: [String]) -> Bool {
        arguments.filter { !GlobalOptionPlacement.flags.contains($0) } == ["--version"]
    }

    /// The commit `make` recorded ("1a2b3c4d5e6f", "…-dirty" when the tree had changes), or nil.
    static var commit: String? {
        let recorded = String(cString: tourist_build_commit())
        return recorded.isEmpty ? nil : recorded
    }

    /// The answer to `arguments`: the text, or the JSON document when they hold --json.
    static func answer(_ arguments: [String]) throws -> String {
        guard arguments.contains("--json") else { return text }
        let document = Document(version: TouristVersion.current, commit: commit, bundled: BundledData.works)
        return String(decoding: try MachineJSON.encoder().encode(document), as: UTF8.self) + "\n"
    }

    /// What `tourist --json --version` prints.
    struct Document: Encodable {
        let version: String
        /// nil when built without make.
        let commit: String?
        let bundled: [BundledWork]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(commit, forKey: .commit)
            try container.encode(bundled, forKey: .bundled)
        }

        private enum CodingKeys: String, CodingKey { case version, commit, bundled }
    }

    /// Lines of at most 80 columns, each work on two: its name and licence, then where the copy
    /// comes from.
    static var text: String {
        let built = commit.map { "commit \($0)" } ?? "commit unknown (built without make, by a plain swift build)"
        let width = BundledData.works.map(\.role.count).max() ?? 0
        let works = BundledData.works.map { work in
            let pad = String(repeating: " ", count: width - work.role.count + 2)
            let indent = String(repeating: " ", count: width + 4)
            return "  \(work.role)\(pad)\(work.name) (\(work.licence))\n\(indent)from \(work.copy)"
        }
        return (["tourist \(TouristVersion.current), \(built)", "Data and web libraries inside:"] + works).joined(separator: "\n") + "\n"
    }
}
