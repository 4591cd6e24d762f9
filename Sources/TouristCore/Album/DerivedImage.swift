/// A smaller image made from an album photo's stored original by a recipe (`ImageRecipe`): the
/// grid's thumbnail or the photo page's preview. Kept as a blob like any photo, referenced like a
/// kept view (`index/refs` line `PIN PHOTO RECIPE`), so it goes when the photo leaves the album.
/// It can always be made again from the original: a missing or damaged one is never damage.
public struct DerivedImage: Sendable, Codable, Equatable {
    /// What a derived image is for.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The album grid's square tile.
        case thumbnail
        /// The photo page's image.
        case preview
    }

    public var kind: Kind
    /// The id of the recipe that made it (`ImageRecipe.id`): a new recipe makes new ones.
    public var recipe: String
    public var sha256: String
    public var bytes: Int
    public var width: Int
    public var height: Int
    public var mimeType: String

    public init(kind: Kind, recipe: String, sha256: String, bytes: Int, width: Int, height: Int, mimeType: String) {
        self.kind = kind
        self.recipe = recipe
        self.sha256 = sha256
        self.bytes = bytes
        self.width = width
        self.height = height
        self.mimeType = mimeType
    }
}
