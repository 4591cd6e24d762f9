import Foundation
import TouristCore

/// Takes the store's absolute paths out of what the API tells a browser. The core's messages name
/// the store's folder for the terminal ("no pin "x" in /home/ana/photos-store"); a page, and any
/// site that gets an error page from this server, has no business knowing where the store lies
/// on disk. Paths inside the store are kept relative to it (`index/albums/ID.json`), the folder
/// itself is "the store", and a store on S3 keeps its `s3://` name.
struct StorePathHiding: Sendable {
    /// The folders to hide, longest first (a folder inside another is replaced before it), each
    /// with what it becomes and what a path under it keeps in front.
    private let folders: [(path: String, name: String, inside: String)]

    init(_ store: Store) {
        var folders: [(path: String, name: String, inside: String)] = []
        if store.location.hasPrefix("/") { folders.append((store.location, "the store", "")) }
        folders.append((store.stateDirectory, "the store's state folder", "state/"))
        self.folders = folders.sorted { $0.path.count > $1.path.count }
    }

    /// `message` with every hidden folder replaced: "the store /s" and "/s" by "the store", a
    /// path "/s/index/x" by "index/x".
    func hiding(_ message: String) -> String {
        var text = message
        for folder in folders where !folder.path.isEmpty && text.contains(folder.path) {
            text = text.replacingOccurrences(of: folder.path + "/", with: folder.inside)
                .replacingOccurrences(of: "the store " + folder.path, with: folder.name)
                .replacingOccurrences(of: folder.path, with: folder.name)
        }
        return text
    }
}
