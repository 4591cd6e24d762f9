/// How a provider that reads local files (a folder of photos, a fixture set) words what
/// `FileStreaming` throws: a file that cannot be had is `notFound`, one that fails midway
/// `invalidResponse`, with the same message.
extension ProviderError {
    /// The provider's failure for a local file that could not be streamed.
    public init(_ error: FileStreamingError) {
        self = error.isMissing ? .notFound(error.message) : .invalidResponse(error.message)
    }

    /// Streams the file at `path` into `sink` (`FileStreaming.copy`), throwing its
    /// `FileStreamingError` as the `ProviderError` of its class.
    public static func streamingFile(_ path: String, into sink: any BlobSink) throws {
        do {
            try FileStreaming.copy(path: path, into: sink)
        } catch let error as FileStreamingError {
            throw ProviderError(error)
        }
    }
}
