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

    struct Row: Encodable {
        var name: String
        var type: String
        var order: Int
        var enabled: Bool
        var coverage: [Double]?
        /// Where the provider is asked without a configured coverage: "everywhere", "its photos' box".
        var defaultCoverage: String
        var concurrency: Int?
        var timeoutSeconds: Double?
        var requestsPerHour: Int?
        /// Searches and lookups sent in the last hour, counted in the store (with requestsPerHour).
        var requestsLastHour: Int?
        /// When the hour's budget has room again, once it is used up.
        var budgetRefillsAt: Date?
        var health: Health?

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

    struct Health: Encodable {
        var ok: Bool
        var latencyMs: Int
        var outcome: String
        /// What the provider holds, for providers that index (a directory provider's scan).
        var inventory: Inventory?
    }

    /// `PhotoInventory` as `providers --check --json` prints it.
    struct Inventory: Encodable {
        var indexed: Int
        var located: Int
        var skipped: Int
        /// `[minLon, minLat, maxLon, maxLat]` of the located photos.
        var boundingBox: [Double]?

        init(_ inventory: PhotoInventory) {
            indexed = inventory.indexed
            located = inventory.located
            skipped = inventory.skipped
            boundingBox = inventory.boundingBox.map { [$0.minLongitude, $0.minLatitude, $0.maxLongitude, $0.maxLatitude] }
        }

        /// "2,000 files indexed, 1,800 located, 3 skipped, box -74.04,-33.86,151.2,48.86"
        var summary: String {
            let box = boundingBox.map { ", box " + $0.map { String(format: "%g", $0) }.joined(separator: ",") } ?? ""
            return "\(indexed) file\(indexed == 1 ? "" : "s") indexed, \(located) located, \(skipped) skipped\(box)"
        }
    }

    func run() async throws {
        try await Session.run(global) { session in
            let config = try session.config()
            var rows = config.providers.enumerated().map { index, entry in
                Row(
                    name: entry.name, type: entry.type, order: index + 1, enabled: entry.enabled,
                    coverage: entry.coverage.map { [$0.minLongitude, $0.minLatitude, $0.maxLongitude, $0.maxLatitude] },
                    defaultCoverage: session.registry.factory(for: entry.type)?.defaultCoverage ?? "everywhere",
                    concurrency: entry.concurrency, timeoutSeconds: entry.timeoutSeconds, requestsPerHour: entry.requestsPerHour
                )
            }
            if check {
                let router = try session.router()
                let results = await Self.probe(router)
                for index in rows.indices { rows[index].health = results[rows[index].name] }
            }
            try Self.readBudgets(&rows, stateRoot: Store.stateDirectory(ofStoreAt: try session.storePath()))
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
    static func print(_ rows: [Row], types: [TypeRow], config: TouristConfig, check: Bool, session: Session) throws -> Int32 {
        if session.options.json {
            struct Document: Encodable {
                var providers: [Row]
                var types: [TypeRow]
            }
            try session.printJSON(Document(providers: rows, types: types))
        } else {
            var table = check ? Table("ORDER", "NAME", "TYPE", "ENABLED", "COVERAGE", "LIMITS", "CHECK") : Table("ORDER", "NAME", "TYPE", "ENABLED", "COVERAGE", "LIMITS")
            for row in rows {
                let coverage = row.coverage.map { $0.map { String(format: "%g", $0) }.joined(separator: ",") } ?? row.defaultCoverage
                var cells = [String(row.order), row.name, row.type, row.enabled ? "yes" : "no", coverage, row.limits]
                if check {
                    cells.append(row.health.map { health in
                        "\(health.ok ? "ok" : "FAILED") in \(health.latencyMs) ms: \(health.outcome)" + (health.inventory.map { "; \($0.summary)" } ?? "")
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

    /// How much of each hourly budget the last hour used, from the request logs in the store (read
    /// only: listing providers creates no store).
    static func readBudgets(_ rows: inout [Row], stateRoot: String) throws {
        let now = Date()
        for index in rows.indices {
            guard let perHour = rows[index].requestsPerHour else { continue }
            let budget = RequestBudget(directory: ConfigLoader.stateDirectory(ofProvider: rows[index].name, in: stateRoot), perHour: perHour)
            let usage = try budget.usage(now: now)
            rows[index].requestsLastHour = usage.used
            rows[index].budgetRefillsAt = usage.used >= perHour ? usage.nextRefill : nil
        }
    }

    /// Asks every provider for one photo at a point inside its coverage, all at once.
    static func probe(_ router: Router) async -> [String: Health] {
        await withTaskGroup(of: (String, Health).self) { group in
            for configured in router.providers {
                group.addTask {
                    let started = ContinuousClock.now
                    let inventory: PhotoInventory?
                    do {
                        inventory = try await configured.inventory()
                    } catch {
                        let failure = ProviderFailure(provider: configured.entry.name, error: error)
                        return (configured.entry.name, Health(ok: false, latencyMs: Self.milliseconds(since: started), outcome: "\(failure.reason): \(failure.message)"))
                    }
                    let point = await configured.probePoint(inventory: inventory)
                    guard let point else {
                        let outcome = inventory == nil ? "no coverage set and no probe point known" : "no photo with a location"
                        return (configured.entry.name, Health(ok: false, latencyMs: Self.milliseconds(since: started), outcome: outcome, inventory: inventory.map(Inventory.init)))
                    }
                    let single = Router(providers: [configured])
                    let result = await single.search(center: point, radiusKm: 32, count: 1, exclude: [])
                    let milliseconds = Self.milliseconds(since: started)
                    let held = inventory.map(Inventory.init)
                    if !result.candidates.isEmpty {
                        return (configured.entry.name, Health(ok: true, latencyMs: milliseconds, outcome: "found \(result.candidates[0].key)", inventory: held))
                    }
                    let failure = result.failures.first
                    return (configured.entry.name, Health(ok: false, latencyMs: milliseconds, outcome: failure.map { "\($0.reason): \($0.message)" } ?? "no answer", inventory: held))
                }
            }
            var results: [String: Health] = [:]
            for await (name, health) in group { results[name] = health }
            return results
        }
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
