import Foundation

extension PhotoCandidate {
    /// The attribution the photo's license requires, to show next to it: the provider's own
    /// `attribution` when it gives one, else, for a Creative Commons "BY" license (CC BY, BY-SA,
    /// BY-NC…, which all require credit), title, author, license and where the photo comes from:
    /// `"Title" by Owner, CC BY-SA 2.0 <https://…>, https://www.flickr.com/photos/…`. Nil for photos
    /// whose license asks for none (CC0, public domain) or is unknown.
    public var creditLine: String? {
        if let attribution, !attribution.isEmpty { return attribution }
        guard let license, Self.requiresAttribution(license) else { return nil }
        let work = "\"\(title)\"" + (owner.map { " by \($0)" } ?? "")
        let licensePart = licenseURL.map { "\(license) <\($0.absoluteString)>" } ?? license
        return ([work, licensePart] + [pageURL?.absoluteString].compactMap { $0 }).joined(separator: ", ")
    }

    /// Whether a license's name is one that requires attribution (any Creative Commons BY license).
    static func requiresAttribution(_ license: String) -> Bool {
        let upper = license.uppercased()
        return upper.contains("CC BY") || upper.contains("CC-BY") || upper.contains("ATTRIBUTION")
    }
}
