import Foundation

extension ConfigLoader {
    /// The keys `geocoder` may have.
    static let geocoderKeys = ["type", "enabled", "url", "contact", "language", "timeoutSeconds"]

    /// `geocoder`: `{ "type": "nominatim", "url": "https://nominatim.openstreetmap.org",
    /// "contact": "you@example.org" }`, on unless `"enabled": false`; `contact` is required then.
    /// A contact that fails its check (or is missing while on) is kept as the geocoder's `problem`
    /// rather than thrown: only what would ask the geocoder is refused with it (`PlaceFinder`), and
    /// `config check`; every other command runs.
    func geocoder(_ reader: ConfigReader) throws(ConfigError) -> TouristConfig.Geocoder {
        try reader.rejectUnknownKeys(allowed: Self.geocoderKeys)
        var geocoder = TouristConfig.Geocoder()
        let kinds = TouristConfig.Geocoder.Kind.allCases.map(\.rawValue)
        if let type = try reader.string("type", environment: environment) {
            guard let kind = TouristConfig.Geocoder.Kind(rawValue: type) else {
                let suggestion = NearMatches(kinds).suggestions(for: type).first.map { " Did you mean \"\($0)\"?" } ?? ""
                throw reader.error(
                    "type", "unknown geocoder type \"\(type)\"", fix: "Use one of: \(kinds.joined(separator: ", ")).\(suggestion)")
            }
            geocoder.type = kind
        }
        geocoder.enabled = try reader.bool("enabled") ?? true
        if let url = try reader.string("url", environment: environment) {
            let components = URLComponents(string: url)
            guard let scheme = components?.scheme?.lowercased(), scheme == "https" || scheme == "http", components?.host?.isEmpty == false,
                components?.query == nil, components?.fragment == nil
            else {
                throw reader.error(
                    "url", "\"\(url)\" is not an http or https address without a query",
                    fix: "Use \(TouristConfig.Geocoder.defaultURL), or the address of another Nominatim server.")
            }
            geocoder.url = url
        }
        geocoder.timeoutSeconds = try reader.number("timeoutSeconds", in: 1...120) ?? geocoder.timeoutSeconds
        if let language = try reader.string("language", environment: environment) {
            guard !language.isEmpty, language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-,;=. *".contains($0)) }) else {
                throw reader.error(
                    "language", "\"\(language)\" is not a list of language codes",
                    fix: "Write codes such as \"en\" or \"de,en\", or remove the key for each place's local name.")
            }
            geocoder.language = language
        }
        let contact = try reader.string("contact", environment: environment)?.trimmingCharacters(in: .whitespaces)
        if let contact, let problem = Self.contactProblem(contact) {
            geocoder.problem = reader.error("contact", problem, fix: Self.contactFix)
        } else if geocoder.enabled, contact == nil {
            geocoder.problem = reader.error(
                "contact", "missing: the geocoder is on, and Nominatim's usage policy asks every client for a way to reach its user",
                fix: "\(Self.contactFix) Or set \"enabled\": false to look places up offline only."
            )
        } else {
            geocoder.contact = contact
        }
        return geocoder
    }

    private static let contactFix = "Set \"contact\" to your own e-mail address or web page; it is sent in the User-Agent of every lookup."

    /// Why `contact` cannot be sent as a contact, or nil when it can: an e-mail address or an
    /// http(s) address, with nothing that would break the User-Agent, and not docs/places.md's example.
    static func contactProblem(_ contact: String) -> String? {
        guard !contact.isEmpty else { return "the contact is empty" }
        guard contact.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F && $0 != "(" && $0 != ")" }) else {
            return "\"\(contact)\" holds characters a User-Agent cannot carry (only ASCII, no parentheses)"
        }
        let lowered = contact.lowercased()
        let isMail = contact.range(of: #"^[^@\s]+@[^@\s]+\.[^@\s]+$"#, options: .regularExpression) != nil
        let isWeb =
            (lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) && URLComponents(string: contact)?.host?.isEmpty == false
        guard isMail || isWeb else { return "\"\(contact)\" is neither an e-mail address nor an http(s) address" }
        let host = isMail ? String(lowered.split(separator: "@").last ?? "") : URLComponents(string: lowered)?.host ?? ""
        let examples = ["example.org", "example.com", "example.net", "example"]
        guard !examples.contains(where: { host == $0 || host.hasSuffix("." + $0) }) else {
            return "\"\(contact)\" is an example address, and reaches nobody"
        }
        return nil
    }
}
