import Foundation

extension Harness {
    /// Makes `config/photos/SUBFOLDER` and `config/config.json` naming one directory provider,
    /// `pictures`, over `config/photos` (relatively, as users write it); returns both paths.
    func ownPhotos(in subfolder: String) throws -> (photos: String, config: String) {
        try FileManager.default.createDirectory(atPath: folder.child("config/photos/\(subfolder)"), withIntermediateDirectories: true)
        let config = try folder.write(
            "config/config.json", #"{ "providers": [ { "name": "pictures", "type": "directory", "path": "photos" } ] }"#)
        return (folder.child("config/photos"), config)
    }
}
