import CommonsStub
import Foundation

/// `tourist-bench serve-commons DIR FILES DELAY_MS [SPACING_M [MAXLAG_EVERY RETRY_AFTER]]`: a fake
/// Wikimedia Commons on 127.0.0.1 with FILES photos around the Eiffel Tower (SPACING_M apart, 10 by
/// default, on a spiral, nearest first), adding DELAY_MS to every request; with MAXLAG_EVERY, every
/// MAXLAG_EVERY-th API request is answered with `maxlag` and `Retry-After: RETRY_AFTER`. Writes
/// `DIR/endpoint`, `DIR/curl.cfg` (the 250 px thumbnails of the 21 nearest photos, what a 21-photo
/// album downloads, with output files, for `curl --parallel -K`), then serves until killed, keeping
/// `DIR/requests` up to date: `API_REQUESTS IMAGE_REQUESTS MAXLAG_ANSWERS`.
func serveCommons(directory: String, files count: Int, delayMs: Int, spacingMetres: Double, steadyMaxlag: (every: Int, retryAfter: Int)?)
    throws -> Never
{
    let files = FakeCommonsFile.around(latitude: 48.8584, longitude: 2.2945, count: count, spacingMetres: spacingMetres)
    let fake = try FakeCommons(files: files, delay: .milliseconds(delayMs))
    fake.setModes { $0.steadyMaxlag = steadyMaxlag }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let curlConfig = files.prefix(21).enumerated().map { index, file in
        "url = \"\(fake.thumbnailURL(file, width: 250))\"\noutput = \"photo-\(index).jpg\"\n"
    }.joined()
    try curlConfig.write(toFile: directory + "/curl.cfg", atomically: true, encoding: .utf8)
    try fake.endpoint.write(toFile: directory + "/endpoint", atomically: true, encoding: .utf8)
    var written = ""
    while true {
        let counts = "\(fake.apiRequests.count) \(fake.imageRequests.count) \(fake.maxlagAnswers)\n"
        if counts != written {
            try counts.write(toFile: directory + "/requests", atomically: true, encoding: .utf8)
            written = counts
        }
        usleep(20_000)
    }
}
