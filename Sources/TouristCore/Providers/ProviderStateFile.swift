import Foundation

/// Files a provider keeps in its state folder (`ProviderContext.stateDirectory`) across runs, such
/// as a directory provider's scan index: read whole, and replaced atomically (temporary file, fsync,
/// rename, fsync the folder), so a reader sees the old content or the new, never a mix, even after
/// a crash.
public enum ProviderStateFile {
    /// The file's bytes, or nil when it does not exist.
    public static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        try FileSystem.read(path)
    }

    /// Replaces the file at `path` with `bytes`, creating its folder when missing.
    public static func write(_ bytes: [UInt8], to path: String) throws(StoreError) {
        try FileSystem.makeDirectory((path as NSString).deletingLastPathComponent)
        try FileSystem.writeAtomically(bytes, to: path)
    }
}
