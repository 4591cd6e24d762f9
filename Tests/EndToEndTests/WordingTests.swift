import Foundation
import Testing
import TestSupport

/// What tourist says is true and says what to do (issue 33, "Wording slips" and "Small truths").
@Suite struct WordingTests {
    /// A place found nowhere is offered coordinates without another place's as the example.
    @Test func aPlaceFoundNowhereGetsNoOtherPlacesCoordinates() async throws {
        let harness = try Harness()
        let fuji = try await harness.run("pin", "add", "Mount", "Fuji", expecting: 64)
        #expect(fuji.stderr.contains("no place named \"Mount Fuji\""), "\(fuji.stderr)")
        #expect(fuji.stderr.contains("give its coordinates instead, as LAT LON in decimal degrees"), "\(fuji.stderr)")
        #expect(!fuji.stderr.contains("48.8584") && !fuji.stderr.contains("2.2945"), "the Eiffel Tower's coordinates: \(fuji.stderr)")
    }

    /// Adding a pin again asks for no radius nobody gave; a radius that was given is named.
    @Test func addingAPinAgainSuggestsNoRadiusNobodyAskedFor() async throws {
        let harness = try Harness()
        let id = try #require(try await harness.json("pin", "add", "New", "York")["id"] as? String)
        let name = "New York City"
        try await harness.run("pin", "edit", id, "--radius", "9")
        let again = try await harness.run("pin", "add", "New", "York")
        #expect(
            again.stdout.hasPrefix("Pin \(id) \"\(name)\" already exists") && again.stdout.contains("nothing changed"), "\(again.stdout)")
        #expect(!again.stdout.contains("--radius") && !again.stderr.contains("--radius"), "\(again.stderr)")
        #expect(try await harness.json("pin", "show", id)["radiusKm"] as? Double == 9, "the radius stays")
        let asked = try await harness.run("pin", "add", "New", "York", "--radius", "5", expecting: 65)
        #expect(
            asked.stderr.contains("with a radius of 9 km") && asked.stderr.contains("`tourist pin edit \(id) --radius 5`"),
            "\(asked.stderr)")
        let fresh = try await harness.json("pin", "add", "Kyoto")
        #expect(fresh["radiusKm"] as? Double == 5, "a new pin's radius is the default")
    }

    /// A name several places share lists them all when one more would be left, else says how to
    /// see the rest ("… and 1 more" told nothing).
    @Test func aNameManyPlacesShareListsThemOrSaysHowToSeeTheRest() async throws {
        let harness = try Harness()
        let springfield = try await harness.run("pin", "add", "Springfield", expecting: 64)
        let listed = springfield.stderr.split(separator: "\n").filter { $0.hasPrefix("  \"Springfield, ") }
        #expect(springfield.stderr.hasPrefix("tourist: \"Springfield\" names 9 places") && listed.count == 9, "\(springfield.stderr)")
        #expect(!springfield.stderr.contains("more"), "\(springfield.stderr)")
        let richmond = try await harness.run("pin", "add", "Richmond", expecting: 64)
        #expect(richmond.stderr.hasPrefix("tourist: \"Richmond\" names 10 places"), "\(richmond.stderr)")
        #expect(
            richmond.stderr.hasSuffix("\n  … and 2 more: add a region or country to the name to list only the places there\n"),
            "\(richmond.stderr)")
    }

    /// `config check` with no config file says where one would be read from and how to write one.
    @Test func configCheckWithoutAFileSaysWhereOneWouldBe() async throws {
        let harness = try Harness(extraEnvironment: ["XDG_CONFIG_HOME": ""])
        let path = harness.folder.child("home/.config/tourist/config.json")
        let checked = try await harness.run("config", "check")
        #expect(
            checked.stdout.hasPrefix("Config OK: built-in config\nNo config file at \(path), where tourist reads one"), "\(checked.stdout)")
        #expect(checked.stdout.contains("`tourist config init` writes a starter config there."), "\(checked.stdout)")
        try await harness.run("config", "init")
        let written = try await harness.run("config", "check")
        #expect(written.stdout.hasPrefix("Config OK: \(path)\n") && !written.stdout.contains("No config file"), "\(written.stdout)")
    }
}
