/// A provider type whose photo ids can change form: a directory provider's ids were files'
/// absolute paths before they were paths relative to its folders, and they depend on its list of
/// folders. `Library.upgradePhotoIDs` asks it, once per change, how to rename the photos the store
/// keeps, so albums, what a pin has shown and what was removed keep meaning the same photos.
public protocol PhotoIDUpgrading: ProviderFactory {
    /// The renaming for a provider of this type with `options`, given the scheme its ids had when
    /// the store's photos were last renamed (nil: never; ids of any earlier form).
    func photoIDUpgrade(options: ProviderOptions, previousScheme: String?) throws -> PhotoIDUpgrade
}

/// How to bring the ids of one provider's stored photos up to date (`PhotoIDUpgrading`).
public struct PhotoIDUpgrade: Sendable {
    /// What the provider's ids depend on now, as text (a directory provider's folders, one a
    /// line). Kept in the provider's state folder, so the store is renamed again only when it changes.
    public var scheme: String
    /// The id the provider gives now to the photo stored as `id`; nil when `id` is current, or
    /// not one it can tell (a file outside its folders keeps its id).
    public var currentID: @Sendable (String) -> String?

    public init(scheme: String, currentID: @escaping @Sendable (String) -> String?) {
        self.scheme = scheme
        self.currentID = currentID
    }
}
