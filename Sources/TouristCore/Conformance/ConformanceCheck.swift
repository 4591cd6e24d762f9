import Foundation

/// The rules of `ProviderConformance`, checked in order against one subject; a rule whose
/// evidence an earlier failure prevents is skipped, saying why.
struct ConformanceCheck {
    let subject: ConformanceSubject
    let center: GeoPoint
    let radiusKm: Double
    let pageSize: Int
    private(set) var rules: [ConformanceRule] = []
    /// Every photo of every page, in order; nil when searching failed.
    private var found: [PhotoCandidate]?

    init(subject: ConformanceSubject, center: GeoPoint, radiusKm: Double, pageSize: Int) {
        self.subject = subject
        self.center = center
        self.radiusKm = radiusKm
        self.pageSize = pageSize
    }

    mutating func record(_ rule: String, _ outcome: ConformanceRule.Outcome, _ detail: String) {
        rules.append(ConformanceRule(rule: rule, outcome: outcome, detail: detail))
    }

    mutating func check(_ rule: String, _ problems: [String], passed: String) {
        if problems.isEmpty {
            record(rule, .pass, passed)
        } else {
            record(rule, .fail, problems.prefix(3).joined(separator: "; ") + (problems.count > 3 ? "; and \(problems.count - 3) more" : ""))
        }
    }

    private func query(page: Int, at point: GeoPoint? = nil) -> GeoQuery {
        GeoQuery(center: point ?? center, radiusKm: radiusKm, limit: pageSize, page: page)
    }

    /// Searching and paging: answers, repeatable pages, the limit, nearest first, pages that move on
    /// and end, no repeats, enough photos, all within the radius, keys naming the provider, sources.
    mutating func searching(minimumPhotos: Int) async {
        let first: SearchPage, again: SearchPage
        do {
            first = try await subject.search(query(page: 1))
            again = try await subject.search(query(page: 1))
        } catch {
            record("search answers", .fail, "page 1 near \(center) failed: \(Self.describe(error))")
            return
        }
        record(
            "search answers", .pass,
            "page 1 of a search within \(Format.number(radiusKm)) km of \(center) gave \(first.candidates.count) photos")
        check(
            "same page, same photos",
            first.candidates.map(\.key) == again.candidates.map(\.key)
                ? [] : ["page 1 asked twice gave \(first.candidates.map(\.key.id)) and then \(again.candidates.map(\.key.id))"],
            passed: "page 1 asked twice gave the same \(first.candidates.count) photos in the same order")

        var all: [PhotoCandidate] = []
        var pages: [SearchPage] = []
        var paging: [String] = []
        var page: Int? = 1
        do {
            while let current = page, pages.count < 1000 {
                let result = current == 1 ? first : try await subject.search(query(page: current))
                pages.append(result)
                all += result.candidates
                if let next = result.nextPage, next <= current { paging.append("page \(current) names page \(next) as the next") }
                page = result.candidates.isEmpty ? nil : result.nextPage
                if page != nil, pages.count == 1000 { paging.append("more than 1000 pages of \(pageSize): the pages do not end") }
            }
        } catch {
            paging.append("page \(pages.count + 1) failed: \(Self.describe(error))")
        }
        found = all
        let sizes = pages.enumerated().filter { $0.element.candidates.count > pageSize }.map {
            "page \($0.offset + 1) has \($0.element.candidates.count)"
        }
        check("at most the limit per page", sizes, passed: "\(Plural.count(pages.count, "page")) of at most \(pageSize)")
        var order: [String] = []
        for (index, result) in pages.enumerated() {
            var previous = 0.0
            for candidate in result.candidates {
                guard let distance = candidate.location?.distanceKm(to: center) else { continue }
                if distance + 1e-9 < previous {
                    order.append(
                        "\(candidate.key) at \(Format.number(distance)) km comes after a photo at \(Format.number(previous)) km on page \(index + 1)"
                    )
                }
                previous = max(previous, distance)
            }
        }
        check("nearest first on each page", order, passed: "every page is ordered by distance from the center")
        check(
            "pages move on and end", paging,
            passed: pages.count == 1 ? "one page, which names no next page" : "\(pages.count) pages, each naming a later one, the last none"
        )
        let keys = all.map(\.key)
        let repeated = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted().map {
            "\($0) appears on two pages"
        }
        check("no photo on two pages", repeated, passed: "\(keys.count) different photos")
        check(
            "enough photos",
            all.count >= minimumPhotos
                ? []
                : [
                    "found \(Plural.count(all.count, "photo")) within \(Format.number(radiusKm)) km of \(center), expected at least \(minimumPhotos)"
                ],
            passed: "\(all.count) photos within \(Format.number(radiusKm)) km (at least \(minimumPhotos) expected)")
        let outside = all.compactMap { candidate in
            candidate.location.map { $0.distanceKm(to: center) }.flatMap {
                $0 > radiusKm + 1e-9 ? "\(candidate.key) is \(Format.number($0)) km away" : nil
            }
        }
        let located = all.count { $0.location != nil }
        check(
            "within the radius", outside,
            passed: "\(located) of \(all.count) photos have a location, all within \(Format.number(radiusKm)) km")
        check(
            "ids name the provider", all.filter { $0.key.provider != subject.name }.map { "\($0.key) does not name \(subject.name)" },
            passed: "every id starts with \(subject.name):")
        check(
            "every photo has a source", all.filter(\.sources.isEmpty).map { "\($0.key) lists no size" },
            passed: "every photo lists at least one size")
    }

    /// Fetching: an image, the same bytes twice, a typed error for a photo that does not exist.
    mutating func fetching() async {
        guard let photo = found?.first, let size = photo.sources.keys.sorted().first else {
            for rule in ["fetch writes an image", "same photo, same bytes", "a missing photo is a typed error"] {
                record(rule, .skip, found == nil ? "searching failed" : "the search found no photo to fetch")
            }
            return
        }
        let once = RecordingSink(), twice = RecordingSink()
        do {
            try await subject.fetch(photo, size, once)
            try await subject.fetch(photo, size, twice)
        } catch {
            record("fetch writes an image", .fail, "fetching \(photo.key) size \(size.rawValue) failed: \(Self.describe(error))")
            record("same photo, same bytes", .skip, "fetching failed")
            await missingPhoto(photo, size: size)
            return
        }
        let mime = ImageFormat.mimeType(of: Array(once.bytes.prefix(32)))
        check(
            "fetch writes an image",
            once.bytes.isEmpty
                ? ["fetching \(photo.key) wrote no bytes"]
                : mime == nil ? ["fetching \(photo.key) wrote \(once.bytes.count) bytes that are not an image"] : [],
            passed: "\(photo.key) size \(size.rawValue): \(once.bytes.count) bytes of \(mime ?? "?")")
        check(
            "same photo, same bytes",
            once.bytes == twice.bytes
                ? [] : ["fetching \(photo.key) twice gave \(once.bytes.count) and \(twice.bytes.count) different bytes"],
            passed: "fetched twice, byte for byte the same")
        await missingPhoto(photo, size: size)
    }

    /// A photo like `photo` that does not exist (another id, sources that do not exist either).
    private mutating func missingPhoto(_ photo: PhotoCandidate, size: PhotoSize) async {
        var bogus = photo
        bogus.key = PhotoKey(provider: subject.name, id: "no-such-photo-\(UUID().uuidString)")
        bogus.sources = bogus.sources.mapValues(Self.missing)
        do {
            try await subject.fetch(bogus, size, RecordingSink())
            record("a missing photo is a typed error", .fail, "fetching \(bogus.key), which does not exist, succeeded")
        } catch let error as ProviderError where error.isNotFound {
            record("a missing photo is a typed error", .pass, "fetching \(bogus.key) failed as \(error.kind)")
        } catch let error as ProviderError {
            record(
                "a missing photo is a typed error", .fail,
                "fetching \(bogus.key), which does not exist, failed as \(error.kind), not not found: \(error.message)")
        } catch {
            record("a missing photo is a typed error", .fail, "fetching \(bogus.key) threw \(type(of: error)), not a ProviderError")
        }
    }

    /// Looking up: the first photo found, by its id, is that photo.
    mutating func lookingUp() async {
        guard let lookup = subject.lookup, await subject.canLookUp() else {
            record("lookup finds a photo by id", .skip, "the provider cannot look photos up by id")
            return
        }
        guard let photo = found?.first else {
            record("lookup finds a photo by id", .skip, found == nil ? "searching failed" : "the search found no photo to look up")
            return
        }
        do {
            let looked = try await lookup(photo.key.id)
            check(
                "lookup finds a photo by id",
                looked.key == photo.key && !looked.sources.isEmpty
                    ? [] : ["looking up \(photo.key.id) gave \(looked.key) with \(looked.sources.count) sizes"],
                passed: "\(photo.key) looked up, \(Plural.count(looked.sources.count, "size"))")
        } catch {
            record("lookup finds a photo by id", .fail, "looking up \(photo.key.id) failed: \(Self.describe(error))")
        }
    }

    /// Where there are no photos, a search is empty and names no next page.
    mutating func emptyPlace(_ point: GeoPoint?) async {
        guard let point else {
            record("nothing where there is nothing", .skip, "no empty place given")
            return
        }
        do {
            let empty = try await subject.search(query(page: 1, at: point))
            var problems: [String] = []
            if !empty.candidates.isEmpty {
                problems.append(
                    "found \(empty.candidates.count) photos within \(Format.number(radiusKm)) km of \(point), where there are none")
            }
            if empty.nextPage != nil { problems.append("an empty search names a next page") }
            check(
                "nothing where there is nothing", problems,
                passed: "no photo within \(Format.number(radiusKm)) km of \(point), and no next page")
        } catch {
            record("nothing where there is nothing", .fail, "a search at \(point) failed: \(Self.describe(error))")
        }
    }

    static func describe(_ error: any Error) -> String {
        (error as? ProviderError)?.description ?? String(describing: error)
    }

    /// A source next to `source` that does not exist: a file path + "-no-such-photo"; a URL with the
    /// same scheme, host and port and its path + "-no-such-photo" (no query, no fragment); a size the
    /// provider fetches itself stays so (the photo's id is what does not exist).
    static func missing(_ source: PhotoSource) -> PhotoSource {
        switch source {
        case .file(let path):
            return .file(path + "-no-such-photo")
        case .provider:
            return .provider
        case .url(let url):
            guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                return .url(url.appendingPathComponent("no-such-photo"))
            }
            components.user = nil
            components.password = nil
            components.query = nil
            components.fragment = nil
            components.percentEncodedPath += "-no-such-photo"
            return .url(components.url ?? url.appendingPathComponent("no-such-photo"))
        }
    }
}

/// Numbers as the suite prints them: up to 3 decimals, no trailing zeros.
enum Format {
    static func number(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
