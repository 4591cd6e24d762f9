import Foundation

/// The config in force, as `config check` prints it: a config file that can be pasted back.
///
/// Every value is written as the config format takes it: what the file sets, and the defaults
/// that can be written as values (numbers, true/false, plain strings, lists) where it sets none.
/// What cannot be written is left out, and takes its default again when read: a limit that is
/// off (no `concurrency` or `requestsPerHour` of its own, no `coverage`), a default that only
/// describes itself (the fixture's bundled demo set), and a secret the file does not set (Flickr's
/// key then comes from `FLICKR_API_KEY`). A secret the file sets is shown as written when it reads
/// the environment (`"${FLICKR_API_KEY}"`), else as `********`: valid JSON, and clearly no key.
public enum EffectiveConfig {
    /// What a secret written into the file is shown as.
    public static let mask = "********"

    /// `storePath` is the store in force (`--store`, `TOURIST_STORE`, the config's, the default);
    /// `declared`: the options providers declare themselves (plugins), by provider name.
    public static func render(
        _ config: TouristConfig, storePath: String, registry: ProviderRegistry, declared: [String: [ProviderOption]] = [:]
    ) -> JSONValue {
        .object([
            ("store", .string(storePath)),
            (
                "album",
                .object([
                    ("photos", .number(Double(config.album.photos))), ("size", .string(config.album.size.rawValue)),
                    (
                        "lookalikes",
                        .object([
                            ("enabled", .bool(config.album.lookalikes.enabled)),
                            ("maxDistance", .number(Double(config.album.lookalikes.maxDistance))),
                        ])
                    ),
                ])
            ),
            (
                "downloads",
                .object([
                    ("concurrency", .number(Double(config.downloads.concurrency))), ("retries", .number(Double(config.downloads.retries))),
                    ("timeoutSeconds", .number(config.downloads.timeoutSeconds)),
                    ("maxPhotoBytes", .number(Double(config.downloads.maxPhotoBytes))),
                ])
            ),
            ("routing", .object([("strategy", .string(config.strategy.rawValue))])),
            (
                "serve",
                .object([
                    (
                        "tiles",
                        config.serve.tiles.map { tiles in
                            .object([
                                ("url", .string(tiles.url)), ("attribution", .string(tiles.attribution)),
                                ("maxZoom", .number(Double(tiles.maxZoom))),
                            ])
                        } ?? .null
                    )
                ])
            ),
            ("geocoder", render(config.geocoder)),
            (
                "providers",
                .array(
                    config.providers.map { render($0, registry: registry, declared: declared[$0.name] ?? [], albumSize: config.album.size) }
                )
            ),
        ])
    }

    /// The geocoder with every key, the unset ones as null, so a starter config shows how to turn
    /// it on.
    private static func render(_ geocoder: TouristConfig.Geocoder) -> JSONValue {
        .object([
            ("type", .string(geocoder.type.rawValue)), ("enabled", .bool(geocoder.enabled)), ("url", .string(geocoder.url)),
            ("contact", geocoder.contact.map(JSONValue.string) ?? .null), ("language", geocoder.language.map(JSONValue.string) ?? .null),
            ("timeoutSeconds", .number(geocoder.timeoutSeconds)),
        ])
    }

    private static func render(
        _ entry: TouristConfig.ProviderEntry, registry: ProviderRegistry, declared: [ProviderOption], albumSize: PhotoSize
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(entry.name)), ("type", .string(entry.type)), ("enabled", .bool(entry.enabled)),
        ]
        if let timeout = entry.timeoutSeconds { members.append(("timeoutSeconds", .number(timeout))) }
        if let concurrency = entry.concurrency { members.append(("concurrency", .number(Double(concurrency)))) }
        if let perHour = entry.requestsPerHour { members.append(("requestsPerHour", .number(Double(perHour)))) }
        if let box = entry.coverage {
            members.append(
                ("coverage", .array([box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude].map { .number($0) })))
        }
        let factory = registry.factory(for: entry.type)
        // A plugin may not mark every secret: its names count too.
        let guessesSecrets = factory?.takesOwnOptions == true
        for option in (factory?.options ?? []) + declared where !members.contains(where: { $0.key == option.name }) {
            let written = entry.options.written.first { $0.key == option.name }?.value
            let secret = option.isSecret || guessesSecrets && ProviderOption.nameLooksSecret(option.name)
            if let value = entry.options.value(option.name) {
                let fromEnvironment = written.flatMap { mentionsVariable($0) ? $0 : nil }
                if secret {
                    members.append((option.name, fromEnvironment ?? .string(mask)))
                } else {
                    // A plugin's value made from the environment is shown as written.
                    members.append((option.name, guessesSecrets ? fromEnvironment ?? value : value))
                }
            } else if !secret,
                let fallback = factory.map({ $0.writableDefault(of: option, albumSize: albumSize) }) ?? option.writableDefault
            {
                members.append((option.name, fallback))
            }
        }
        return .object(members)
    }

    /// Whether a value as written holds a `${VAR}` somewhere.
    static func mentionsVariable(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): text.contains("${")
        case .array(let items): items.contains(where: mentionsVariable)
        case .object(let members): members.contains { mentionsVariable($0.value) }
        case .null, .bool, .number: false
        }
    }
}
