import Commons
import Directory
import Exec
import Fixture
import Flickr
import TouristCore

/// The provider types built into tourist, listed in one place (like restic's
/// `internal/backend/all/all.go`) for both front ends.
///
/// Adding a built-in provider: its target under `Providers/Name/`, a `ProviderFactory` for its
/// `type`, one line below, and this target's dependency on it in Package.swift. A plugin needs no
/// line: `exec` runs any program, and a type found on PATH as `tourist-provider-TYPE` is one.
public enum BuiltInProviders {
    /// Every built-in type, in the order `tourist providers` lists them.
    public static let registry = ProviderRegistry([
        FlickrProviderFactory(),
        CommonsProviderFactory(),
        FixtureProviderFactory(),
        DirectoryProviderFactory(),
        ExecProviderFactory(),
    ])
}
