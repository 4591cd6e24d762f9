import FlickrStub
import Foundation

/// `tourist-bench serve-flickr DIR PHOTOS BYTES DELAY_MS`: a fake Flickr on 127.0.0.1 with PHOTOS
/// photos of BYTES bytes (size m) around the Eiffel Tower, adding DELAY_MS to every request. Writes
/// `DIR/endpoint` (the REST endpoint), `DIR/api-key`, `DIR/curl.cfg` (every image URL with an
/// output file, for `curl --parallel -K`) and `DIR/photos.csv` (the same photos with their image
/// URLs, for the example CSV plugin), then serves until killed.
func serveFlickr(directory: String, photos count: Int, bytes: Int, delayMs: Int) throws -> Never {
    let photos = FakePhoto.around(latitude: 48.8584, longitude: 2.2945, count: count, radiusKm: 2, sizes: ["m"], bytes: bytes)
    let key = "bench-key-0123456789"
    let fake = try FakeFlickr(apiKey: key, photos: photos, delay: .milliseconds(delayMs))
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let curlConfig = photos.enumerated().map { index, photo in
        "url = \"\(fake.imageURL(photo, size: "m"))\"\noutput = \"photo-\(index).jpg\"\n"
    }.joined()
    try curlConfig.write(toFile: directory + "/curl.cfg", atomically: true, encoding: .utf8)
    let rows = photos.map { "\($0.id),\($0.title),\($0.latitude),\($0.longitude),\(fake.imageURL($0, size: "m"))\n" }.joined()
    try ("id,title,latitude,longitude,url\n" + rows).write(toFile: directory + "/photos.csv", atomically: true, encoding: .utf8)
    try key.write(toFile: directory + "/api-key", atomically: true, encoding: .utf8)
    try fake.endpoint.write(toFile: directory + "/endpoint", atomically: true, encoding: .utf8)
    while true { sleep(3600) }
}
