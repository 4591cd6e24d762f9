extension Library {
    /// Renames the photos the store keeps for each configured provider whose ids changed form
    /// (`PhotoIDUpgrading`: a directory provider's ids were absolute paths in earlier versions, and
    /// follow its list of folders), in every album, once per change: the provider's state folder
    /// keeps the scheme its stored ids follow (`photo-ids`). Front ends call it when they open the
    /// library. A store that can only be read is left as it is; a renaming that fails is said on
    /// stderr and tried again by the next command, and loses nothing (each album changes whole).
    /// Returns how many photos were renamed.
    @discardableResult
    public func upgradePhotoIDs() -> Int {
        guard store.readOnlyReason == nil else { return 0 }
        var total = 0
        for entry in config.providers {
            guard let factory = providers.loader.registry.factories.first(where: { $0.type == entry.type }) as? any PhotoIDUpgrading else {
                continue
            }
            let marker = ConfigLoader.stateDirectory(ofProvider: entry.name, in: store.stateDirectory) + "/photo-ids"
            do {
                let previous = try ProviderStateFile.read(marker).map { String(decoding: $0, as: UTF8.self) }
                let upgrade = try factory.photoIDUpgrade(options: entry.options, previousScheme: previous)
                guard upgrade.scheme != previous else { continue }
                var renamed = 0
                for pin in try store.albumIDs() {
                    renamed += try store.transaction { try $0.renamePhotos(ofProvider: entry.name, inPin: pin, upgrade.currentID) }
                }
                try ProviderStateFile.write(Array(upgrade.scheme.utf8), to: marker)
                if renamed > 0 {
                    providers.logger.notice(
                        "\(entry.name): \(Plural.count(renamed, "photo")) in albums renamed to the ids this version gives them (paths relative to the provider's folders)"
                    )
                }
                total += renamed
            } catch {
                providers.logger.warning(
                    "\(entry.name): the ids of its photos in the store could not all be renamed (\(error)); the next command tries again")
            }
        }
        return total
    }
}
