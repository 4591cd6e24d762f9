import Foundation
import TestSupport

/// The repository's Markdown pages (README.md and docs/*.md) as a reader follows them: their
/// headings' anchors, as GitHub makes them, and their relative links.
enum Documentation {
    /// A page's text, by its path inside the repository (`README.md`, `docs/commands.md`).
    static func read(_ page: String) throws -> String {
        try String(contentsOfFile: Harness.repository + "/" + page, encoding: .utf8)
    }

    /// README.md and every Markdown page of docs/, as paths inside the repository.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Harness.repository + "/docs")
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// A page's lines outside fenced code blocks (a `#` there is a shell comment, not a heading).
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence
        }
    }

    /// The anchors of a page's headings as GitHub makes them: the heading's text in lower case,
    /// without punctuation (code marks included), spaces as hyphens, `-1`, `-2`… after repeats.
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        for line in prose(text) where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(
                title.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
                })
            let repeats = seen[slug, default: 0]
            seen[slug] = repeats + 1
            anchors.insert(repeats == 0 ? slug : "\(slug)-\(repeats)")
        }
        return anchors
    }

    /// The targets of a page's links and images, Markdown (`[text](target)`) and HTML
    /// (`src="…"`, `href="…"`), outside code, that lead within the repository: no scheme.
    static func relativeLinks(_ text: String) -> [String] {
        let prose = withoutCodeSpans(prose(text).joined(separator: "\n"))
        let markdown = prose.matches(of: #/\]\(([^)\s]+)\)/#).map { String($0.output.1) }
        let html = prose.matches(of: #/(?:src|href)="([^"]+)"/#).map { String($0.output.1) }
        return (markdown + html).filter { !$0.contains(":") }
    }

    /// `text` without its code spans, which hold examples, not links (a link's text may be code:
    /// [`x`](x)). A span opens with a run of backticks and closes with a run as long, as in
    /// CommonMark, so ``a `b` c`` is one span; a run that is never closed stays as it is.
    static func withoutCodeSpans(_ text: String) -> String {
        var kept = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "`") {
            kept += rest[..<open]
            let run = rest[open...].prefix { $0 == "`" }
            let after = rest[run.endIndex...]
            guard let close = closingRun(of: run.count, in: after) else {
                kept += run
                rest = after
                continue
            }
            rest = after[close.upperBound...]
        }
        return kept + rest
    }

    /// The first run of exactly `length` backticks in `text`.
    private static func closingRun(of length: Int, in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while let start = text[index...].firstIndex(of: "`") {
            let run = text[start...].prefix { $0 == "`" }
            if run.count == length { return start..<run.endIndex }
            index = run.endIndex
        }
        return nil
    }

    /// What is wrong with each relative link of `text`, a page at `page` (a path inside `root`):
    /// a file or folder that does not exist, or an anchor no heading of its page makes.
    static func brokenLinks(in text: String, page: String, root: String) -> [String] {
        let pageURL = URL(fileURLWithPath: root).appendingPathComponent(page)
        return relativeLinks(text).compactMap { link in
            let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let target =
                parts[0].isEmpty
                ? pageURL : URL(fileURLWithPath: parts[0], relativeTo: pageURL.deletingLastPathComponent()).standardizedFileURL
            guard FileManager.default.fileExists(atPath: target.path) else { return "\(page): \(link): no such file or folder" }
            guard parts.count == 2, target.pathExtension == "md" else { return nil }
            guard let linked = try? String(contentsOf: target, encoding: .utf8) else { return "\(page): \(link): cannot be read" }
            return anchors(linked).contains(parts[1]) ? nil : "\(page): \(link): no heading there has the anchor #\(parts[1])"
        }
    }
}
