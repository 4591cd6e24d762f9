import ArgumentParser
import Foundation
import TouristCore

/// What the shell completion scripts (`tourist --generate-completion-script bash|zsh|fish`) offer
/// beyond options: the pins of the store and the providers of the config the command line names
/// (`--store`, `--config`, else the environment and defaults, as a command would use them). They
/// read without opening the store, so completing never waits for a lock or creates anything.
enum Completions {
    /// Pin names and ids.
    static let pins = CompletionKind.custom { words, _, _ in
        guard let options = GlobalOptions.fromCompletion(words), case .folder(let root)? = try? Session(options).storeAddress() else {
            return []
        }
        let pins = Store.pinsWithoutOpening(root: root)
        return pins.map(\.name) + pins.map(\.id)
    }

    /// The configured providers' names.
    static let providers = CompletionKind.custom { words, _, _ in
        guard let options = GlobalOptions.fromCompletion(words) else { return [] }
        return (try? Session(options).config().providers.map(\.name)) ?? []
    }
}

extension GlobalOptions {
    /// The `--store` and `--config` a command line being completed gives (`--store PATH` or
    /// `--store=PATH`), the rest left at their defaults; nil when they cannot be read.
    static func fromCompletion(_ words: [String]) -> GlobalOptions? {
        var kept: [String] = []
        for (index, word) in words.enumerated() {
            for option in ["--store", "--config"] {
                if word == option, index + 1 < words.count {
                    kept += [option, words[index + 1]]
                } else if word.hasPrefix(option + "=") {
                    kept.append(word)
                }
            }
        }
        return try? GlobalOptions.parse(kept)
    }
}
