/// What `config check` finds: every provider's own configuration checks pass (else the first
/// problem is thrown), the effective config (`EffectiveConfig`), and the providers that are not
/// set up yet and are passed by until they are (Flickr without an API key).
public struct ConfigCheck: Sendable {
    /// The config in force, as a config file.
    public let effective: JSONValue
    /// One line per enabled provider that lacks its credentials: what to set, and what happens
    /// until then.
    public let warnings: [String]

    /// Checks the providers of `router` (made from `config` without a store) and renders `config`
    /// with `storePath` as its store. A geocoder whose contact fails its check is an error here,
    /// though the other commands run with it (`TouristConfig.Geocoder.problem`).
    public static func run(_ config: TouristConfig, router: Router, storePath: String, registry: ProviderRegistry) async throws
        -> ConfigCheck
    {
        if let problem = config.geocoder.problem { throw problem }
        var declared: [String: [ProviderOption]] = [:]
        var warnings: [String] = []
        for configured in router.providers {
            if let problem = await (configured.provider as? any ConfigurationChecking)?.configurationProblems().first { throw problem }
            declared[configured.name] = await (configured.provider as? any OptionDeclaring)?.declaredOptions()
            if let missing = missingCredentials(configured) {
                let others =
                    router.providers.count > 1
                    ? "until then it is passed by quietly and the next provider answers"
                    : "until then its searches fail (exit 77): no other provider is enabled"
                warnings.append("\(configured.name): \(missing.message); \(others)")
            }
        }
        let effective = EffectiveConfig.render(config, storePath: storePath, registry: registry, declared: declared)
        return ConfigCheck(effective: effective, warnings: warnings)
    }

    /// Why the provider cannot be used until credentials are set, when it says so before any request.
    private static func missingCredentials(_ configured: ConfiguredProvider) -> ProviderError? {
        do {
            try (configured.provider as? any RequestPreflight)?.preflight()
            return nil
        } catch let error as ProviderError where error.isMissingCredentials {
            return error
        } catch {
            return nil
        }
    }
}
