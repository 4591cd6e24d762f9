// The Swift half of Benchmarks/serve.sh: seeding a store with many pins through TouristCore, and
// timing the app's pages in headless chromium through the tests' WebDriver client.
import BrowserSupport
import Foundation
import TouristCore

/// `tourist-bench add-pins STORE COUNT`: adds COUNT pins ("Bench pin 0"…, new, empty albums) to the
/// store in one transaction, through `StoreTransaction.addPin` as `tourist pin add` does (album
/// file, name entry, pin list journal, each fsync'd; the nearest city kept), without starting
/// COUNT processes. The pins
/// lie on a Fibonacci lattice (even spacing over the sphere, latitudes squeezed into ±80° so the
/// Mercator map shows them all): deterministic, over every continent and ocean. Their creation
/// times are one second apart from a fixed date, so `pin list` order is the same on every run.
func addPins(store path: String, count: Int) throws {
    let store = try Store(path: path)
    let golden = Double.pi * (3 - 5.0.squareRoot())
    let clock = ContinuousClock()
    let started = clock.now
    let added = try store.transaction { transaction in
        var added = 0
        for number in 0..<count {
            let z = 1 - 2 * (Double(number) + 0.5) / Double(count)
            let latitude = (asin(z) * 180 / .pi * 80 / 90 * 1e4).rounded() / 1e4
            var longitude = (Double(number) * golden).truncatingRemainder(dividingBy: 2 * .pi) * 180 / .pi
            if longitude > 180 { longitude -= 360 }
            longitude = (longitude * 1e4).rounded() / 1e4
            let location = try GeoPoint(latitude: latitude, longitude: longitude)
            let result = try transaction.addPin(
                name: "Bench pin \(number)", location: location, radiusKm: 5, near: try? Gazetteer.bundled().nearest(to: location),
                target: 21,
                now: Date(timeIntervalSince1970: 1_700_000_000 + Double(number))
            )
            if result.created { added += 1 }
        }
        return added
    }
    let elapsed = clock.now - started
    FileHandle.standardError.write(Data("tourist-bench: \(added) pins added (\(count - added) there already) in \(elapsed)\n".utf8))
}

/// `tourist-bench page-timings --base URL --pin ID [--runs N] [--photos N] [--pages album,map]
/// [--cache warm|cold] [--json FILE]`: times the album page of pin ID and the map page (or those
/// `--pages` names) in headless chromium, N runs each after one visit
/// that is not counted (it fills the HTTP cache: the counted runs are a returning user's; with
/// `--cache cold` the cache is emptied before every run, CDP's `Network.clearBrowserCache`, so
/// every run is a first visit), each run a fresh navigation from about:blank.
///
/// A run's time is measured in the page, from navigation start (`performance.timeOrigin`, so
/// `performance.now()`) until the page's condition holds: a poller is installed in every new
/// document before the page's own scripts (chromedriver's CDP passthrough,
/// `Page.addScriptToEvaluateOnNewDocument`) and checks the condition on a `setTimeout(0)` loop
/// (about every 4 ms once nested); after the load event, `executeAsync` only collects what it
/// recorded, so no WebDriver round trip is in the number.
/// - album `/pins/ID` (window 1280×2400, so all of its lazy thumbnails are in view):
///   `body.dataset.ready === '1'` and N `#album-grid .photo-tile[data-state=stored] img.photo-thumb`
///   that are `complete && naturalWidth > 0`;
/// - map `/` (window 1280×800): interactive with its search box and city labels:
///   `body.dataset.ready === '1'`, the page's `tourist-map-interactive` performance mark (pins,
///   labels and search box in), at least one `.leaflet-marker-icon` and one `.city-label`, and
///   `#place-search`; then one `requestAnimationFrame` callback.
/// Prints a summary on stderr and writes every run (with the navigation's and the main requests'
/// timings, to see what dominates) as JSON to FILE, or stdout.
func pageTimings(arguments: [String]) throws {
    var options: [String: String] = ["--runs": "10", "--photos": "21", "--pages": "album,map", "--cache": "warm"]
    var index = 0
    while index < arguments.count {
        let key = arguments[index]
        guard ["--base", "--pin", "--runs", "--photos", "--pages", "--cache", "--json"].contains(key), index + 1 < arguments.count else {
            fail(usage)
        }
        options[key] = arguments[index + 1]
        index += 2
    }
    guard var base = options["--base"], let pin = options["--pin"], let runs = options["--runs"].flatMap(Int.init), runs > 0,
        let photos = options["--photos"].flatMap(Int.init)
    else {
        fail(usage)
    }
    let pages = Set((options["--pages"] ?? "").split(separator: ",").map(String.init))
    guard !pages.isEmpty, pages.isSubset(of: ["album", "map"]), let cache = options["--cache"], ["warm", "cold"].contains(cache) else {
        fail(usage)
    }
    while base.hasSuffix("/") { base.removeLast() }

    let browser = try WebDriver(windowWidth: 1280, windowHeight: 2400)
    defer { browser.quit() }
    FileHandle.standardError.write(Data("tourist-bench: chromium \(browser.startupTimings)\n".utf8))
    // Without the CDP passthrough the poller is installed by `executeAsync` after the load event;
    // a run whose condition already held then is only an upper bound, and is flagged.
    var injected = true
    do {
        try browser.command(
            "POST", "/goog/cdp/execute", ["cmd": "Page.addScriptToEvaluateOnNewDocument", "params": ["source": poller(photos: photos)]])
    } catch {
        injected = false
        FileHandle.standardError.write(
            Data("tourist-bench: no CDP passthrough (\(error)); polling from executeAsync after the load event instead\n".utf8))
    }

    func measure(_ page: String, url: String, width: Int, height: Int) throws -> [String: Any] {
        try browser.setWindowSize(width: width, height: height)
        var visits: [[String: Any]] = []
        for run in 0...runs {  // run 0 is the uncounted first visit
            try browser.navigate(to: "about:blank")
            if cache == "cold" {
                try browser.command("POST", "/goog/cdp/execute", ["cmd": "Network.clearBrowserCache", "params": [String: String]()])
            }
            try browser.navigate(to: url)
            var result: [String: Any]?
            let deadline = Date().addingTimeInterval(30)
            while result == nil {
                let answer = try browser.executeAsync(collector(photos: photos)) as? [String: Any]
                if answer?["frame"] is NSNumber { result = answer }
                guard result != nil || Date() < deadline else {
                    let last = answer.map { "\($0)" } ?? "nothing"
                    fail("\(page) page \(url): the condition did not hold within 30 s of the load event (last state: \(last))")
                }
            }
            var visit = result!
            visit["run"] = run
            if !injected { visit["installedAfterLoad"] = true }
            visits.append(visit)
            let ms = { (key: String) in ((visit[key] as? NSNumber)?.doubleValue).map { String(format: "%.1f", $0) } ?? "-" }
            FileHandle.standardError.write(
                Data(
                    "tourist-bench: \(page) run \(run)\(run == 0 ? " (first visit, not counted)" : ""): condition \(ms("condition")) ms, frame \(ms("frame")) ms, load event \(ms("loadEventEnd")) ms\n"
                        .utf8))
        }
        let counted = Array(visits.dropFirst())
        let key = page == "album" ? "condition" : "frame"
        let times = counted.compactMap { ($0[key] as? NSNumber)?.doubleValue }.sorted()
        let median = times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
        let upperBounds = counted.filter { $0["heldAtFirstCheck"] as? Bool == true && $0["installedAfterLoad"] as? Bool == true }.count
        return [
            "url": url, "window": [width, height], "measure": key, "runs": times.count,
            "median_ms": median, "max_ms": times.last ?? 0, "min_ms": times.first ?? 0, "times_ms": times,
            "first_visit_ms": (visits[0][key] as? NSNumber)?.doubleValue ?? 0,
            "upper_bound_runs": upperBounds, "visits": visits,
        ]
    }

    var measured: [(String, [String: Any])] = []
    if pages.contains("album") { measured.append(("album", try measure("album", url: "\(base)/pins/\(pin)", width: 1280, height: 2400))) }
    if pages.contains("map") { measured.append(("map", try measure("map", url: "\(base)/", width: 1280, height: 800))) }
    var report: [String: Any] = [
        "browser": "chromium (headless), chromedriver",
        "poller": injected ? "installed before the page's scripts (CDP)" : "installed by executeAsync after the load event",
        "http_cache": cache == "cold"
            ? "cold: emptied before every run (each a first visit); one uncounted run first; about:blank between runs"
            : "warm: one uncounted first visit per page, same profile; about:blank between runs",
    ]
    for (name, result) in measured { report[name] = result }
    let json = try JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys])
    if let file = options["--json"] {
        try json.write(to: URL(fileURLWithPath: file))
    } else {
        FileHandle.standardOutput.write(json)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
    for (name, result) in measured {
        let median = result["median_ms"] as? Double ?? 0, max = result["max_ms"] as? Double ?? 0
        FileHandle.standardError.write(
            Data(String(format: "tourist-bench: %@ page: median %.1f ms, max %.1f ms (%d runs)\n", name, median, max, runs).utf8))
    }
}

private let usage =
    "usage: tourist-bench page-timings --base URL --pin ID [--runs N] [--photos N] [--pages album,map] [--cache warm|cold] [--json FILE]"

/// The poller, installed in every new document of the top frame served over http: it records
/// `window.__touristBench` = {condition, frame} (ms since navigation start) once the page's
/// condition holds and one animation frame after that, checking on a setTimeout(0) loop.
private func poller(photos: Int) -> String {
    """
    (() => {
      if (window.top !== window || location.protocol !== 'http:' || window.__touristBench) return;
      const album = location.pathname.startsWith('/pins/');
      const holds = album
        ? () => {
            if (!document.body || document.body.dataset.ready !== '1') return false;
            const images = document.querySelectorAll('#album-grid .photo-tile[data-state=stored] img.photo-thumb');
            if (images.length !== \(photos)) return false;
            for (const image of images) if (!(image.complete && image.naturalWidth > 0)) return false;
            return true;
          }
        : () => !!document.body && document.body.dataset.ready === '1' && performance.getEntriesByName('tourist-map-interactive').length > 0
            && document.querySelector('.leaflet-marker-icon') !== null && document.querySelector('.city-label') !== null
            && document.querySelector('#place-search') !== null;
      const result = { page: album ? 'album' : 'map', checks: 0 };
      window.__touristBench = result;
      const check = () => {
        result.checks += 1;
        if (holds()) {
          result.condition = performance.now();
          result.heldAtFirstCheck = result.checks === 1;
          requestAnimationFrame(() => { result.frame = performance.now(); });
        } else {
          setTimeout(check, 0);
        }
      };
      check();
    })();
    """
}

/// The `executeAsync` script: installs the poller if the document has none, waits (up to 8 s)
/// for its frame time, and answers with it, the navigation's timings and the main requests'.
private func collector(photos: Int) -> String {
    """
    const done = arguments[arguments.length - 1];
    \(poller(photos: photos))
    const started = performance.now();
    const answer = () => {
      const result = Object.assign({}, window.__touristBench);
      const nav = performance.getEntriesByType('navigation')[0];
      if (nav) {
        result.responseEnd = nav.responseEnd;
        result.domContentLoadedEventEnd = nav.domContentLoadedEventEnd;
        result.loadEventEnd = nav.loadEventEnd;
      }
      result.innerWidth = window.innerWidth;
      result.innerHeight = window.innerHeight;
      result.markerIcons = document.querySelectorAll('.leaflet-marker-icon').length;
      result.resources = performance.getEntriesByType('resource')
        .filter((entry) => /\\/api\\/|\\.js$|\\.geojson$|\\.css$|\\/blobs\\//.test(entry.name))
        .map((entry) => ({
          name: new URL(entry.name).pathname.replace(/^\\/blobs\\/.*/, '/blobs/…'),
          start: Math.round(entry.startTime * 10) / 10, end: Math.round(entry.responseEnd * 10) / 10,
          transferSize: entry.transferSize,
        }));
      return result;
    };
    (function wait() {
      const result = window.__touristBench;
      if (result && result.frame !== undefined) done(answer());
      else if (performance.now() - started > 8000) done(answer());
      else setTimeout(wait, 5);
    })();
    """
}
