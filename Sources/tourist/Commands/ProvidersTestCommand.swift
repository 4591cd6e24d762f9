import ArgumentParser
import Foundation
import TouristCore

/// `tourist providers test NAME`: the rules every provider keeps, checked against a configured one.
struct ProvidersTestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check a configured provider (built in or plugin) against the rules every provider keeps.",
        discussion: """
            Searches, pages, fetches and looks up through the provider's configured limits and time-outs, \
            and prints each rule with pass, FAIL or skip and why. Run it on a plugin before publishing it.
            Exit codes: 0 every rule passed; 1 a rule failed; 64 bad arguments; 78 a config error.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The provider's configured name.", completion: Completions.providers) var name: String
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Where the provider has photos (default: its probe point, a located photo, or the middle of its coverage).",
            valueName: "lat,lon"))
    var at: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Search radius in kilometres.", valueName: "km"))
    var radius: Double = Defaults.radiusKm

    func validate() throws {
        try CoordinateArguments.validateRadius(radius)
        if let at {
            do { _ = try GeoPoint.parse([at]) } catch { throw ValidationError("--at: \(error.message)") }
        }
    }

    /// Exit code when a rule failed.
    static let ruleFailed: Int32 = 1

    func run() async throws {
        try await Session.run(global) { session in
            let router = try session.router(only: [name])
            guard let configured = router.providers.first else { return ExitStatus.usage }
            let point: GeoPoint
            if let at {
                point = try GeoPoint.parse([at])
            } else {
                let inventory = try? await configured.inventory()
                guard let found = await configured.probePoint(inventory: inventory) else {
                    throw CommandFailure.usage("provider \(name) does not say where it has photos; give a place with --at LAT,LON")
                }
                point = found
            }
            let subject = ConformanceSubject(configured, fetchTimeout: try session.config().downloads.timeoutSeconds)
            let report = await ProviderConformance.run(subject, near: point, radiusKm: radius)
            if session.options.json {
                try session.printJSON(report)
            } else {
                session.say(Self.render(report, type: configured.entry.type))
            }
            guard report.passed else {
                let failed = report.rules.filter { $0.outcome == .fail }.map(\.rule)
                session.stderr.failing(
                    because: "\(name) broke \(failed.count) of the \(report.rules.count) rules: \(failed.joined(separator: ", "))")
                return Self.ruleFailed
            }
            return ExitStatus.ok
        }
    }

    /// "pass  search answers: …" per rule, then "12 passed, 1 failed, 1 skipped".
    static func render(_ report: ConformanceReport, type: String) -> String {
        var lines = ["Testing \(report.provider) (\(type)) within \(Kilometres.text(report.radiusKm)) of \(report.center):"]
        for rule in report.rules {
            let label =
                switch rule.outcome {
                case .pass: "pass"
                case .fail: "FAIL"
                case .skip: "skip"
                }
            lines.append("  \(label)  \(rule.rule): \(rule.detail)")
        }
        let count = { (outcome: ConformanceRule.Outcome) in report.rules.count { $0.outcome == outcome } }
        lines.append("\(count(.pass)) passed, \(count(.fail)) failed, \(count(.skip)) skipped")
        return lines.joined(separator: "\n")
    }
}
