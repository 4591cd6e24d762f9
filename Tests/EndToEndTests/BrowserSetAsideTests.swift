import BrowserSupport
import Foundation
import Testing
import TestSupport

/// The album page's list of photos set aside, in a real headless Chromium against `tourist serve`:
/// a burst of own photos (`Harness.ownBurst`) and a byte-identical copy of one photo. The list shows
/// each set-aside photo and why, links the photo it looks like or repeats, and passes axe.
@Suite(.serialized, .enabled(if: try WebDriver.requirement.runs(), Comment(rawValue: WebDriver.requirement.missing)))
struct BrowserSetAsideTests {
    @Test func theSetAsideListSaysWhyAndLinksThePhotoEachLooksLike() async throws {
        let harness = try Harness()
        let (photos, config) = try harness.ownBurst()
        try FileManager.default.copyItem(atPath: "\(photos)/trip/IMG_200.JPG", toPath: "\(photos)/trip/IMG_200 copy.JPG")
        let place = Harness.burstPlace
        let pin = try #require(
            try await harness.json("pin", "add", "\(place.latitude)", "\(place.longitude)", "--name", "Venice", "--config", config)["id"]
                as? String)
        let album = try await harness.json("fetch", pin, "--config", config)
        let setAside = album.photos.filter { $0["state"] as? String == "rejected" }
        try #require(setAside.count == 3, "two shots of the burst and the copy: \(album.photos)")
        let server = try await ServedStore(harness, arguments: ["--config", config])
        defer { Task { _ = await server.stop() } }
        let shots = try screenshotFolder(harness)

        let seen = try await Blocking.run { () throws -> [String: String] in
            let browser = try WebDriver(screenWidth: 1280, height: 900)
            defer { browser.quit() }
            try browser.navigate(to: server.base + "/pins/\(pin)")
            try browser.waitUntil(
                "the set-aside list is shown",
                "document.body.dataset.ready === '1' && document.getElementById('album-set-aside') && !document.getElementById('album-set-aside').hidden"
            )
            try browser.findElement(css: "#album-set-aside summary")?.click()
            try browser.waitUntil("the list is open", "document.getElementById('album-set-aside').open")
            try browser.saveScreenshot(to: shots + "/set-aside-list.png")
            var seen: [String: String] = [:]
            seen["summary"] = try browser.findElement(css: "#album-set-aside summary")?.text
            seen["items"] =
                try browser.execute(
                    """
                    return JSON.stringify([...document.querySelectorAll('#album-set-aside li')].map((item) => ({
                      kind: item.dataset.kind, photo: item.dataset.photo, text: item.textContent,
                      link: item.querySelector('a.album-set-aside-of')?.getAttribute('href') || null,
                      linkText: item.querySelector('a.album-set-aside-of')?.textContent || null })));
                    """) as? String
            seen["axe"] = try Axe.requirement.runs() ? try browser.axe().failing.map { "\($0)" }.joined(separator: "\n") : ""
            // The link opens the photo it looks like.
            try browser.findElement(css: "#album-set-aside li[data-kind='lookalike'] a.album-set-aside-of")?.click()
            try browser.waitUntil(
                "the photo page of the kept shot",
                "location.pathname.includes('/photos/') && document.getElementById('photo-large')?.naturalWidth > 0")
            try browser.saveScreenshot(to: shots + "/set-aside-followed.png")
            seen["followed"] = try browser.execute("return location.pathname") as? String
            return seen
        }
        #expect(seen["summary"] == "3 photos set aside", "\(seen)")
        #expect(seen["axe"] == "", "\(seen["axe"] ?? "")")
        let items = try #require(
            try JSONSerialization.jsonObject(with: Data((seen["items"] ?? "").utf8)) as? [[String: Any]], "\(seen)")
        #expect(items.map { $0["photo"] as? String } == setAside.map { $0["id"] as? String })
        func path(of id: String) -> String {
            "/pins/\(pin)/photos/"
                + (id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_.~"))) ?? id)
        }
        for (item, photo) in zip(items, setAside) {
            let why = try #require(photo["setAside"] as? [String: Any])
            let of = try #require(why["of"] as? String)
            let kind = try #require(why["kind"] as? String)
            #expect(item["kind"] as? String == kind)
            let label = kind == "identical" ? "The same file as a photo in this album" : "Looks like a photo in this album"
            let text = item["text"] as? String ?? ""
            #expect(
                text.contains(label) && text.contains(photo["error"] as? String ?? "-") && text.contains(photo["title"] as? String ?? "-"),
                "\(item)")
            #expect(item["link"] as? String == path(of: of), "\(item)")
            let title = album.photos.first { $0["id"] as? String == of }?["title"] as? String
            #expect(item["linkText"] as? String == "See \(title ?? "-")", "\(item)")
        }
        #expect(Set(items.compactMap { $0["kind"] as? String }) == ["lookalike", "identical"])
        let kept = try #require(setAside.first { ($0["setAside"] as? [String: Any])?["kind"] as? String == "lookalike" })
        #expect(seen["followed"] == path(of: (kept["setAside"] as? [String: Any])?["of"] as? String ?? "-"), "\(seen)")
    }
}
