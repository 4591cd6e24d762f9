import Foundation
import TestSupport

/// axe-core, Deque's accessibility engine, run inside the page under test (`WebDriver.axe()`).
///
/// Its script is not in the repository: `.ci/setup` takes `axe.min.js` out of the
/// axe-playwright-python wheel on PyPI (a pinned version whose SHA-256 it checks) and puts it in
/// `.build-axe/` (ignored by git, as `.build/` is).
public enum Axe {
    /// Where `.ci/setup` puts axe-core's script.
    public static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build-axe/axe.min.js").path

    /// What the accessibility tests need besides the browser: skipped without it, failing on CI.
    public static let requirement = MachineRequirement(
        isMet: { FileManager.default.isReadableFile(atPath: scriptPath) },
        missing:
            "axe-core is not in .build-axe/axe.min.js; run `bash .ci/setup`, which takes it from the axe-playwright-python wheel on PyPI (pip download; version and SHA-256 pinned there)"
    )

    /// The impacts of the violations a test fails on.
    public static let failingImpacts: Set<String> = ["critical", "serious"]

    /// The script's text, read once.
    static let source: Result<String, any Error> = Result { try String(contentsOfFile: scriptPath, encoding: .utf8) }

    /// One rule axe found broken (or could not decide) on the page, with the elements concerned.
    public struct Finding: Sendable, CustomStringConvertible {
        /// An element, by axe's CSS selector for it, its markup and what is wrong with it.
        public struct Node: Sendable {
            public var target: String
            public var html: String
            public var summary: String
        }

        /// The rule's id: `color-contrast`, `list`…
        public var rule: String
        /// `critical`, `serious`, `moderate`, `minor` (empty when axe gives none).
        public var impact: String
        /// What the rule asks, in a sentence, and where it is explained.
        public var help: String
        public var helpURL: String
        public var nodes: [Node]

        public var description: String {
            let elements = nodes.map { node in
                "  \(node.target): \(node.html.prefix(200))\n    \(node.summary.replacingOccurrences(of: "\n", with: "\n    "))"
            }
            return (["\(impact) \(rule): \(help) (\(helpURL))"] + elements).joined(separator: "\n")
        }
    }

    /// What axe said about one page.
    public struct Report: Sendable {
        /// Rules broken, of every impact.
        public var violations: [Finding]
        /// Rules axe could not decide (text over an image or a gradient, say): to check by hand.
        public var incomplete: [Finding]

        /// What a test fails on: critical and serious violations, and the critical rules axe left
        /// undecided (it leaves an empty `role=list` to review, a list with no items, which a
        /// screen reader announces as nothing).
        public var failing: [Finding] {
            violations.filter { Axe.failingImpacts.contains($0.impact) } + incomplete.filter { $0.impact == "critical" }
        }
    }
}

extension WebDriver {
    /// Runs axe-core over the current page as it stands (its script is put in the page first,
    /// unless an earlier call put it there) and returns what it found. Waits for axe as long as it
    /// takes, up to 120 s.
    public func axe() throws -> Axe.Report {
        if try execute("return typeof window.axe === 'object' && typeof window.axe.run === 'function'") as? Bool != true {
            try execute(try Axe.source.get())
        }
        try command("POST", "/timeouts", ["script": 120_000])
        let answer = try executeAsync(
            """
            const done = arguments[arguments.length - 1];
            const findings = (list) => list.map((rule) => ({
              rule: rule.id, impact: rule.impact || '', help: rule.help, helpURL: rule.helpUrl,
              nodes: rule.nodes.map((node) => ({
                target: node.target.flat(Infinity).map(String).join(' '), html: node.html, summary: node.failureSummary || '',
              })),
            }));
            window.axe.run(document, { resultTypes: ['violations', 'incomplete'] }).then(
              (result) => done(JSON.stringify({ violations: findings(result.violations), incomplete: findings(result.incomplete) })),
              (error) => done(JSON.stringify({ error: String(error && error.message || error) })));
            """)
        guard let text = answer as? String, let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw WebDriverError.protocolViolation(
                command: "axe.run", detail: "not the JSON the script returns: \(String(describing: answer).prefix(300))")
        }
        if let error = object["error"] as? String {
            throw WebDriverError.protocolViolation(command: "axe.run", detail: "axe failed: \(error)")
        }
        return Axe.Report(violations: Self.findings(object["violations"]), incomplete: Self.findings(object["incomplete"]))
    }

    private static func findings(_ value: Any?) -> [Axe.Finding] {
        (value as? [[String: Any]] ?? []).map { rule in
            Axe.Finding(
                rule: rule["rule"] as? String ?? "",
                impact: rule["impact"] as? String ?? "",
                help: rule["help"] as? String ?? "",
                helpURL: rule["helpURL"] as? String ?? "",
                nodes: (rule["nodes"] as? [[String: Any]] ?? []).map { node in
                    Axe.Finding.Node(
                        target: node["target"] as? String ?? "", html: node["html"] as? String ?? "",
                        summary: node["summary"] as? String ?? "")
                }
            )
        }
    }
}
