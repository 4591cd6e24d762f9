import Foundation

/// Turns S3's answers that are not what an operation expects, and failures to get an answer, into
/// `StoreError`s a user can act on. Each message names the store (`s3://BUCKET/PREFIX`), its
/// endpoint and the key; none holds the secret key (messages are scrubbed of it, in case a server
/// ever echoed it).
struct S3Failure: Sendable {
    let addressing: S3Addressing

    /// The error code and message of an S3 error answer (`<Error><Code>…<Message>…`).
    struct Detail {
        let code: String?
        let message: String?

        init(_ response: HTTPResponse) {
            let root = S3XMLElement.parse(response.body).flatMap { $0.name == "Error" ? $0 : nil }
            code = root?.text(of: "Code").flatMap { $0.isEmpty ? nil : $0 }
            message = root?.text(of: "Message").flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// Whether `response` says that the key has no object (a 404 that is not about the bucket).
    static func isMissingKey(_ response: HTTPResponse) -> Bool {
        response.status == 404 && Detail(response).code != "NoSuchBucket"
    }

    /// The response of `outcome`, or the error for the failure to get one; `doing` says what was
    /// being done, as in "read index/pins.json", and `limit` what bounded the answer's body.
    func answer(_ outcome: Result<HTTPResponse, any Error>, _ doing: String, limit: S3SizeLimit = .answer) throws(StoreError)
        -> HTTPResponse
    {
        switch outcome {
        case .success(let response): return response
        case .failure(let error): throw self.error(error, doing, limit: limit)
        }
    }

    /// The error for a failure to get an answer: one larger than `limit` (refused by its
    /// Content-Length, or cut off once past it), the store cannot be reached (what kept failing
    /// through the retries), or the request could not be made (a staged file that cannot be read).
    func error(_ failure: any Error, _ doing: String, limit: S3SizeLimit = .answer) -> StoreError {
        if (failure as? HTTPError)?.isTooLarge == true {
            return scrubbed(
                limit.kind,
                "cannot \(doing) in \(store): the answer from \(addressing.base) is larger than \(limit.what); nothing of it was kept")
        }
        let why = (failure as? HTTPError)?.message ?? String(describing: failure)
        guard (failure as? HTTPError)?.isRetryable ?? true else {
            return scrubbed(.io, "cannot \(doing) in \(store): \(why)")
        }
        return scrubbed(
            .unavailable,
            "cannot reach the store \(store) at \(addressing.base) to \(doing): \(why). Check AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL (or the profile's endpoint_url) and the network"
        )
    }

    /// The error for an answer the operation did not expect.
    func error(_ response: HTTPResponse, _ doing: String) -> StoreError {
        let detail = Detail(response)
        let said = ["HTTP \(response.status)", detail.code, detail.message].compactMap { $0 }.joined(separator: " ")
        switch response.status {
        case 401, 403:
            return scrubbed(
                .unauthorized,
                "the store \(store) at \(addressing.base) refused access key \(addressing.signing.accessKeyID) to \(doing) (\(said)). Check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the keys of the profile (AWS_PROFILE) in ~/.aws/credentials, and that they may use the bucket \(bucket)"
            )
        case 404 where detail.code == "NoSuchBucket":
            return scrubbed(
                .unusable,
                "the bucket \(bucket) does not exist at \(addressing.base); create it with `aws s3 mb s3://\(bucket)` (add --endpoint-url \(addressing.base) for a non-AWS store)"
            )
        case 500, 502, 503, 504:
            return scrubbed(.unavailable, "the store \(store) at \(addressing.base) keeps failing to \(doing) (\(said)); try again later")
        case 300...399:
            let target = response.headers["location"].flatMap(URL.init(string:)).map { " to \(HTTPClient.redacted($0))" } ?? ""
            return scrubbed(
                .unavailable,
                "the store \(store) at \(addressing.base) answered the request to \(doing) with a redirect (HTTP \(response.status))\(target), which tourist does not follow with signed requests. Set AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL (and AWS_REGION) to the endpoint that serves the bucket"
            )
        default:
            // The service answered what no S3 operation of tourist's expects: it is the service's
            // failure (69), not this machine's I/O (74).
            return scrubbed(.unavailable, "cannot \(doing) in \(store): \(addressing.base) answered \(said)")
        }
    }

    private var store: String { addressing.location.description }
    private var bucket: String { addressing.location.bucket }

    private func scrubbed(_ kind: StoreError.Kind, _ message: String) -> StoreError {
        let secret = addressing.signing.secretAccessKey
        return StoreError(kind, secret.isEmpty ? message : message.replacingOccurrences(of: secret, with: "[secret key]"))
    }
}
