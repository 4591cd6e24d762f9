import ArgumentParser
import Foundation
import TouristCore

struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "List the configured providers in routing order; --check probes each enabled one.",
        subcommands: [ProvidersTestCommand.self]
    )

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Search one photo from every enabled provider at once and report latency and outcome.")
    var check = false

    func run() async throws {
        try await Session.run(global) { session in
            let config = try session.config()
            let health = check ? try await session.library().checkProviders() : [:]
            // After the check, whose requests count in the budgets.
            var rows = try session.providerSetup().status(
                stateRoot: try session.storeAddress().stateDirectory(environment: session.environment))
            for index in rows.indices { rows[index].health = health[rows[index].name] }
            let types = TypeRow.all(session.registry)
            return try Self.print(rows, types: types, config: config, check: check, session: session)
        }
    }

    /// A provider type a config may name: built in, or a plugin program found on PATH.
    struct TypeRow: Encodable {
        var type: String
        var builtIn: Bool
        /// The plugin program, for a type found on PATH.
        var executable: String?
        var summary: String?

        static func all(_ registry: ProviderRegistry) -> [TypeRow] {
            let builtIn = registry.factories.map { TypeRow(type: $0.type, builtIn: true, summary: $0.summary) }
            let found = (registry.discovery?.availableTypes() ?? []).filter { !registry.types.contains($0.type) }
            return builtIn + found.map { TypeRow(type: $0.type, builtIn: false, executable: $0.executable) }
        }

        /// "Provider types: flickr, fixture, directory, exec (built in); walks (plugin: /usr/local/bin/tourist-provider-walks)"
        static func line(_ types: [TypeRow]) -> String {
            let builtIn = types.filter(\.builtIn).map(\.type).joined(separator: ", ") + " (built in)"
            let plugins = types.filter { !$0.builtIn }.map { "\($0.type) (plugin: \($0.executable ?? "?"))" }
            let onPath = plugins.isEmpty ? "; no tourist-provider-* plugin on PATH" : "; " + plugins.joined(separator: ", ")
            return "Provider types: \(builtIn)\(onPath)"
        }
    }

    /// The providers as a table (or JSON with their types); exits 69 when checked and none is healthy.
    static func print(_ rows: [ProviderStatus], types: [TypeRow], config: TouristConfig, check: Bool, session: Session) throws -> Int32 {
        if session.options.json {
            struct Document: Encodable {
                var providers: [ProviderStatus]
                var types: [TypeRow]
            }
            try session.printJSON(Document(providers: rows, types: types))
        } else {
            var table =
                check
                ? Table("ORDER", "NAME", "TYPE", "ENABLED", "COVERAGE", "LIMITS", "CHECK")
                : Table("ORDER", "NAME", "TYPE", "ENABLED", "COVERAGE", "LIMITS")
            for row in rows {
                let coverage = row.coverage.map { $0.map { String(format: "%g", $0) }.joined(separator: ",") } ?? row.defaultCoverage
                var cells = [String(row.order), row.name, row.type, row.enabled ? "yes" : "no", coverage, row.limits]
                if check {
                    cells.append(
                        row.health.map { health in
                            "\(health.ok ? "ok" : "FAILED") in \(health.latencyMs) ms: \(health.outcome)"
                                + (health.inventory.map { "; \($0.summary)" } ?? "")
                        } ?? "skipped (disabled)")
                }
                table.add(cells)
            }
            session.say("Config: \(config.source.displayName)\n\n" + table.rendered() + "\n" + TypeRow.line(types))
        }
        if check, !rows.contains(where: { $0.health?.ok == true }) {
            session.note("no provider is healthy")
            return ExitStatus.unavailable
        }
        return ExitStatus.ok
    }
}

extension ProviderStatus {
    /// "concurrency 4, timeout 30 s, 3600 requests/h (12 used)", or "-".
    var limits: String {
        let budget = requestsPerHour.map { perHour in
            let refill = budgetRefillsAt.map { ", refills at \(RequestBudget.clockTime($0))" } ?? ""
            return "\(perHour) requests/h" + (requestsLastHour.map { " (\($0) used\(refill))" } ?? "")
        }
        let parts = [concurrency.map { "concurrency \($0)" }, timeoutSeconds.map { "timeout \(String(format: "%g", $0)) s" }, budget]
        let text = parts.compactMap { $0 }.joined(separator: ", ")
        return text.isEmpty ? "-" : text
    }
}
