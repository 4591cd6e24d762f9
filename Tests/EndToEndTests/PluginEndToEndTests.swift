import Foundation
import LoopbackHTTP
import Testing
import TestSupport

/// Provider plugins through the built binary: the example plugins (Python, and sh + jq) and a
/// deliberately faulty one, started by tourist as any user's plugin would be.
@Suite struct PluginEndToEndTests {
    static let examples = Harness.repository + "/Providers/Examples"
    static let faulty = Harness.repository + "/Tests/EndToEndTests/Plugins/faulty-provider"
    static let eiffel = (latitude: 48.8584, longitude: 2.2945)

    let harness: Harness
    /// The faulty plugin, run through a link in the harness folder, so its processes are found by
    /// that folder in their command lines.
    let faultyLink: String
    let image: String

    init() throws {
        harness = try Harness()
        faultyLink = harness.folder.child("bin/faulty-provider")
        try FileManager.default.createDirectory(atPath: harness.folder.child("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: faultyLink, withDestinationPath: Self.faulty)
        image = harness.folder.child("photo.jpg")
        let demo = Harness.repository + "/Providers/Fixture/DemoSet/paris/paris-01-z.jpg"
        try FileManager.default.copyItem(atPath: demo, toPath: image)
    }

    /// A config with the faulty plugin (fault `fault`, `extra` keys; started as `program`, by default
    /// the plugin itself) first and the demo set second. The plugin's time-outs for a search (and
    /// hello) and for a fetch are far beyond what a busy machine needs, unless a test of a hang
    /// makes the one it tests short.
    func faultyConfig(
        _ fault: String, extra: String = "", program: String? = nil, searchTimeout: Double = 120, fetchTimeout: Double = 120
    ) throws -> String {
        let plugin =
            #"{"name": "faulty", "type": "exec", "command": ["\#(program ?? faultyLink)"], "latitude": 48.8584, "longitude": 2.2945, "image": "photo.jpg", "count": 2, "fault": "\#(fault)", "timeoutSeconds": \#(searchTimeout)\#(extra)}"#
        let downloads = #""retries": 2, "timeoutSeconds": \#(fetchTimeout)"#
        return try harness.folder.write(
            "faulty-\(fault).json", #"{"downloads": {\#(downloads)}, "providers": [\#(plugin), {"name": "demo", "type": "fixture"}]}"#)
    }

    /// Processes still running from the harness folder (a plugin left behind).
    func leftoverProcesses() -> [String] {
        let mine = String(getpid())
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { $0.allSatisfy(\.isNumber) && $0 != mine }
            .compactMap { pid in
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
                let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
                return line.contains(harness.folder.path + "/bin/") ? "\(pid): \(line)" : nil
            }
    }

    /// The stderr lines that name the faulty plugin.
    func faultyLines(_ notes: [String]) -> [String] {
        notes.filter { $0.contains("faulty") && !$0.hasPrefix("debug:") }
    }

    // MARK: - The example plugins

    @Test(arguments: [("csv/tourist-provider-csv", "csv/sample.csv"), ("geojson-sh/tourist-provider-geojson", "geojson-sh/sample.geojson")])
    func examplePluginsPassTheConformanceTestAndFillAnAlbum(plugin: String, data: String) async throws {
        let config = try harness.folder.write(
            "example.json",
            #"{"providers": [{"name": "walks", "type": "exec", "command": ["\#(Self.examples)/\#(plugin)"], "file": "\#(Self.examples)/\#(data)"}]}"#
        )
        let test = try await harness.run("providers", "test", "walks", "--at", "48.8584,2.2945", "--config", config)
        #expect(test.stdout.hasSuffix("15 passed, 0 failed, 0 skipped\n"), "\(test.stdout)")
        let report = try await harness.json("providers", "test", "walks", "--at=48.8584,2.2945", "--config", config)
        let rules = try #require(report["rules"] as? [[String: Any]])
        #expect(rules.count == 15 && rules.allSatisfy { $0["outcome"] as? String == "pass" }, "\(rules)")

        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)["id"] as? String)
        let album = try await harness.json("fetch", pin, "--count", "6", "--config", config).photos
        #expect(album.count == 6)
        for photo in album {
            #expect(photo["state"] as? String == "stored")
            #expect((photo["id"] as? String)?.hasPrefix("walks:paris-") == true)
            // The plugin copied the demo image named by its data file: the blob holds its exact bytes.
            let id = (photo["id"] as? String ?? "").dropFirst("walks:".count)
            let original = Harness.repository + "/Providers/Fixture/DemoSet/paris/\(id)-z.jpg"
            let blob = try #require(photo["path"] as? String)
            #expect(try sha256sum(blob) == sha256sum(original))
            #expect(photo["licenseURL"] as? String != nil && photo["owner"] as? String != nil)
        }
        try await harness.run("store", "verify", "--config", config)
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.store + "/tmp").isEmpty, "the plugin's files were removed")
    }

    @Test func photosAPluginGivesAsURLsAreDownloadedByTourist() async throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: image)))
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/photos/")
                ? .response(status: 200, headers: [("Content-Type", "image/jpeg")], body: bytes + Array(request.path.utf8))
                : .text("no", status: 404)
        }
        defer { server.stop() }
        var rows = ["id,title,latitude,longitude,url"]
        for index in 0..<5 {
            rows.append("u\(index),Photo \(index),\(48.8584 + Double(index) * 0.001),2.2945,\(server.url("/photos/u\(index).jpg"))")
        }
        let csv = try harness.folder.write("urls.csv", rows.joined(separator: "\n") + "\n")
        // Five copies of one picture (their bytes differ): lookalikes are off, this is about downloads.
        let config = try harness.folder.write(
            "urls.json",
            #"{"album": {"lookalikes": {"enabled": false}}, "providers": [{"name": "web", "type": "exec", "command": ["\#(Self.examples)/csv/tourist-provider-csv"], "file": "\#(csv)"}]}"#
        )
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let album = try await harness.json("fetch", pin, "--count", "5", "--config", config).photos
        #expect(album.map { $0["state"] as? String } == Array(repeating: "stored", count: 5))
        #expect(Set(album.compactMap { $0["sourceURL"] as? String }) == Set((0..<5).map { server.url("/photos/u\($0).jpg") }))
        #expect(server.requests.filter { $0.path.hasPrefix("/photos/") }.count == 5, "tourist's own engine fetched each URL once")
        #expect(server.requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("tourist/") == true })
    }

    @Test func aPluginOnPathIsAProviderTypeCheckedAgainstTheOptionsItDeclares() async throws {
        try FileManager.default.createSymbolicLink(
            atPath: harness.folder.child("bin/tourist-provider-csv"), withDestinationPath: Self.examples + "/csv/tourist-provider-csv")
        let path = harness.folder.child("bin") + ":/usr/bin:/bin"
        var tourist = harness.tourist
        tourist.environment["PATH"] = path
        let config = try harness.folder.write(
            "path.json", #"{"providers": [{"name": "walks", "type": "csv", "file": "\#(Self.examples)/csv/sample.csv"}]}"#)
        let listed = try await tourist.run(["providers", "--config", config], in: harness.folder.path)
        #expect(
            listed.stdout.contains(
                "Provider types: flickr, commons, fixture, directory, exec (built in); csv (plugin: \(harness.folder.child("bin/tourist-provider-csv")))"
            ), "\(listed.stdout)")
        let listedJSON = try #require(
            try await tourist.run(["providers", "--config", config, "--json"], in: harness.folder.path).json() as? [String: Any])
        let types = try #require(listedJSON["types"] as? [[String: Any]])
        #expect(types.contains { $0["type"] as? String == "csv" && $0["builtIn"] as? Bool == false })
        let checked = try await tourist.run(["config", "check", "--config", config], in: harness.folder.path)
        #expect(checked.status == 0, "\(checked.stderr)")
        let search = try await tourist.run(
            ["search", "48.8584", "2.2945", "--count", "3", "--config", config, "--json"], in: harness.folder.path)
        #expect(try #require(try search.json() as? [String: Any]).photos.count == 3, "\(search.stderr)")

        // The plugin's own options, checked as a built-in provider's are.
        let typo = try harness.folder.write("typo.json", #"{"providers": [{"name": "walks", "type": "csv", "files": "sample.csv"}]}"#)
        let wrong = try await tourist.run(["config", "check", "--config", typo], in: harness.folder.path)
        #expect(wrong.status == 78)
        #expect(
            wrong.stderr == "tourist: config error: \(typo): providers[0].files: unknown key \"files\". Did you mean \"file\"?\n",
            "\(wrong.stderr)")
        let unknown = try await tourist.run(
            ["config", "check", "--config", harness.folder.write("unknown.json", #"{"providers": [{"type": "csvv"}]}"#)],
            in: harness.folder.path)
        #expect(
            unknown.stderr.contains(
                "unknown provider type \"csvv\". Use one of: flickr, commons, fixture, directory, exec, csv, or install a plugin as tourist-provider-csvv on PATH. Did you mean \"csv\"?"
            ), "\(unknown.stderr)")
    }

    @Test func configCheckNamesAPluginThatCannotRunOrOptionsItRefuses() async throws {
        try harness.folder.write("bin/not-executable.py", "print('hi')\n")
        let cases: [(config: String, message: String)] = [
            (
                #"{"providers": [{"name": "p", "type": "exec", "command": ["no-such-plugin-x"]}]}"#,
                "providers[0].command[0]: \"no-such-plugin-x\" was not found on PATH (/usr/bin:/bin). Install the program, or name it by its path (absolute, or relative to the config's folder)."
            ),
            (
                #"{"providers": [{"name": "p", "type": "exec", "command": ["bin/not-executable.py"]}]}"#,
                "providers[0].command[0]: \(harness.folder.path)/bin/not-executable.py is not an executable file (chmod +x it, or start it through its interpreter, as in [\"python3\", \"bin/not-executable.py\"]). Install the program, or name it by its path (absolute, or relative to the config's folder)."
            ),
            (
                #"{"providers": [{"name": "p", "type": "exec", "command": ["\#(faultyLink)"], "latitude": 1, "longitude": 2, "image": "photo.jpg", "fault": "protocol-2"}]}"#,
                "providers[0]: plugin p speaks protocol 2; this tourist speaks protocol 1. Use a version of the plugin for protocol 1, or a newer tourist. Fix the plugin or its options; run with --verbose to see what it logs."
            ),
            (
                #"{"providers": [{"name": "p", "type": "exec", "command": ["\#(faultyLink)"], "latitude": 1, "longitude": 2, "image": "photo.jpg", "fault": "need-capability"}]}"#,
                "providers[0]: plugin p requires the capability \"teleport\", which this tourist does not have. Use a newer tourist, or a version of the plugin without it. Fix the plugin or its options; run with --verbose to see what it logs."
            ),
            (
                #"{"providers": [{"name": "p", "type": "exec", "command": ["\#(faultyLink)"], "latitude": 1, "longitude": 2, "image": "photo.jpg", "count": "six"}]}"#,
                "providers[0].count: expected a number, found a string. Write a number without quotes."
            ),
            (
                #"{"providers": [{"name": "p", "type": "exec", "command": ["\#(faultyLink)"], "latitude": 1, "image": "photo.jpg"}]}"#,
                "providers[0].longitude: missing. Add \"longitude\" (where the line of photos starts)."
            ),
        ]
        for (index, row) in cases.enumerated() {
            let config = try harness.folder.write("check-\(index).json", row.config)
            let result = try await harness.run("config", "check", "--config", config, expecting: 78)
            #expect(result.stderr == "tourist: config error: \(config): \(row.message)\n", "\(row.config)")
        }
        #expect(leftoverProcesses().isEmpty)
    }

    // MARK: - Bad plugins: a clear error, the next provider answers, nothing stored is lost

    /// One fault per row: what tourist's stderr line about the plugin says. A fault written
    /// `program:NAME` is a plugin program that cannot run (NAME, relative to the harness folder).
    static let faults: [(fault: String, says: String)] = [
        ("program:bin/no-such-plugin", "/bin/no-such-plugin does not exist; fix providers[0].command[0] in "),
        (
            "program:bin/not-executable.py",
            "/bin/not-executable.py is not an executable file (chmod +x it, or start it through its interpreter"
        ),
        (
            "protocol-2",
            "faulty is not configured correctly: plugin faulty speaks protocol 2; this tourist speaks protocol 1. Use a version of the plugin for protocol 1, or a newer tourist"
        ),
        (
            "need-capability",
            "faulty is not configured correctly: plugin faulty requires the capability \"teleport\", which this tourist does not have."
        ),
        // Tried 3 times (retries 2), so started 3 times: the last crash is the one reported.
        (
            "crash-search",
            "faulty could not answer (a server error): plugin faulty exited with status 3 (during `search`) and was stopped; its stderr ended with: \"faulty: got hello\" / \"faulty: got search\" / \"faulty: crashing in search\""
        ),
        (
            "crash-fetch",
            "faulty stopped working for this run: plugin faulty broke down 3 times in this command and is not started again until the next one; the last time: plugin faulty exited with status 3 (during `fetch`) and was stopped; its stderr ended with: "
        ),
        ("hang-search", "faulty did not answer in time: "),
        (
            "hang-fetch",
            "faulty stopped working for this run: plugin faulty broke down 3 times in this command and is not started again until the next one; the last time: plugin faulty did not answer `fetch` "
        ),
        (
            "not-json",
            "faulty answered with something it should not: plugin faulty printed a line that is not a protocol answer on stdout: \"this is not json\" (stdout is for protocol lines only; log on stderr) (during `search`) and was stopped"
        ),
        (
            "long-line",
            "faulty answered with something it should not: plugin faulty printed a line over 1 MiB on stdout (during `search`) and was stopped"
        ),
        ("unknown-id", "faulty answered with something it should not: plugin faulty answered id "),
        (
            "banner",
            "faulty answered with something it should not: plugin faulty printed a line that is not a protocol answer on stdout: \"faulty provider starting up\" (stdout is for protocol lines only; log on stderr) (during `hello`) and was stopped"
        ),
        ("extra-bytes", "were set aside and replaced by others (faulty:p0: invalid response: plugin faulty wrote "),
        (
            "not-image",
            "were set aside and replaced by others (faulty:p0: invalid response: plugin faulty wrote bytes that are not an image for faulty:p0 (no JPEG, PNG, GIF, WebP, TIFF, HEIC or AVIF signature; they start 3C 68 74 6D 6C 3E 6E 6F)"
        ),
        (
            "bad-sha256",
            "were set aside and replaced by others (faulty:p0: invalid response: plugin faulty wrote bytes for faulty:p0 whose sha256 is "
        ),
    ]

    @Test(arguments: faults)
    func aBadPluginIsNamedAndTheNextProviderFillsTheAlbum(fault: String, says: String) async throws {
        try harness.folder.write("bin/not-executable.py", "print('hi')\n")
        let program = fault.hasPrefix("program:") ? harness.folder.child(String(fault.dropFirst("program:".count))) : nil
        // A hang is ended by its time-out, made short for the request that hangs; every other fault
        // must be reported as itself, however slow the machine, so its limits are generous. A
        // request's time also counts the plugin's start and hello (each retry starts it again):
        // 10 s leaves a busy machine room for those (3 s did not, beside other suites), and the
        // hang, which lasts forever, still ends every try.
        let config = try faultyConfig(
            program == nil ? fault : "none", program: program,
            searchTimeout: fault == "hang-search" ? 10 : 120, fetchTimeout: fault == "hang-fetch" ? 10 : 120
        )
        // An album already stored must come through untouched.
        let kept = try #require(
            try await harness.json("pin", "add", "40.6892", "-74.0445", "--name", "Liberty", "--config", config)["id"] as? String)
        try await harness.run("fetch", kept, "--count", "3", "--provider", "demo", "--config", config)
        let before = try await harness.json("album", kept, "--config", config).photos.compactMap { $0["sha256"] as? String }

        let pin = try #require(
            try await harness.json("pin", "add", "48.8584", "2.2945", "--name", "Eiffel", "--config", config)["id"] as? String)
        let fetched = try await harness.tourist.run(["fetch", pin, "--count", "3", "--config", config, "--json"], in: harness.folder.path)
        #expect(fetched.status == 0, "\(fault): \(fetched.stderr)")
        let album = try #require(try fetched.json() as? [String: Any]).photos
        let stored = album.filter { $0["state"] as? String == "stored" }
        #expect(stored.count == 3 && stored.allSatisfy { ($0["id"] as? String)?.hasPrefix("demo:") == true }, "\(fault): \(album)")
        let lines = faultyLines(try fetched.stderrNotes())
        #expect(lines.count == 1 && lines.first?.contains(says) == true, "\(fault): \(fetched.stderr)")
        try await harness.run("store", "verify", "--config", config)
        #expect(try await harness.json("album", kept, "--config", config).photos.compactMap { $0["sha256"] as? String } == before)
        #expect(leftoverProcesses().isEmpty, "\(leftoverProcesses())")
    }

    /// The plugin ignores `shutdown`, SIGTERM and the end of its input, so only SIGKILL ends it
    /// (left alone, it lives on for 30 s after tourist has gone): finding none of its processes the
    /// moment tourist has exited shows tourist killed it, whatever the machine's speed. The steps
    /// before (shutdown, its grace, SIGTERM) are `PluginHostTests`' business.
    /// The wait it costs is said once, naming the plugin and what to fix.
    @Test func aPluginThatIgnoresShutdownIsKilledAndLeavesNothingBehind() async throws {
        let config = try faultyConfig("ignore-shutdown")
        let search = try await harness.run("search", "48.8584", "2.2945", "--count", "2", "--config", config, "--json")
        #expect(try #require(try search.json() as? [String: Any]).photos.compactMap { $0["id"] as? String } == ["faulty:p0", "faulty:p1"])
        #expect(leftoverProcesses().isEmpty, "\(leftoverProcesses())")
        let said =
            "plugin faulty did not exit within 2 s of `shutdown` and was killed with SIGKILL (it ignored SIGTERM too), which made this command"
            + " that much slower; make the plugin exit once it has answered `shutdown`, or when its stdin ends"
        #expect(try search.stderrNotes() == [said], "\(search.stderr)")
        let plain = try await harness.run("search", "48.8584", "2.2945", "--count", "2", "--config", config)
        #expect(plain.stderr == "tourist: \(said)\n", "\(plain.stderr)")
        let polite = try await harness.run("search", "48.8584", "2.2945", "--count", "2", "--config", try faultyConfig("none"))
        #expect(polite.stderr.isEmpty, "a plugin that exits when told is not mentioned: \(polite.stderr)")
    }

    /// A child that left the plugin's process group (`setsid`), which the signal to the group
    /// misses, ends with the plugin: left alone it would sleep until 30 s after the plugin is gone.
    @Test func aChildThatLeftThePluginsProcessGroupEndsWithIt() async throws {
        let config = try faultyConfig("setsid-child")
        let search = try await harness.run("search", "48.8584", "2.2945", "--count", "2", "--config", config, "--verbose")
        #expect(search.stderr.contains("faulty: started pid "), "\(search.stderr)")
        // SIGKILLed before tourist exits; its end is seen once the kernel has dealt with the signal.
        try await Waiting.until("the setsid child to end", patience: .seconds(10)) { leftoverProcesses().isEmpty }
    }

    /// tourist's own keys and a cloud's credentials never reach a plugin: it gets the basics (PATH,
    /// HOME, LANG, LC_*, TZ…) and the variables its entry names in `passEnvironment`, no others.
    @Test func aPluginGetsAMinimalEnvironmentAndWhatItsEntryPasses() async throws {
        var tourist = harness.tourist
        let secrets = [
            "FLICKR_API_KEY": "flickr-key-0123456789", "AWS_SECRET_ACCESS_KEY": "aws-secret-0123456789",
            "AWS_ACCESS_KEY_ID": "AKIAEXAMPLE0123",
        ]
        tourist.environment.merge(secrets) { $1 }
        tourist.environment.merge(["WALKS_TOKEN": "walks-0123", "LC_TIME": "C", "TZ": "UTC", "LANG": "C.UTF-8"]) { $1 }
        let config = try faultyConfig("env", extra: #", "passEnvironment": ["WALKS_TOKEN", "NOT_SET_ANYWHERE"]"#)
        let search = try await tourist.run(
            ["search", "48.8584", "2.2945", "--count", "2", "--config", config, "--verbose"], in: harness.folder.path)
        #expect(search.status == 0, "\(search.stderr)")
        let prefix = "tourist: debug: faulty: env: "
        let line = try #require(search.stderr.split(separator: "\n").first { $0.hasPrefix(prefix) }, "\(search.stderr)")
        let names = Set(line.dropFirst(prefix.count).split(separator: ",").map(String.init))
        #expect(names.isSuperset(of: ["PATH", "HOME", "LANG", "LC_TIME", "TZ", "WALKS_TOKEN"]), "\(names.sorted())")
        let basics: Set = [
            "PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TERM", "NO_COLOR", "SSL_CERT_FILE",
            "SSL_CERT_DIR", "WALKS_TOKEN",
        ]
        #expect(names.filter { !$0.hasPrefix("LC_") && !basics.contains($0) }.isEmpty, "\(names.sorted())")
        for (name, value) in secrets {
            #expect(!names.contains(name) && !search.stderr.contains(value), "\(name) reached the plugin")
        }
    }

    /// A plugin writing without end into the file of a fetch is stopped once the file passes
    /// `downloads.maxPhotoBytes` (it would fill the disk before answering, if ever): the photo fails
    /// as too large, naming the plugin, and another takes its place; the plugin's time-out (far
    /// longer) never comes into it.
    @Test func aPluginWritingWithoutEndIntoItsFetchFileIsStoppedAtTheSizeCap() async throws {
        let config = try harness.folder.write(
            "endless.json",
            #"{"downloads": {"retries": 0, "timeoutSeconds": 600, "maxPhotoBytes": 1048576}, "providers": [{"name": "faulty", "type": "exec", "command": ["\#(faultyLink)"], "latitude": 48.8584, "longitude": 2.2945, "image": "photo.jpg", "count": 1, "fault": "endless-fetch"}, {"name": "demo", "type": "fixture"}]}"#
        )
        let pin = try #require(try await harness.json("pin", "add", "48.8584", "2.2945", "--config", config)["id"] as? String)
        let fetched = try await harness.tourist.run(["fetch", pin, "--count", "2", "--config", config, "--json"], in: harness.folder.path)
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let album = try #require(try fetched.json() as? [String: Any]).photos
        #expect(album.filter { $0["state"] as? String == "stored" }.count == 2, "\(album)")
        let lines = faultyLines(try fetched.stderrNotes())
        #expect(
            lines.count == 1 && lines.first?.contains("plugin faulty wrote ") == true
                && lines.first?.contains(" bytes for faulty:p0, more than downloads.maxPhotoBytes (1048576), and was stopped") == true,
            "\(fetched.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.store + "/tmp").isEmpty, "the file was removed")
        #expect(leftoverProcesses().isEmpty, "\(leftoverProcesses())")
    }

    @Test func thePluginGetsOnlyItsThreeDescriptorsAndItsStderrIsLoggedUnderVerbose() async throws {
        let config = try faultyConfig("fds")
        let search = try await harness.run("search", "48.8584", "2.2945", "--count", "2", "--config", config, "--verbose")
        #expect(search.stderr.contains("tourist: debug: faulty: fds: 0,1,2\n"), "\(search.stderr)")
        #expect(search.stderr.contains("tourist: debug: faulty: faulty: got search\n"))
        let quiet = try await harness.run("search", "48.8584", "2.2945", "--count", "2", "--config", config)
        #expect(!quiet.stderr.contains("faulty"), "without --verbose the plugin's log stays out of sight: \(quiet.stderr)")
    }

    /// The faulty plugin declares `sesame` secret (a name tourist would not guess) and logs it at
    /// hello: masked in its log, in errors quoting it, and in `config check` (shown as the
    /// `${FAULTY_SESAME}` it was written as), whether its hello works (then by its declaration) or
    /// not (then every option is masked).
    @Test(arguments: ["none", "crash-search", "protocol-2"])
    func aSecretOptionNeverShowsEvenWhenThePluginLogsIt(fault: String) async throws {
        let secret = "s3cr3t-plugin-value-91"
        var tourist = harness.tourist
        tourist.environment["FAULTY_SESAME"] = secret
        let config = try faultyConfig(fault, extra: #", "sesame": "${FAULTY_SESAME}""#)
        let verbose = try await tourist.run(
            ["search", "48.8584", "2.2945", "--count", "2", "--config", config, "--verbose"], in: harness.folder.path)
        #expect(verbose.stderr.contains("faulty: using the password ********"), "\(fault): \(verbose.stderr)")
        let checked = try await tourist.run(["config", "check", "--config", config], in: harness.folder.path)
        if fault != "protocol-2" {
            #expect(checked.stdout.contains(#""sesame": "${FAULTY_SESAME}""#), "\(fault): \(checked.stdout)\(checked.stderr)")
        }
        for output in [verbose.stdout, verbose.stderr, checked.stdout, checked.stderr] {
            #expect(!output.contains(secret), "\(fault): the secret was shown")
        }
        let files = (FileManager.default.enumerator(atPath: harness.store)?.allObjects as? [String]) ?? []
        #expect(files.contains("VERSION"), "the store was used")
        for file in files {
            let bytes = FileManager.default.contents(atPath: harness.store + "/" + file) ?? Data()
            #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(file) holds the secret")
        }
    }

    /// tourist ignores SIGPIPE for the pipes to its plugins; its own output to a reader that has
    /// gone (`| head`) still ends it as a pipeline expects (status 141), not with a crash. The plugin
    /// answers the search only once the reader is gone (it waits for the file the reader's side
    /// makes after closing the pipe), so tourist's next write surely meets a closed pipe.
    @Test func aClosedOutputEndsTouristQuietlyWhilePluginsRun() async throws {
        let go = harness.folder.child("reader-gone")
        let config = try faultyConfig("slow-search", extra: #", "goFile": "\#(go)""#)
        var shell = harness.tourist
        shell.environment["CONFIG"] = config
        shell.environment["GO"] = go
        shell.environment["TOURIST"] = harness.tourist.path
        let script =
            #""$TOURIST" search 48.8584 2.2945 --count 2 --config "$CONFIG" --verbose 2>&1 | { head -c 10 >/dev/null; exec 0<&-; touch "$GO"; }; echo "status ${PIPESTATUS[0]}""#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = shell.environment
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        let finished = try await TouristBinary.finish(process)
        #expect(finished.stdout == "status 141\n", "\(finished.stdout)\(finished.stderr)")
        #expect(!finished.stderr.contains("Fatal error"))
        try await Waiting.until("the plugin to leave") { leftoverProcesses().isEmpty }
    }

    /// A plugin leads a process group of its own (Ctrl-C does not reach it) and this one ignores the
    /// end of its input: tourist interrupted ends it before ending itself. The signal comes once the
    /// plugin says it got the search (so tourist is waiting on it).
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedTouristTakesItsPluginsWithIt(signal: Int32) async throws {
        let config = try faultyConfig("hang-search")
        let process = try harness.tourist.start(["search", "48.8584", "2.2945", "--config", config, "--verbose"], in: harness.folder.path)
        let said = try await TouristBinary.readStderr(of: process, until: "faulty: got search\n")
        #expect(said.contains("faulty: got search\n"), "the plugin got the search: \(said)")
        #expect(!leftoverProcesses().isEmpty, "the plugin runs")
        kill(process.processIdentifier, signal)
        let finished = try await TouristBinary.finish(process)
        // Ended by the signal, as without a handler (or with 128 + its number, as a shell reports it).
        #expect(
            finished.bySignal ? finished.status == signal : finished.status == 128 + signal,
            "\(finished.status) \(said)\(finished.stdout)\(finished.stderr)"
        )
        try await Waiting.until("the plugin to be gone") { leftoverProcesses().isEmpty }
    }

    @Test func fixtureRecordTurnsAPluginsAnswersIntoAnOfflineSet() async throws {
        let config = try harness.folder.write(
            "record.json",
            #"{"providers": [{"name": "walks", "type": "exec", "command": ["\#(Self.examples)/csv/tourist-provider-csv"], "file": "\#(Self.examples)/csv/sample.csv"}]}"#
        )
        let recorded = try await harness.json(
            "fixture", "record", "walks", "48.8584", "2.2945", "--count", "4", "recorded", "--config", config)
        #expect(recorded["photos"] as? Int == 4 && recorded["files"] as? Int == 4)
        try await harness.run("fixture", "record", "walks", "48.8584", "2.2945", "recorded", "--config", config, expecting: 73)
        let offline = try harness.folder.write(
            "offline.json", #"{"providers": [{"name": "recorded", "type": "fixture", "path": "recorded"}]}"#)
        let test = try await harness.run("providers", "test", "recorded", "--config", offline)
        #expect(test.stdout.hasSuffix("15 passed, 0 failed, 0 skipped\n"), "\(test.stdout)")
        let live = try await harness.json("search", "48.8584", "2.2945", "--count", "4", "--config", config).photos
        let served = try await harness.json("search", "48.8584", "2.2945", "--count", "4", "--config", offline).photos
        for key in ["title", "owner", "license", "licenseURL", "takenAt", "latitude", "longitude"] {
            #expect(live.map { "\($0[key] ?? "nil")" } == served.map { "\($0[key] ?? "nil")" }, "\(key)")
        }
        #expect(
            served.compactMap { ($0["id"] as? String)?.dropFirst("recorded:".count) }
                == live.compactMap { ($0["id"] as? String)?.dropFirst("walks:".count) })
    }
}
