#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Directory
import Fixture
import Flickr
import Foundation
import Logging
import Testing
import TestSupport
@testable import TouristCore

/// Every message a config can produce, word for word: `FILE: LOCATION: PROBLEM. FIX`.
///
/// Each table row is (config text, the exact message). Together the rows reach every error site of
/// `ConfigLoader.load`/`parse` and `ConfigReader` (typed accessors, unknown and duplicate keys, path
/// and string lists, `${VAR}` expansion), of the JSON parser behind "invalid JSON", of the built-in
/// factories' `makeProvider` (through `ConfigLoader.makeProviders`), and of the directory provider's
/// `configurationProblems()`. Rows at other indexes and in other files show that the file path and
/// the key path (`providers[2].path[1]`) in a message are the real ones.
@Suite struct ConfigErrorMessageTests {
    static let file = "/etc/t/config.json"
    let registry = ProviderRegistry([FlickrProviderFactory(), FixtureProviderFactory(), DirectoryProviderFactory()])

    func loader(_ environment: [String: String] = [:], registry: ProviderRegistry? = nil) -> ConfigLoader {
        ConfigLoader(registry: registry ?? self.registry, environment: environment, workingDirectory: "/work")
    }

    /// The message of parsing `text` as the config file `path`, or nil when it parses.
    /// The error loading `text` meets, or else the problem its geocoder keeps (a contact that fails
    /// its check, reported when a lookup would go online and by `config check`); nil for neither.
    func message(_ text: String, environment: [String: String] = [:], path: String = Self.file) -> String? {
        do {
            return try loader(environment).parse(Array(text.utf8), path: path).geocoder.problem.map(String.init(describing:))
        } catch {
            return String(describing: error)
        }
    }

    func context(_ directory: String) -> ProviderContext {
        ProviderContext(
            configDirectory: directory, environment: [:], logger: Logger(label: "config-error-message-tests"),
            http: HTTPClient(configuration: .init()))
    }

    /// The message of building the providers of `text`, which must parse; nil when they build.
    func buildMessage(_ text: String, path: String = Self.file, buildingWith registry: ProviderRegistry? = nil) throws -> String? {
        let config = try loader().parse(Array(text.utf8), path: path)
        do {
            _ = try loader(registry: registry).makeProviders(config, context: context((path as NSString).deletingLastPathComponent))
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// The messages of `config check`'s machine-only checks (`configurationProblems()`), after building.
    func problems(_ text: String, path: String) async throws -> [String] {
        let config = try loader().parse(Array(text.utf8), path: path)
        let providers = try loader().makeProviders(config, context: context((path as NSString).deletingLastPathComponent))
        var problems: [String] = []
        for configured in providers {
            problems +=
                await (configured.provider as? any ConfigurationChecking)?.configurationProblems().map { String(describing: $0) } ?? []
        }
        return problems
    }

    func check(
        _ rows: [(text: String, expected: String)], environment: [String: String] = [:], path: String = Self.file,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for row in rows {
            #expect(
                message(row.text, environment: environment, path: path) == row.expected, "config: \(row.text)",
                sourceLocation: sourceLocation)
        }
    }

    // MARK: - JSON syntax (one error site in `parse`, every reason of `JSONParser`)

    @Test func invalidJSON() {
        check([
            (
                "",
                #"/etc/t/config.json: line 1, column 1: invalid JSON: unexpected end of file; a value was expected. Fix the JSON syntax at that place."#
            ),
            (
                "   ",
                #"/etc/t/config.json: line 1, column 4: invalid JSON: unexpected end of file; a value was expected. Fix the JSON syntax at that place."#
            ),
            (
                #"{} x"#,
                #"/etc/t/config.json: line 1, column 4: invalid JSON: unexpected text after the end of the document. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": @}"#,
                #"/etc/t/config.json: line 1, column 11: invalid JSON: unexpected character '@'; a value was expected. Fix the JSON syntax at that place."#
            ),
            (
                "{\"store\": \u{01}}",
                #"/etc/t/config.json: line 1, column 11: invalid JSON: unexpected character 0x01; a value was expected. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": tru}"#,
                #"/etc/t/config.json: line 1, column 14: invalid JSON: invalid literal; expected true. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": nul}"#,
                #"/etc/t/config.json: line 1, column 14: invalid JSON: invalid literal; expected null. Fix the JSON syntax at that place."#
            ),
            (
                String(repeating: "[", count: 513),
                #"/etc/t/config.json: line 1, column 513: invalid JSON: nesting deeper than 512 levels. Fix the JSON syntax at that place."#
            ),
            (
                #"{"album": {},}"#,
                #"/etc/t/config.json: line 1, column 14: invalid JSON: trailing comma before '}'. Fix the JSON syntax at that place."#
            ),
            (
                #"{store: 1}"#,
                #"/etc/t/config.json: line 1, column 2: invalid JSON: expected a key in double quotes. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store" 1}"#,
                #"/etc/t/config.json: line 1, column 10: invalid JSON: expected ':' after the key "store". Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "a""#,
                #"/etc/t/config.json: line 1, column 14: invalid JSON: unexpected end of file; expected ',' or '}'. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "a" "album": {}}"#,
                #"/etc/t/config.json: line 1, column 15: invalid JSON: expected ',' or '}' after the value of "store". Fix the JSON syntax at that place."#
            ),
            (
                #"{"providers": [1,]}"#,
                #"/etc/t/config.json: line 1, column 18: invalid JSON: trailing comma before ']'. Fix the JSON syntax at that place."#
            ),
            (
                #"{"providers": [1"#,
                #"/etc/t/config.json: line 1, column 17: invalid JSON: unexpected end of file; expected ',' or ']'. Fix the JSON syntax at that place."#
            ),
            (
                #"{"providers": [1 2]}"#,
                #"/etc/t/config.json: line 1, column 18: invalid JSON: expected ',' or ']' after an array element. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "abc"#,
                #"/etc/t/config.json: line 1, column 15: invalid JSON: unterminated string. Fix the JSON syntax at that place."#
            ),
            (
                "{\"store\": \"a\tb\"}",
                #"/etc/t/config.json: line 1, column 13: invalid JSON: control character in a string; write it as an escape such as \n. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "a\"#,
                #"/etc/t/config.json: line 1, column 14: invalid JSON: unterminated escape. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "\x"}"#,
                #"/etc/t/config.json: line 1, column 13: invalid JSON: invalid escape \x. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "\u12G4"}"#,
                #"/etc/t/config.json: line 1, column 16: invalid JSON: expected four hex digits after \u. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "\uD800x"}"#,
                #"/etc/t/config.json: line 1, column 18: invalid JSON: unpaired surrogate in \u escape. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "\uD800\u0041"}"#,
                #"/etc/t/config.json: line 1, column 24: invalid JSON: invalid surrogate pair in \u escape. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "\uDC00"}"#,
                #"/etc/t/config.json: line 1, column 18: invalid JSON: invalid \u escape. Fix the JSON syntax at that place."#
            ),
            (#"{"store": -}"#, #"/etc/t/config.json: line 1, column 12: invalid JSON: invalid number. Fix the JSON syntax at that place."#),
            (
                #"{"store": 01}"#,
                #"/etc/t/config.json: line 1, column 12: invalid JSON: numbers may not have leading zeros. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": 1.}"#,
                #"/etc/t/config.json: line 1, column 13: invalid JSON: expected digits after the decimal point. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": 1e}"#,
                #"/etc/t/config.json: line 1, column 13: invalid JSON: expected digits in the exponent. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": 1e999}"#,
                #"/etc/t/config.json: line 1, column 16: invalid JSON: number 1e999 is out of range. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": 2e-324}"#,
                #"/etc/t/config.json: line 1, column 17: invalid JSON: number 2e-324 is out of range. Fix the JSON syntax at that place."#
            ),
            (#"{"album": {"photos": 0e-400}}"#, #"/etc/t/config.json: album.photos: 0 is out of range. Use a number from 1 to 500."#),
            // Lines count from 1; columns count characters, not bytes ("é" is two bytes).
            (
                "{\n  \"store\": 1,\n  \"album\": @\n}",
                #"/etc/t/config.json: line 3, column 12: invalid JSON: unexpected character '@'; a value was expected. Fix the JSON syntax at that place."#
            ),
            (
                #"{"store": "é" x}"#,
                #"/etc/t/config.json: line 1, column 15: invalid JSON: expected ',' or '}' after the value of "store". Fix the JSON syntax at that place."#
            ),
        ])
    }

    // MARK: - `serve`

    @Test func serveTiles() {
        check([
            (#"{"serve": {"tile": null}}"#, #"/etc/t/config.json: serve.tile: unknown key "tile". Did you mean "tiles"?"#),
            (
                #"{"serve": {"tiles": {"attribution": "x"}}}"#,
                #"/etc/t/config.json: serve.tiles.url: the tile layer has no url. Set url to a tile address with {z}, {x} and {y}, such as "https://tile.openstreetmap.org/{z}/{x}/{y}.png", or remove serve.tiles to use the offline map alone."#
            ),
            (
                #"{"serve": {"tiles": {"url": "ftp://t.example/{z}/{x}/{y}.png", "attribution": "x"}}}"#,
                #"/etc/t/config.json: serve.tiles.url: "ftp://t.example/{z}/{x}/{y}.png" is not a tile address. Use an http(s) address with {z}, {x} and {y}, such as "https://tile.openstreetmap.org/{z}/{x}/{y}.png"."#
            ),
            (
                #"{"serve": {"tiles": {"url": "https://t.example/{z}/{x}.png", "attribution": "x"}}}"#,
                #"/etc/t/config.json: serve.tiles.url: "https://t.example/{z}/{x}.png" is not a tile address. Use an http(s) address with {z}, {x} and {y}, such as "https://tile.openstreetmap.org/{z}/{x}/{y}.png"."#
            ),
            (
                #"{"serve": {"tiles": {"url": "https://t.example/{z}/{x}/{y}.png"}}}"#,
                #"/etc/t/config.json: serve.tiles.attribution: the tile layer has no attribution. Set attribution to the credit the tile provider's terms ask for, such as "© OpenStreetMap contributors"."#
            ),
            (
                #"{"serve": {"tiles": {"url": "https://t.example/{z}/{x}/{y}.png", "attribution": "x", "maxZoom": 30}}}"#,
                #"/etc/t/config.json: serve.tiles.maxZoom: 30 is out of range. Use a number from 1 to 24."#
            ),
        ])
    }

    // MARK: - `geocoder`

    @Test func geocoder() {
        let contact = #"Set "contact" to your own e-mail address or web page; it is sent in the User-Agent of every lookup."#
        check([
            (
                #"{"geocoder": {"contakt": "a@b.org"}}"#,
                #"/etc/t/config.json: geocoder.contakt: unknown key "contakt". Did you mean "contact"?"#
            ),
            (
                #"{"geocoder": {"type": "nominatin", "contact": "a@b.org"}}"#,
                #"/etc/t/config.json: geocoder.type: unknown geocoder type "nominatin". Use one of: nominatim. Did you mean "nominatim"?"#
            ),
            (
                #"{"geocoder": {"type": "nominatim"}}"#,
                #"/etc/t/config.json: geocoder.contact: missing: the geocoder is on, and Nominatim's usage policy asks every client for a way to reach its user. "#
                    + contact + #" Or set "enabled": false to look places up offline only."#
            ),
            (
                #"{"geocoder": {"contact": "you@example.org"}}"#,
                #"/etc/t/config.json: geocoder.contact: "you@example.org" is an example address, and reaches nobody. "# + contact
            ),
            (
                #"{"geocoder": {"contact": "https://www.example.com/me"}}"#,
                #"/etc/t/config.json: geocoder.contact: "https://www.example.com/me" is an example address, and reaches nobody. "# + contact
            ),
            (
                #"{"geocoder": {"contact": "me"}}"#,
                #"/etc/t/config.json: geocoder.contact: "me" is neither an e-mail address nor an http(s) address. "# + contact
            ),
            (
                #"{"geocoder": {"contact": "a@b.org) (x"}}"#,
                #"/etc/t/config.json: geocoder.contact: "a@b.org) (x" holds characters a User-Agent cannot carry (only ASCII, no parentheses). "#
                    + contact
            ),
            (#"{"geocoder": {"contact": ""}}"#, #"/etc/t/config.json: geocoder.contact: the contact is empty. "# + contact),
            (
                #"{"geocoder": {"contact": "a@b.org", "url": "ftp://n.example"}}"#,
                #"/etc/t/config.json: geocoder.url: "ftp://n.example" is not an http or https address without a query. Use https://nominatim.openstreetmap.org, or the address of another Nominatim server."#
            ),
            (
                #"{"geocoder": {"contact": "a@b.org", "url": "https://n.example/?q=x"}}"#,
                #"/etc/t/config.json: geocoder.url: "https://n.example/?q=x" is not an http or https address without a query. Use https://nominatim.openstreetmap.org, or the address of another Nominatim server."#
            ),
            (
                #"{"geocoder": {"contact": "a@b.org", "language": "en/US"}}"#,
                #"/etc/t/config.json: geocoder.language: "en/US" is not a list of language codes. Write codes such as "en" or "de,en", or remove the key for each place's local name."#
            ),
            (
                #"{"geocoder": {"contact": "a@b.org", "timeoutSeconds": 0}}"#,
                #"/etc/t/config.json: geocoder.timeoutSeconds: 0 is out of range. Use a number from 1 to 120."#
            ),
            (
                #"{"geocoder": {"contact": "a@b.org", "enabled": "yes"}}"#,
                #"/etc/t/config.json: geocoder.enabled: expected true or false, found a string. Write true or false without quotes."#
            ),
            (#"{"geocoder": [1]}"#, #"/etc/t/config.json: geocoder: expected an object, found an array. Write it as { … }."#),
            (#"{"geocoders": {}}"#, #"/etc/t/config.json: geocoders: unknown key "geocoders". Did you mean "geocoder"?"#),
        ])
        // A contact that fails its check does not stop the config from loading: every command but
        // a lookup online (and `config check`) runs with it.
        let example = try? loader().parse(Array(#"{"geocoder": {"contact": "you@example.org"}}"#.utf8), path: Self.file)
        #expect(example?.geocoder.isOn == false && example?.geocoder.refusal != nil && example?.geocoder.contact == nil)
        // Off, it needs no contact; on, its values are read as written.
        #expect(message(#"{"geocoder": {"type": "nominatim", "enabled": false, "contact": null}}"#) == nil)
        let config = try? loader(["MAIL": "ann@tourist.test"]).parse(
            Array(
                #"{"geocoder": {"contact": "${MAIL}", "url": "http://127.0.0.1:8088/nominatim/", "language": "de,en", "timeoutSeconds": 4}}"#
                    .utf8), path: Self.file)
        #expect(config?.geocoder.isOn == true && config?.geocoder.contact == "ann@tourist.test" && config?.geocoder.language == "de,en")
        #expect(config?.geocoder.host == "127.0.0.1:8088" && config?.geocoder.timeoutSeconds == 4)
        #expect(
            message("{}") == nil && (try? loader().parse(Array("{}".utf8), path: Self.file))?.geocoder.isOn == false,
            "off unless configured")
    }

    // MARK: - The top level and `store`

    @Test func topLevelAndStore() {
        check([
            (#"[1]"#, #"/etc/t/config.json: top level: expected an object, found an array. Write it as { … }."#),
            (#""config""#, #"/etc/t/config.json: top level: expected an object, found a string. Write it as { … }."#),
            (#"null"#, #"/etc/t/config.json: top level: expected an object, found null. Write it as { … }."#),
            (#"true"#, #"/etc/t/config.json: top level: expected an object, found a boolean. Write it as { … }."#),
            (#"3"#, #"/etc/t/config.json: top level: expected an object, found a number. Write it as { … }."#),
            (#"{"store": "a", "store": "b"}"#, #"/etc/t/config.json: store: the key "store" appears twice. Keep one of them."#),
            (
                #"{"zzz": 1}"#,
                #"/etc/t/config.json: zzz: unknown key "zzz". Remove it; the keys allowed here are: store, album, downloads, routing, providers, serve, geocoder."#
            ),
            (#"{"provider": []}"#, #"/etc/t/config.json: provider: unknown key "provider". Did you mean "providers"?"#),
            (#"{"Store": "/s"}"#, #"/etc/t/config.json: Store: unknown key "Store". Did you mean "store"?"#),
            (#"{"store": 5}"#, #"/etc/t/config.json: store: expected a string, found a number. Put the value in double quotes."#),
            (
                #"{"store": ""}"#,
                #"/etc/t/config.json: store: the path is empty. Write a folder path, or remove the key to use the default."#
            ),
            (
                #"{"store": "${DATA}/tourist"}"#,
                #"/etc/t/config.json: store: environment variable DATA is not set. Set it (export DATA=…) or write the value into the config."#
            ),
        ])
    }

    // MARK: - `album`, `downloads`, `routing`

    @Test func album() {
        check([
            (#"{"album": []}"#, #"/etc/t/config.json: album: expected an object, found an array. Write it as { … }."#),
            (
                #"{"album": {"photos": 1, "photos": 2}}"#,
                #"/etc/t/config.json: album.photos: the key "photos" appears twice. Keep one of them."#
            ),
            (
                #"{"album": {"zzz": 1}}"#,
                #"/etc/t/config.json: album.zzz: unknown key "zzz". Remove it; the keys allowed here are: photos, size, lookalikes."#
            ),
            (#"{"album": {"photo": 1}}"#, #"/etc/t/config.json: album.photo: unknown key "photo". Did you mean "photos"?"#),
            (
                #"{"album": {"photos": "21"}}"#,
                #"/etc/t/config.json: album.photos: expected a number, found a string. Write a number without quotes, from 1 to 500."#
            ),
            (#"{"album": {"photos": 501}}"#, #"/etc/t/config.json: album.photos: 501 is out of range. Use a number from 1 to 500."#),
            (
                #"{"album": {"photos": 2.5}}"#,
                #"/etc/t/config.json: album.photos: 2.5 is not a whole number. Use a whole number from 1 to 500."#
            ),
            (
                #"{"album": {"size": 3}}"#,
                #"/etc/t/config.json: album.size: expected a string, found a number. Put the value in double quotes."#
            ),
            (
                #"{"album": {"size": "XL"}}"#,
                #"/etc/t/config.json: album.size: unknown photo size "XL". Use one of: s, t, q, m, n, w, z, c, b, h, k, o."#
            ),
            (
                #"{"album": {"size": "M"}}"#,
                #"/etc/t/config.json: album.size: unknown photo size "M". Use one of: s, t, q, m, n, w, z, c, b, h, k, o."#
            ),
            (
                #"{"album": {"size": "${SIZE"}}"#,
                #"/etc/t/config.json: album.size: unclosed ${ in "${SIZE". Write the variable as ${NAME}."#
            ),
        ])
    }

    @Test func downloads() {
        check([
            (#"{"downloads": true}"#, #"/etc/t/config.json: downloads: expected an object, found a boolean. Write it as { … }."#),
            (#"{"downloads": {"retrys": 1}}"#, #"/etc/t/config.json: downloads.retrys: unknown key "retrys". Did you mean "retries"?"#),
            (
                #"{"downloads": {"zzz": 1}}"#,
                #"/etc/t/config.json: downloads.zzz: unknown key "zzz". Remove it; the keys allowed here are: concurrency, retries, timeoutSeconds, maxPhotoBytes."#
            ),
            (
                #"{"downloads": {"concurrency": 65}}"#,
                #"/etc/t/config.json: downloads.concurrency: 65 is out of range. Use a number from 1 to 64."#
            ),
            (
                #"{"downloads": {"concurrency": 1.5}}"#,
                #"/etc/t/config.json: downloads.concurrency: 1.5 is not a whole number. Use a whole number from 1 to 64."#
            ),
            (#"{"downloads": {"retries": -1}}"#, #"/etc/t/config.json: downloads.retries: -1 is out of range. Use a number from 0 to 20."#),
            (
                #"{"downloads": {"retries": "4"}}"#,
                #"/etc/t/config.json: downloads.retries: expected a number, found a string. Write a number without quotes, from 0 to 20."#
            ),
            (
                #"{"downloads": {"timeoutSeconds": 0.05}}"#,
                #"/etc/t/config.json: downloads.timeoutSeconds: 0.05 is out of range. Use a number from 0.1 to 3600."#
            ),
            (
                #"{"downloads": {"timeoutSeconds": "30"}}"#,
                #"/etc/t/config.json: downloads.timeoutSeconds: expected a number, found a string. Write a number without quotes, from 0.1 to 3600."#
            ),
            (
                #"{"downloads": {"maxPhotoBytes": 1000}}"#,
                #"/etc/t/config.json: downloads.maxPhotoBytes: 1000 is out of range. Use a number from 1024 to 2147483647."#
            ),
            (
                #"{"downloads": {"maxPhotoBytes": 2048.5}}"#,
                #"/etc/t/config.json: downloads.maxPhotoBytes: 2048.5 is not a whole number. Use a whole number from 1024 to 2147483647."#
            ),
        ])
    }

    @Test func routing() {
        check([
            (#"{"routing": "first"}"#, #"/etc/t/config.json: routing: expected an object, found a string. Write it as { … }."#),
            (
                #"{"routing": {"stratgy": "first"}}"#,
                #"/etc/t/config.json: routing.stratgy: unknown key "stratgy". Did you mean "strategy"?"#
            ),
            (
                #"{"routing": {"zzz": 1}}"#,
                #"/etc/t/config.json: routing.zzz: unknown key "zzz". Remove it; the keys allowed here are: strategy."#
            ),
            (
                #"{"routing": {"strategy": 1}}"#,
                #"/etc/t/config.json: routing.strategy: expected a string, found a number. Put the value in double quotes."#
            ),
            (
                #"{"routing": {"strategy": "Merge"}}"#,
                #"/etc/t/config.json: routing.strategy: unknown routing strategy "Merge". Use one of: first, merge."#
            ),
        ])
    }

    // MARK: - The provider list and each entry's common keys

    @Test func providerList() {
        check([
            (
                #"{"providers": {"type": "fixture"}}"#,
                #"/etc/t/config.json: providers: expected an array, found an object. Write it as [ … ]."#
            ),
            (
                #"{"providers": []}"#,
                #"/etc/t/config.json: providers: the list is empty. Add at least one provider, such as { "name": "demo", "type": "fixture" }, or remove the key to use the built-in demo provider."#
            ),
            (#"{"providers": ["fixture"]}"#, #"/etc/t/config.json: providers[0]: expected an object, found a string. Write it as { … }."#),
            (
                #"{"providers": [{"type": "fixture"}, null]}"#,
                #"/etc/t/config.json: providers[1]: expected an object, found null. Write it as { … }."#
            ),
            (
                #"{"providers": [{"type": "fixture", "type": "flickr"}]}"#,
                #"/etc/t/config.json: providers[0].type: the key "type" appears twice. Keep one of them."#
            ),
            (
                #"{"providers": [{"name": "a"}]}"#,
                #"/etc/t/config.json: providers[0].type: missing. Add "type": one of flickr, fixture, directory."#
            ),
            (
                #"{"providers": [{"type": ["flickr"]}]}"#,
                #"/etc/t/config.json: providers[0].type: expected a string, found an array. Put the value in double quotes."#
            ),
            (
                #"{"providers": [{"type": "flikr"}]}"#,
                #"/etc/t/config.json: providers[0].type: unknown provider type "flikr". Use one of: flickr, fixture, directory, or install a plugin as tourist-provider-flikr on PATH. Did you mean "flickr"?"#
            ),
            (
                #"{"providers": [{"type": "fixture"}, {"type": "dropbox"}]}"#,
                #"/etc/t/config.json: providers[1].type: unknown provider type "dropbox". Use one of: flickr, fixture, directory, or install a plugin as tourist-provider-dropbox on PATH."#
            ),
            (
                #"{"providers": [{"type": "${KIND}"}]}"#,
                #"/etc/t/config.json: providers[0].type: environment variable KIND is not set. Set it (export KIND=…) or write the value into the config."#
            ),
            (
                #"{"providers": [{"type": "fixture", "name": 7}]}"#,
                #"/etc/t/config.json: providers[0].name: expected a string, found a number. Put the value in double quotes."#
            ),
            (
                #"{"providers": [{"type": "fixture", "name": "my photos"}]}"#,
                #"/etc/t/config.json: providers[0].name: "my photos" is not a valid provider name. Use letters, digits, '-' and '_' only; the name is the first part of photo ids such as demo:paris-01."#
            ),
            (
                #"{"providers": [{"type": "fixture", "name": ""}]}"#,
                #"/etc/t/config.json: providers[0].name: "" is not a valid provider name. Use letters, digits, '-' and '_' only; the name is the first part of photo ids such as demo:paris-01."#
            ),
            (
                #"{"providers": [{"type": "fixture", "name": "démo"}]}"#,
                #"/etc/t/config.json: providers[0].name: "démo" is not a valid provider name. Use letters, digits, '-' and '_' only; the name is the first part of photo ids such as demo:paris-01."#
            ),
            (
                #"{"providers": [{"name": "mine", "type": "fixture"}, {"name": "mine", "type": "directory", "path": "/photos"}]}"#,
                #"/etc/t/config.json: providers[1].name: the provider name "mine" is used twice. Give each provider a different name."#
            ),
            // Without "name" the type is the name, so the duplicate is reported at a key the entry does not have.
            (
                #"{"providers": [{"type": "fixture"}, {"name": "f", "type": "fixture"}, {"type": "fixture"}]}"#,
                #"/etc/t/config.json: providers[2].name: the provider name "fixture" is used twice (without "name", a provider is named after its type). Give each provider a different name."#
            ),
        ])
    }

    @Test func unknownProviderKeys() {
        check([
            (
                #"{"providers": [{"type": "flickr", "apikey": "k"}]}"#,
                #"/etc/t/config.json: providers[0].apikey: unknown key "apikey". Did you mean "apiKey"?"#
            ),
            (
                #"{"providers": [{"type": "flickr", "enable": false}]}"#,
                #"/etc/t/config.json: providers[0].enable: unknown key "enable". Did you mean "enabled"?"#
            ),
            (
                #"{"providers": [{"type": "flickr", "zzz": 1}]}"#,
                #"/etc/t/config.json: providers[0].zzz: unknown key "zzz". Remove it; the keys allowed here are: name, type, enabled, timeoutSeconds, concurrency, requestsPerHour, coverage, apiKey, endpoint, perPage, safeSearch, minUploadDate."#
            ),
            (
                #"{"providers": [{"type": "fixture", "zzz": 1}]}"#,
                #"/etc/t/config.json: providers[0].zzz: unknown key "zzz". Remove it; the keys allowed here are: name, type, enabled, timeoutSeconds, concurrency, requestsPerHour, coverage, path, latencyMs, failEvery."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "zzz": 1}]}"#,
                #"/etc/t/config.json: providers[0].zzz: unknown key "zzz". Remove it; the keys allowed here are: name, type, enabled, timeoutSeconds, concurrency, requestsPerHour, coverage, path, recursive, followSymlinks, includeHidden, extensions."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "recursve": true}]}"#,
                #"/etc/t/config.json: providers[0].recursve: unknown key "recursve". Did you mean "recursive"?"#
            ),
            // A key of another type is unknown here: "latencyMs" belongs to fixture providers.
            (
                #"{"providers": [{"type": "directory", "path": "/p", "latencyMs": 5}]}"#,
                #"/etc/t/config.json: providers[0].latencyMs: "latencyMs" is an option of type "fixture", not of type "directory". Remove it, or set "type" to "fixture" if that is what you meant."#
            ),
        ])
    }

    @Test func commonProviderKeys() {
        check([
            (
                #"{"providers": [{"type": "fixture", "enabled": "yes"}]}"#,
                #"/etc/t/config.json: providers[0].enabled: expected true or false, found a string. Write true or false without quotes."#
            ),
            (
                #"{"providers": [{"type": "fixture", "timeoutSeconds": 0}]}"#,
                #"/etc/t/config.json: providers[0].timeoutSeconds: 0 is out of range. Use a number from 0.1 to 3600."#
            ),
            (
                #"{"providers": [{"type": "fixture", "timeoutSeconds": 7200}]}"#,
                #"/etc/t/config.json: providers[0].timeoutSeconds: 7200 is out of range. Use a number from 0.1 to 3600."#
            ),
            (
                #"{"providers": [{"type": "fixture", "timeoutSeconds": "30"}]}"#,
                #"/etc/t/config.json: providers[0].timeoutSeconds: expected a number, found a string. Write a number without quotes, from 0.1 to 3600."#
            ),
            (
                #"{"providers": [{"type": "fixture", "concurrency": 0}]}"#,
                #"/etc/t/config.json: providers[0].concurrency: 0 is out of range. Use a number from 1 to 64."#
            ),
            (
                #"{"providers": [{"type": "fixture", "concurrency": 2.5}]}"#,
                #"/etc/t/config.json: providers[0].concurrency: 2.5 is not a whole number. Use a whole number from 1 to 64."#
            ),
            (
                #"{"providers": [{"type": "flickr", "requestsPerHour": 0}]}"#,
                #"/etc/t/config.json: providers[0].requestsPerHour: 0 is out of range. Use a number from 1 to 1000000."#
            ),
            (
                #"{"providers": [{"type": "flickr", "requestsPerHour": 3600.5}]}"#,
                #"/etc/t/config.json: providers[0].requestsPerHour: 3600.5 is not a whole number. Use a whole number from 1 to 1000000."#
            ),
            (
                #"{"providers": [{"type": "flickr", "requestsPerHour": "3600"}]}"#,
                #"/etc/t/config.json: providers[0].requestsPerHour: expected a number, found a string. Write a number without quotes, from 1 to 1000000."#
            ),
        ])
    }

    @Test func coverage() {
        let fix = "Write [minLon, minLat, maxLon, maxLat] in decimal degrees, for example [-10.5, 35.0, 30.0, 60.0]."
        check([
            (
                #"{"providers": [{"type": "fixture", "coverage": "world"}]}"#,
                #"/etc/t/config.json: providers[0].coverage: expected an array, found a string. Write it as [ … ]."#
            ),
            (
                #"{"providers": [{"type": "fixture", "coverage": [1, 2, 3]}]}"#,
                #"/etc/t/config.json: providers[0].coverage: expected 4 numbers, found 3. "# + fix
            ),
            (
                #"{"providers": [{"type": "fixture", "coverage": [1, 2, 3, 4, 5]}]}"#,
                #"/etc/t/config.json: providers[0].coverage: expected 4 numbers, found 5. "# + fix
            ),
            (
                #"{"providers": [{"type": "fixture", "coverage": [-10, 35, 30, "60"]}]}"#,
                #"/etc/t/config.json: providers[0].coverage[3]: expected a number, found a string. "# + fix
            ),
            (
                #"{"providers": [{"type": "fixture", "coverage": [-190, 35, 30, 60]}]}"#,
                #"/etc/t/config.json: providers[0].coverage: [-190, 35, 30, 60] is not a valid bounding box: minLon -190 is outside -180 to 180. "#
                    + fix
            ),
            (
                #"{"providers": [{"type": "fixture", "coverage": [-10.5, 35, 30, 95]}]}"#,
                #"/etc/t/config.json: providers[0].coverage: [-10.5, 35, 30, 95] is not a valid bounding box: maxLat 95 is outside -90 to 90. "#
                    + fix
            ),
            (
                #"{"providers": [{"type": "fixture", "coverage": [-10, 60, 30, 35]}]}"#,
                #"/etc/t/config.json: providers[0].coverage: [-10, 60, 30, 35] is not a valid bounding box: minLat is larger than maxLat. "#
                    + fix + " (minLon larger than maxLon is allowed: the box crosses the antimeridian.)"
            ),
        ])
    }

    // MARK: - Each option kind of the built-in provider types, as the reader checks it

    @Test func flickrOptions() {
        check([
            (
                #"{"providers": [{"type": "flickr", "apiKey": 12345}]}"#,
                #"/etc/t/config.json: providers[0].apiKey: expected a string, found a number. Put the value in double quotes."#
            ),
            (
                #"{"providers": [{"type": "flickr", "apiKey": "${FLICKR_KEY}"}]}"#,
                #"/etc/t/config.json: providers[0].apiKey: environment variable FLICKR_KEY is not set. Set it (export FLICKR_KEY=…) or write the value into the config."#
            ),
            (
                #"{"providers": [{"type": "flickr", "apiKey": "${FLICKR-KEY}"}]}"#,
                #"/etc/t/config.json: providers[0].apiKey: a variable in the value is not a valid variable name. Use letters, digits and underscores, as in ${FLICKR_API_KEY}."#
            ),
            // A secret's value is never quoted, not even the part around a broken ${.
            (
                #"{"providers": [{"type": "flickr", "apiKey": "k3y-s3cr3t${"}]}"#,
                #"/etc/t/config.json: providers[0].apiKey: unclosed ${ in the value. Write the variable as ${NAME}."#
            ),
            (
                #"{"providers": [{"type": "flickr", "apiKey": "k3y-s3cr3t${a b}"}]}"#,
                #"/etc/t/config.json: providers[0].apiKey: a variable in the value is not a valid variable name. Use letters, digits and underscores, as in ${FLICKR_API_KEY}."#
            ),
            (
                #"{"providers": [{"type": "flickr", "endpoint": "https://${}/rest"}]}"#,
                #"/etc/t/config.json: providers[0].endpoint: "${}" is not a valid variable name. Use letters, digits and underscores, as in ${FLICKR_API_KEY}."#
            ),
            (
                #"{"providers": [{"type": "flickr", "endpoint": "https://${HOST/rest"}]}"#,
                #"/etc/t/config.json: providers[0].endpoint: unclosed ${ in "https://${HOST/rest". Write the variable as ${NAME}."#
            ),
            (
                #"{"providers": [{"type": "flickr", "perPage": 251}]}"#,
                #"/etc/t/config.json: providers[0].perPage: 251 is out of range. Use a number from 1 to 250."#
            ),
            (
                #"{"providers": [{"type": "flickr", "perPage": 10.5}]}"#,
                #"/etc/t/config.json: providers[0].perPage: 10.5 is not a whole number. Use a whole number from 1 to 250."#
            ),
            (
                #"{"providers": [{"type": "flickr", "perPage": "250"}]}"#,
                #"/etc/t/config.json: providers[0].perPage: expected a number, found a string. Write a number without quotes, from 1 to 250."#
            ),
            (
                #"{"providers": [{"type": "flickr", "safeSearch": true}]}"#,
                #"/etc/t/config.json: providers[0].safeSearch: expected a string, found a boolean. Put the value in double quotes."#
            ),
            (
                #"{"providers": [{"type": "flickr", "minUploadDate": 2004}]}"#,
                #"/etc/t/config.json: providers[0].minUploadDate: expected a string, found a number. Put the value in double quotes."#
            ),
        ])
    }

    @Test func fixtureOptions() {
        check([
            (
                #"{"providers": [{"type": "fixture", "path": 5}]}"#,
                #"/etc/t/config.json: providers[0].path: expected a string, found a number. Put the value in double quotes."#
            ),
            (
                #"{"providers": [{"type": "fixture", "path": ""}]}"#,
                #"/etc/t/config.json: providers[0].path: the path is empty. Write a folder path, or remove the key to use the default."#
            ),
            (
                #"{"providers": [{"type": "fixture", "latencyMs": -1}]}"#,
                #"/etc/t/config.json: providers[0].latencyMs: -1 is out of range. Use a number from 0 to 600000."#
            ),
            (
                #"{"providers": [{"type": "fixture", "latencyMs": 0.5}]}"#,
                #"/etc/t/config.json: providers[0].latencyMs: 0.5 is not a whole number. Use a whole number from 0 to 600000."#
            ),
            (
                #"{"providers": [{"type": "fixture", "failEvery": "2"}]}"#,
                #"/etc/t/config.json: providers[0].failEvery: expected a number, found a string. Write a number without quotes, from 0 to 1000000."#
            ),
        ])
        // The first variable is set, the second is not: the message names the one that is missing.
        check(
            [
                (
                    #"{"providers": [{"type": "fixture", "path": "${SETS}/${SET}"}]}"#,
                    #"/etc/t/config.json: providers[0].path: environment variable SET is not set. Set it (export SET=…) or write the value into the config."#
                )
            ], environment: ["SETS": "/data/sets"])
    }

    @Test func directoryOptions() {
        check([
            (
                #"{"providers": [{"type": "directory", "path": 5}]}"#,
                #"/etc/t/config.json: providers[0].path: expected a path or a list of paths, found a number. Write one folder in double quotes, such as "~/Pictures", or a list such as ["~/Pictures", "/media/photos"]."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": ""}]}"#,
                #"/etc/t/config.json: providers[0].path: the path is empty. Write a folder path, such as "~/Pictures"."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "${PHOTOS}"}]}"#,
                #"/etc/t/config.json: providers[0].path: environment variable PHOTOS is not set. Set it (export PHOTOS=…) or write the value into the config."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": []}]}"#,
                #"/etc/t/config.json: providers[0].path: the list is empty. List at least one path, as in ["~/Pictures", "/media/photos"]."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": ["/a", 5]}]}"#,
                #"/etc/t/config.json: providers[0].path[1]: expected a path in double quotes, found a number. Write the list as ["~/Pictures", "/media/photos"]."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": ["/a", ""]}]}"#,
                #"/etc/t/config.json: providers[0].path[1]: the path is empty. Remove the empty entry."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": ["/a", "${PHOTOS}"]}]}"#,
                #"/etc/t/config.json: providers[0].path[1]: environment variable PHOTOS is not set. Set it (export PHOTOS=…) or write the value into the config."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": ["${"]}]}"#,
                #"/etc/t/config.json: providers[0].path[0]: unclosed ${ in "${". Write the variable as ${NAME}."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "recursive": "yes"}]}"#,
                #"/etc/t/config.json: providers[0].recursive: expected true or false, found a string. Write true or false without quotes."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "followSymlinks": 1}]}"#,
                #"/etc/t/config.json: providers[0].followSymlinks: expected true or false, found a number. Write true or false without quotes."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "includeHidden": "false"}]}"#,
                #"/etc/t/config.json: providers[0].includeHidden: expected true or false, found a string. Write true or false without quotes."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "extensions": "jpg"}]}"#,
                #"/etc/t/config.json: providers[0].extensions: expected an array, found a string. Write it as [ … ]."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "extensions": []}]}"#,
                #"/etc/t/config.json: providers[0].extensions: the list is empty. List at least one string, as in ["jpg", "heic"], or remove the key to use the default."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "extensions": ["jpg", 5]}]}"#,
                #"/etc/t/config.json: providers[0].extensions[1]: expected a string in double quotes, found a number. Write the list as ["jpg", "heic"]."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "extensions": ["jpg", ""]}]}"#,
                #"/etc/t/config.json: providers[0].extensions[1]: the string is empty. Remove the empty entry."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "extensions": ["${EXT}"]}]}"#,
                #"/etc/t/config.json: providers[0].extensions[0]: environment variable EXT is not set. Set it (export EXT=…) or write the value into the config."#
            ),
        ])
    }

    // MARK: - The file path and the key path are the real ones

    @Test func messagesNameTheFileAndTheKeyPath() {
        let three = #"{"providers": [{"type": "fixture"}, {"name": "f", "type": "flickr"}, "#
        check([
            (
                three + #"{"type": "directory", "path": ["/a", 7]}]}"#,
                #"/etc/t/config.json: providers[2].path[1]: expected a path in double quotes, found a number. Write the list as ["~/Pictures", "/media/photos"]."#
            ),
            (
                three + #"{"type": "directory", "path": ""}]}"#,
                #"/etc/t/config.json: providers[2].path: the path is empty. Write a folder path, such as "~/Pictures"."#
            ),
            (
                three + #"{"type": "directory", "path": "/p", "extensions": ["jpg", "png", ""]}]}"#,
                #"/etc/t/config.json: providers[2].extensions[2]: the string is empty. Remove the empty entry."#
            ),
            (
                three + #"{"type": "fixture", "name": "g", "coverage": [0, 0]}]}"#,
                #"/etc/t/config.json: providers[2].coverage: expected 4 numbers, found 2. Write [minLon, minLat, maxLon, maxLat] in decimal degrees, for example [-10.5, 35.0, 30.0, 60.0]."#
            ),
            (
                #"{"album": {"photos": 21}, "downloads": {"concurrency": 8, "timeoutSeconds": -5}}"#,
                #"/etc/t/config.json: downloads.timeoutSeconds: -5 is out of range. Use a number from 0.1 to 3600."#
            ),
        ])
        check(
            [
                (
                    #"{"downloads": {"timeoutSeconds": false}}"#,
                    #"/home/ann/.config/tourist/config.json: downloads.timeoutSeconds: expected a number, found a boolean. Write a number without quotes, from 0.1 to 3600."#
                ),
                (
                    #"{"providers": [{"type": "fixture"}, {"type": "fixture", "name": "b", "path": ["x"]}]}"#,
                    #"/home/ann/.config/tourist/config.json: providers[1].path: expected a string, found an array. Put the value in double quotes."#
                ),
                (
                    "{\n  \"providers\": [\n    {\"type\": \"fixture\",}\n  ]\n}",
                    #"/home/ann/.config/tourist/config.json: line 3, column 24: invalid JSON: trailing comma before '}'. Fix the JSON syntax at that place."#
                ),
            ], path: "/home/ann/.config/tourist/config.json")
    }

    // MARK: - The factories' own checks, when the providers are built

    @Test func factoryErrorsWhenBuildingProviders() throws {
        let rows: [(text: String, expected: String)] = [
            (
                #"{"providers": [{"type": "flickr", "endpoint": "ftp://example.com/rest"}]}"#,
                #"/etc/t/config.json: providers[0].endpoint: "ftp://example.com/rest" is not an http or https URL. Use Flickr's https://api.flickr.com/services/rest/ or the URL of a Flickr-compatible service."#
            ),
            (
                #"{"providers": [{"type": "flickr", "endpoint": "api.flickr.com/services/rest/"}]}"#,
                #"/etc/t/config.json: providers[0].endpoint: "api.flickr.com/services/rest/" is not an http or https URL. Use Flickr's https://api.flickr.com/services/rest/ or the URL of a Flickr-compatible service."#
            ),
            (
                #"{"providers": [{"type": "flickr", "endpoint": "https://"}]}"#,
                #"/etc/t/config.json: providers[0].endpoint: "https://" names no host. Use Flickr's https://api.flickr.com/services/rest/ or the URL of a Flickr-compatible service."#
            ),
            (
                #"{"providers": [{"type": "flickr", "safeSearch": "strict"}]}"#,
                #"/etc/t/config.json: providers[0].safeSearch: "strict" is not a safe-search level. Use safe, moderate or restricted."#
            ),
            (
                #"{"providers": [{"type": "flickr", "minUploadDate": "2004/01/01"}]}"#,
                #"/etc/t/config.json: providers[0].minUploadDate: "2004/01/01" is not a date written YYYY-MM-DD. Write a date such as 2004-01-01 (Flickr opened in 2004)."#
            ),
            (
                #"{"providers": [{"type": "flickr", "minUploadDate": "2004-02-30"}]}"#,
                #"/etc/t/config.json: providers[0].minUploadDate: "2004-02-30" is not a day of the calendar from 1800 on. Write a date such as 2004-01-01 (Flickr opened in 2004)."#
            ),
            (
                #"{"providers": [{"type": "flickr", "minUploadDate": "1799-12-31"}]}"#,
                #"/etc/t/config.json: providers[0].minUploadDate: "1799-12-31" is not a day of the calendar from 1800 on. Write a date such as 2004-01-01 (Flickr opened in 2004)."#
            ),
            (
                #"{"providers": [{"type": "directory"}]}"#,
                #"/etc/t/config.json: providers[0].path: missing. Set "path" to a folder of photos, such as "~/Pictures", or to a list of folders."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "extensions": ["jpg", "j-p"]}]}"#,
                #"/etc/t/config.json: providers[0].extensions[1]: "j-p" is not a file extension. Write extensions such as "jpg" or "heic", letters and digits only."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "extensions": ["."]}]}"#,
                #"/etc/t/config.json: providers[0].extensions[0]: "." is not a file extension. Write extensions such as "jpg" or "heic", letters and digits only."#
            ),
            (
                #"{"providers": [{"type": "directory", "path": "/p", "extensions": [".tar.gz"]}]}"#,
                #"/etc/t/config.json: providers[0].extensions[0]: ".tar.gz" is not a file extension. Write extensions such as "jpg" or "heic", letters and digits only."#
            ),
            // The first provider that fails is reported, at its own index.
            (
                #"{"providers": [{"type": "fixture"}, {"type": "directory", "path": "/p"}, {"name": "f2", "type": "flickr", "safeSearch": "off"}]}"#,
                #"/etc/t/config.json: providers[2].safeSearch: "off" is not a safe-search level. Use safe, moderate or restricted."#
            ),
        ]
        for row in rows {
            #expect(try buildMessage(row.text) == row.expected, "config: \(row.text)")
        }
        // A config parsed with a provider type this build (registry) does not have.
        let onlyFixture = ProviderRegistry([FixtureProviderFactory()])
        #expect(
            try buildMessage(#"{"providers": [{"type": "fixture"}, {"type": "flickr"}]}"#, buildingWith: onlyFixture)
                == #"/etc/t/config.json: providers[1].type: unknown provider type "flickr". Use one of: fixture."#)
    }

    @Test func aFixtureFolderWithoutManifest() throws {
        let folder = TemporaryDirectory()
        let empty = folder.child("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let configFile = folder.child("config.json")
        let root = URL(fileURLWithPath: folder.path).standardizedFileURL.path
        #expect(
            try buildMessage(#"{"providers": [{"type": "fixture", "path": "empty"}]}"#, path: configFile)
                == "\(configFile): providers[0].path: \(root)/empty holds no manifest.json. Point it at a fixture set's folder (manifest.json and its photos), or remove the key to use the bundled demo set."
        )
    }

    @Test func directoryFoldersThatAreMissingOrNotFolders() async throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.child("photos"), withIntermediateDirectories: true)
        try folder.write("notes.txt", "not a folder")
        let configFile = folder.child("config.json")
        let root = URL(fileURLWithPath: folder.path).standardizedFileURL.path
        #expect(
            try await problems(#"{"providers": [{"type": "directory", "path": "missing"}]}"#, path: configFile) == [
                "\(configFile): providers[0].path: the folder \(root)/missing cannot be read (No such file or directory). Create it, or correct the path."
            ])
        // The second folder of the list is the wrong one, and the message names it by its index.
        #expect(
            try await problems(
                #"{"providers": [{"type": "fixture"}, {"type": "directory", "path": ["photos", "notes.txt"]}]}"#, path: configFile) == [
                    "\(configFile): providers[1].path[1]: \(root)/notes.txt is not a folder. Point the path at a folder of photos."
                ])
        #expect(
            try await problems(
                #"{"providers": [{"name": "a", "type": "directory", "path": "photos"}, {"name": "b", "type": "directory", "path": ["gone", "photos", "notes.txt"]}]}"#,
                path: configFile) == [
                    "\(configFile): providers[1].path[0]: the folder \(root)/gone cannot be read (No such file or directory). Create it, or correct the path.",
                    "\(configFile): providers[1].path[2]: \(root)/notes.txt is not a folder. Point the path at a folder of photos.",
                ])
    }

    // MARK: - Finding and reading the file (`load`)

    @Test func loadingTheFile() throws {
        let folder = TemporaryDirectory()
        let root = URL(fileURLWithPath: folder.path).standardizedFileURL.path
        let loader = ConfigLoader(registry: registry, environment: ["HOME": root], workingDirectory: root)
        func loadMessage(_ explicitPath: String?, _ loader: ConfigLoader) -> String? {
            do {
                _ = try loader.load(explicitPath: explicitPath)
                return nil
            } catch {
                return String(describing: error)
            }
        }
        #expect(
            loadMessage("\(root)/none.json", loader) == "\(root)/none.json: no such config file. Check the path. Write a starter config")
        // A relative --config path is resolved against the working directory, `~` against HOME.
        #expect(
            loadMessage("conf/none.json", loader) == "\(root)/conf/none.json: no such config file. Check the path. Write a starter config")
        #expect(loadMessage("~/none.json", loader) == "\(root)/none.json: no such config file. Check the path. Write a starter config")
        let fromEnvironment = ConfigLoader(registry: registry, environment: ["TOURIST_CONFIG": "\(root)/env.json"], workingDirectory: root)
        #expect(loadMessage(nil, fromEnvironment) == "\(root)/env.json: no such config file. Check the path. Write a starter config")
        #expect(loadMessage(root, loader) == "\(root): this is a folder, not a config file. Use a readable JSON file as the config")
        let socket = try makeSocket(at: "\(root)/config.sock")
        defer { close(socket) }
        #expect(
            loadMessage("\(root)/config.sock", loader)
                == "\(root)/config.sock: the file cannot be read. Use a readable JSON file as the config")
        // The file's own path goes into every message about its content.
        try folder.write("config.json", #"{"album": {"photos": 0}}"#)
        #expect(loadMessage("config.json", loader) == "\(root)/config.json: album.photos: 0 is out of range. Use a number from 1 to 500.")
    }

    /// A Unix socket at `path`: a file that exists, is not a folder, and cannot be opened for reading,
    /// even by root.
    private func makeSocket(at path: String) throws -> Int32 {
        #if os(Linux)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        try #require(descriptor >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        return descriptor
    }
}
