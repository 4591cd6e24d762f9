import Foundation
import Testing
import TestSupport

/// The README a newcomer reads to the end, and the pages of docs/ it leads to: short, every page
/// reached from it, every relative link and anchor leading somewhere, and its test command the
/// one CI runs.
@Suite struct DocumentationTests {
    @Test func theREADMEIsShort() throws {
        let lines = try Documentation.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 300, "README.md has \(lines.count) lines; move the detail to a page of docs/")
    }

    @Test func everyPageOfDocsIsLinkedFromTheREADME() throws {
        let linked = Set(
            Documentation.relativeLinks(try Documentation.read("README.md")).map { $0.split(separator: "#").first.map(String.init) ?? "" })
        let pages = try Documentation.pages().filter { $0 != "README.md" }
        #expect(pages.count >= 10, "\(pages)")
        for page in pages {
            #expect(linked.contains(page), "README.md does not link to \(page)")
        }
    }

    @Test func everyRelativeLinkLeadsToAFileAndItsAnchorToAHeading() throws {
        var links = 0
        for page in try Documentation.pages() {
            let text = try Documentation.read(page)
            links += Documentation.relativeLinks(text).count
            let broken = Documentation.brokenLinks(in: text, page: page, root: Harness.repository)
            #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
        }
        #expect(links >= 50, "only \(links) relative links found: is the link reader still reading them?")
    }

    /// Each page reads on its own: one title, and a way back to the README.
    @Test func everyPageHasOneTitleAndLeadsBackToTheREADME() throws {
        for page in try Documentation.pages() where page != "README.md" {
            let text = try Documentation.read(page)
            let titles = Documentation.prose(text).filter { $0.hasPrefix("# ") }
            #expect(titles.count == 1 && text.hasPrefix("# "), "\(page): \(titles)")
            #expect(Documentation.relativeLinks(text).contains { $0.hasPrefix("../README.md") }, "\(page) does not link back to the README")
        }
    }

    /// `.ci/run` runs "the README's test command": the README names it in one code span, and
    /// `.ci/run` has it as a line of its own.
    @Test func theREADMEsTestCommandIsTheOneCIRuns() throws {
        let readme = try Documentation.read("README.md")
        let spans = readme.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 && $0.element.contains("swift test") }.map { String($0.element) }
        #expect(spans.count == 1, "\(spans)")
        let command = try #require(spans.first)
        #expect(command.contains("swift build --build-tests") && command.contains("swift test --skip-build"), "\(command)")
        let ci = try String(contentsOfFile: Harness.repository + "/.ci/run", encoding: .utf8)
        #expect(
            ci.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == command }, ".ci/run does not run \(command)")
    }

    /// The checker finds what it must: a missing file, a missing anchor, a heading's anchor as
    /// GitHub makes it, and no link inside code.
    @Test func theLinkCheckerFindsBrokenLinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doc-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let target =
            "# Errors and notes with `--json`\n\n```sh\n# not a heading\n```\n\n## Exit codes (sysexits)\n\n## Exit codes (sysexits)\n"
        try target.write(to: root.appendingPathComponent("docs/page.md"), atomically: true, encoding: .utf8)
        #expect(Documentation.anchors(target) == ["errors-and-notes-with---json", "exit-codes-sysexits", "exit-codes-sysexits-1"])
        let page = """
            [fine](docs/page.md#exit-codes-sysexits-1) [fine too](docs/page.md#errors-and-notes-with---json)
            [gone](docs/gone.md) [no anchor](docs/page.md#not-a-heading) <img src="docs/missing.png">
            `[in code](docs/nowhere.md)` ``a `[in code too](docs/nowhere.md)` b`` [online](https://example.org/x.md)
            """
        let broken = Documentation.brokenLinks(in: page, page: "README.md", root: root.path)
        #expect(broken.count == 3, "\(broken)")
        #expect(
            broken.contains { $0.contains("docs/gone.md") } && broken.contains { $0.contains("#not-a-heading") }
                && broken.contains { $0.contains("missing.png") }, "\(broken)")
    }
}
