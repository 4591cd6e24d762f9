import Foundation
import Testing
import TestSupport
import TouristCore

/// `tourist --version` names the version, the commit (which a plain `swift build`, as here, does
/// not know, and says so) and every data set and web library the binary carries.
@Suite struct VersionTests {
    @Test func theVersionNamesTheCommitItKnowsAndEveryBundledWork() async throws {
        let harness = try Harness()
        let text = try await harness.run("--version").stdout
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "tourist \(TouristVersion.current), commit unknown (built without make, by a plain swift build)", "\(text)")
        for work in BundledData.works {
            #expect(
                lines.contains { $0.hasPrefix("  \(work.role) ") && $0.hasSuffix("\(work.name) (\(work.licence))") },
                "\(work.role) is missing: \(text)")
            #expect(lines.contains { $0.hasSuffix("from \(work.copy)") }, "\(work.role)'s copy is missing: \(text)")
        }
        #expect(
            text.contains("GeoNames") && text.contains("Natural Earth") && text.contains("Leaflet 1.7.1")
                && text.contains("Leaflet.markercluster"), "\(text)")
        #expect(lines.allSatisfy { $0.count <= 80 }, "a line is wider than 80 columns: \(text)")
        // Global flags beside it change nothing but --json.
        #expect(try await harness.run("--quiet", "--version").stdout == text)
    }

    @Test func withJSONTheVersionIsOneDocument() async throws {
        let harness = try Harness()
        for arguments in [["--json", "--version"], ["--version", "--json"]] {
            let result = try await harness.run(arguments)
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            let document = try #require(try result.json() as? [String: Any], "\(result.stdout)")
            #expect(document["version"] as? String == TouristVersion.current)
            #expect(document["commit"] is NSNull, "built without make, the commit is null: \(result.stdout)")
            let bundled = try #require(document["bundled"] as? [[String: Any]])
            #expect(bundled.map { $0["role"] as? String } == BundledData.works.map(\.role))
            #expect(bundled.map { $0["licence"] as? String } == BundledData.works.map(\.licence))
            #expect(bundled.allSatisfy { ($0["files"] as? [String])?.isEmpty == false && ($0["source"] as? String)?.isEmpty == false })
        }
    }
}
