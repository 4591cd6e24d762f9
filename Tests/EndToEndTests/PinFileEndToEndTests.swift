import Foundation
import Testing
import TestSupport

/// `pin import` and `pin export` through the built binary: both formats, a round trip into another
/// store, all-or-nothing on a bad file, and the exit codes.
@Suite struct PinFileEndToEndTests {
    static let csv = """
        name,latitude,longitude,radius_km
        Statue of Liberty,40.6892,-74.0441,3
        "Machu Picchu, Peru",-13.1630,-72.5451,
        ,48.8610,2.2963,2

        """

    @Test func importThenExportRoundTripsThroughAnotherStore() async throws {
        let harness = try Harness()
        let file = try harness.folder.write("places.csv", Self.csv)
        let imported = try await harness.run("pin", "import", file, "--radius", "4")
        #expect(imported.stdout == "Imported 3 pins from \(file).\nNext: tourist fetch --all\n")
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(pins.map { $0["name"] as? String } == ["Statue of Liberty", "Machu Picchu, Peru", "48.861,2.2963"], "in the file's order")
        #expect(pins.map { $0["radiusKm"] as? Double } == [3, 4, 2], "an empty radius takes --radius")

        // Importing it again changes nothing; with another default radius, the radius-less entry is
        // another place, which is refused.
        let again = try await harness.json("pin", "import", file, "--radius", "4")
        #expect((again["added"] as? [Any])?.isEmpty == true && (again["unchanged"] as? [Any])?.count == 3)
        let otherRadius = try await harness.run("pin", "import", file, expecting: 65)
        #expect(
            otherRadius.stderr.hasPrefix(
                "tourist: \(file) line 3: a pin named \"Machu Picchu, Peru\" already exists at -13.163,-72.5451 with radius 4 km"),
            "\(otherRadius.stderr)")

        let csv = try await harness.run("pin", "export").stdout
        #expect(
            csv == """
                name,latitude,longitude,radius_km\r
                Statue of Liberty,40.6892,-74.0441,3\r
                "Machu Picchu, Peru",-13.163,-72.5451,4\r
                "48.861,2.2963",48.861,2.2963,2\r

                """)
        let geojson = harness.folder.child("out.geojson")
        let written = try await harness.run("pin", "export", "--output", geojson)
        #expect(written.stdout == "Exported 3 pins to \(geojson) (geojson).\n")

        let other = harness.folder.child("other-store")
        try await harness.run("pin", "import", geojson, "--store", other)
        let copied = try #require(try await harness.json("pin", "list", "--store", other)["pins"] as? [[String: Any]])
        for key in ["name", "latitude", "longitude", "radiusKm"] {
            #expect(copied.map { "\($0[key] ?? "-")" } == pins.map { "\($0[key] ?? "-")" }, "\(key)")
        }
        #expect(try await harness.run("pin", "export", "--store", other).stdout == csv)

        // Chosen pins only; GeoJSON on stdout with --json.
        let one = try await harness.json("pin", "export", "Statue of Liberty")
        #expect((one["features"] as? [Any])?.count == 1 && one["type"] as? String == "FeatureCollection")
    }

    /// Names a spreadsheet would run as formulas are exported behind a single quote (OWASP's CSV
    /// injection advice), and importing the exported file gives back exactly the same names.
    @Test func formulaLikeNamesAreGuardedInCSVAndReadBackUnchanged() async throws {
        let harness = try Harness()
        let names = [
            #"=HYPERLINK("http://evil.example","x")"#, "+1 555 0100", "-Hill", "@home", "'Twas", "''Twice", "'=quoted", "Plain = fine",
        ]
        for (index, name) in names.enumerated() {
            try await harness.run("pin", "add", String(10 + index), "20", "--name=\(name)")
        }
        let csv = try await harness.run("pin", "export").stdout
        #expect(
            csv == """
                name,latitude,longitude,radius_km\r
                "'=HYPERLINK(""http://evil.example"",""x"")",10,20,5\r
                '+1 555 0100,11,20,5\r
                '-Hill,12,20,5\r
                '@home,13,20,5\r
                ''Twas,14,20,5\r
                '''Twice,15,20,5\r
                ''=quoted,16,20,5\r
                Plain = fine,17,20,5\r

                """)
        let file = try harness.folder.write("exported.csv", csv)
        let other = harness.folder.child("other-store")
        try await harness.run("pin", "import", file, "--store", other)
        let copied = try #require(try await harness.json("pin", "list", "--store", other)["pins"] as? [[String: Any]])
        #expect(copied.map { $0["name"] as? String } == names)
        #expect(try await harness.run("pin", "export", "--store", other).stdout == csv)
    }

    /// A pin file past 64 MiB is refused before it is parsed, with what to do instead (it once was
    /// read whole, at 25–30 times its size in memory).
    @Test func aPinFileOverTheSizeCapIsRefusedWithTheFix() async throws {
        let harness = try Harness()
        let file = harness.folder.child("huge.csv")
        #expect(FileManager.default.createFile(atPath: file, contents: Data("name,latitude,longitude\n".utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(64 << 20) + 1)
        try handle.close()
        let refused = try await harness.run("pin", "import", file, expecting: 65)
        #expect(
            refused.stderr
                == "tourist: \(file) is larger than 64 MiB, the most `pin import` reads; split it into smaller files and import each\n")
        #expect(try #require(try await harness.json("pin", "list")["pins"] as? [Any]).isEmpty)
    }

    @Test func aFileWithOneBadEntryAddsNothing() async throws {
        let harness = try Harness()
        try await harness.run("pin", "add", "48.8584", "2.2945", "--name", "Eiffel Tower")
        let conflicting = try harness.folder.write("conflict.csv", "Kyoto,34.9668,135.7741\nEiffel Tower,48.86,2.29\n")
        let refused = try await harness.run("pin", "import", conflicting, expecting: 65)
        #expect(
            refused.stderr.hasPrefix(
                "tourist: \(conflicting) line 2: a pin named \"Eiffel Tower\" already exists at 48.8584,2.2945 with radius 5 km (id "),
            "\(refused.stderr)")
        let twice = try harness.folder.write(
            "twice.geojson",
            """
            {"type":"FeatureCollection","features":[
             {"type":"Feature","geometry":{"type":"Point","coordinates":[135.77,34.96]},"properties":{"name":"Kyoto"}},
             {"type":"Feature","geometry":{"type":"Point","coordinates":[135.0,34.0]},"properties":{"name":"Kyoto"}}]}
            """)
        let duplicate = try await harness.run("pin", "import", twice, expecting: 65)
        #expect(
            duplicate.stderr
                == "tourist: \(twice) feature 1 and feature 2 both name a pin \"Kyoto\", at different places, lines, radii or time windows; give one of them another name\n"
        )
        let escape = try harness.folder.write("escape.csv", "ok,1,2\n\"bad\u{1B}[31m\",3,4\n")
        let control = try await harness.run("pin", "import", escape, expecting: 65)
        #expect(
            control.stderr.hasPrefix("tourist: \(escape) line 2: the pin name \"bad\\u{1B}[31m\" holds a control character (U+001B)"),
            "\(control.stderr)")
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(pins.map { $0["name"] as? String } == ["Eiffel Tower"], "nothing was added")

        let missing = try await harness.run("pin", "import", "nowhere.csv", expecting: 66)
        #expect(missing.stderr == "tourist: nowhere.csv: no such file; give the path of a CSV or GeoJSON pin file\n")
        try await harness.run("pin", "import", conflicting, "--radius", "0", expecting: 64)
        try await harness.run("pin", "export", "--format", "csv", "--json", expecting: 64)
    }

    @Test func importReadsStdinAndSniffsItsFormat() async throws {
        let harness = try Harness()
        let file = try harness.folder.write(
            "piped", #"{"type":"Feature","geometry":{"type":"Point","coordinates":[151.2128,-33.8584]},"properties":{"name":"Sydney"}}"#)
        let result = try await harness.tourist.run(["pin", "import", "-"], in: harness.folder.path, input: file)
        #expect(result.status == 0 && result.stdout.hasPrefix("Imported 1 pin from stdin."), "\(result.stderr)")
        let pins = try #require(try await harness.json("pin", "list")["pins"] as? [[String: Any]])
        #expect(pins.first?["latitude"] as? Double == -33.8584 && pins.first?["longitude"] as? Double == 151.2128)
    }
}
