import TouristCore

/// One line a plugin printed on stdout, read as a protocol answer: `{"id": N, "result": …}` or
/// `{"id": N, "error": {"code", "message"}}`.
package struct PluginAnswer: Sendable {
    /// The request it answers.
    package let id: Int
    /// The plugin's error, when `error` is there and not null.
    package let error: JSONValue?
    /// `result`, null when absent.
    package let result: JSONValue

    /// Nil when `line` is not JSON or has no whole-number `id`.
    package init?(line: [UInt8]) {
        guard let answer = try? JSONParser.parse(line), case .number(let number) = answer["id"] ?? .null, let id = Int(exactly: number)
        else {
            return nil
        }
        self.id = id
        error = answer["error"].flatMap { $0 == .null ? nil : $0 }
        result = answer["result"] ?? .null
    }

    /// This answer read as the answer to `method` (`hello`, `search`, `lookup`, `fetch` or
    /// `shutdown`) of plugin `plugin`, as `ExecProvider` reads it: the `ProviderError` it stands for,
    /// if any. A `shutdown` result is not read, so any is accepted.
    package func read(as method: String, plugin: String) -> ProviderError? {
        if let error { return PluginErrorCode.providerError(error, plugin: plugin, method: method, redact: { $0 }) }
        do throws(ProviderError) {
            switch method {
            case "hello": _ = try PluginHello(result, plugin: plugin)
            case "search": _ = try PluginSearchResult(result, provider: plugin, plugin: plugin)
            case "lookup": _ = try PluginPhoto.candidate(result, provider: plugin, plugin: plugin)
            case "fetch": _ = try PluginFetchedFile.Report(result, plugin: plugin)
            default: break
            }
            return nil
        } catch {
            return error
        }
    }
}
