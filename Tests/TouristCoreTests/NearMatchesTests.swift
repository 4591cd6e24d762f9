import Testing
import TouristCore

/// "Did you mean": edit distances and which names count as near.
@Suite struct NearMatchesTests {
    @Test func distanceCountsEditsAndSwapsOfNeighbours() {
        #expect(NearMatches.distance("fetch", "fetch") == 0)
        #expect(NearMatches.distance("fecth", "fetch") == 1, "a swap of neighbours is one edit")
        #expect(NearMatches.distance("lsit", "list") == 1)
        #expect(NearMatches.distance("fetc", "fetch") == 1)
        #expect(NearMatches.distance("fetchh", "fetch") == 1)
        #expect(NearMatches.distance("fatch", "fetch") == 1)
        #expect(NearMatches.distance("", "pin") == 3)
        #expect(NearMatches.distance("pin", "") == 3)
        #expect(NearMatches.distance("ca", "abc") == 3, "optimal string alignment: no character is edited twice")
        #expect(NearMatches.distance("kitten", "sitting") == 3)
        #expect(NearMatches.distance("Fetch", "fetch") == 1, "the distance itself is case-sensitive")
    }

    @Test func suggestionsAreTheNearCandidatesNearestFirst() {
        let commands = NearMatches([
            "pin", "fetch", "new-collection", "album", "photo", "export", "search", "serve", "providers", "config", "store", "fixture",
        ])
        #expect(commands.suggestions(for: "fecth") == ["fetch"])
        #expect(commands.suggestions(for: "FETCH") == ["fetch"], "case is ignored")
        #expect(commands.suggestions(for: "stor") == ["store"])
        #expect(commands.suggestions(for: "serch") == ["search"])
        #expect(commands.suggestions(for: "frobnicate").isEmpty)
        #expect(commands.suggestions(for: "x").isEmpty)
        #expect(commands.suggestions(for: "new-colection") == ["new-collection"])
        // "serv" is one edit from "serve" and two from "store": only the first is near for 4 letters.
        #expect(commands.suggestions(for: "serv") == ["serve"])
        // Six letters and more allow two edits; nearest first.
        #expect(commands.suggestions(for: "searve") == ["serve", "search"])
        #expect(commands.nearest(to: "searve") == ["serve"])
    }

    @Test func tiesAreAllNearestInCandidateOrder() {
        let names = NearMatches(["rm", "ls", "cp"])
        #expect(names.nearest(to: "rs") == ["rm", "ls"])
        #expect(names.suggestions(for: "cs") == ["ls", "cp"])
        #expect(NearMatches([String]()).suggestions(for: "pin").isEmpty)
    }
}
