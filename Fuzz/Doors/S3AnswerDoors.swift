import Foundation
import TouristCore

/// An S3 answer's XML (a listing, an error), as `S3XMLElement` reads it. Contract: no trap, no
/// hang; every element it gives has a name, without white space or `/` in it.
enum S3XMLDoor {
    static func check(_ bytes: [UInt8]) {
        guard let root = S3XMLElement.parse(bytes) else { return }
        var elements = [root]
        while let element = elements.popLast() {
            contract(
                !element.name.isEmpty
                    && !element.name.unicodeScalars.contains { $0 == "/" || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" },
                "an element named \(element.name.debugDescription)"
            )
            elements += element.children
        }
    }
}

/// A page of a ListObjectsV2 answer, as `S3ListPage` reads it. Contract: no trap, no hang; a page
/// that goes on says where (a token that is not empty); every listed time is a real time.
enum S3ListingDoor {
    static func check(_ bytes: [UInt8]) {
        guard let page = S3ListPage(parsing: Data(bytes)) else { return }
        contract(page.continuation.map { !$0.isEmpty } ?? true, "a page that goes on from an empty token")
        for entry in page.entries {
            contract(
                entry.modified.map { $0.timeIntervalSince1970.isFinite } ?? true,
                "\(entry.key.debugDescription) modified at \(String(describing: entry.modified))")
        }
    }
}

/// A time as S3 writes it (`S3Dates`): a listing's ISO 8601 `LastModified`, a `Last-Modified`
/// header. Contract: no trap; a time read is a real time, and an ISO 8601 one written again
/// (with milliseconds) reads back the same to the millisecond.
enum S3DatesDoor {
    static func check(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        if let date = S3Dates.httpDate(text) {
            contract(date.timeIntervalSince1970.isFinite, "\(text.debugDescription) read as \(date)")
        }
        guard let date = S3Dates.iso8601(text) else { return }
        contract(date.timeIntervalSince1970.isFinite, "\(text.debugDescription) read as \(date)")
        let written = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        let again = S3Dates.iso8601(written)
        contract(
            again.map { abs($0.timeIntervalSince(date)) < 0.001 } == true,
            "\(text.debugDescription) read as \(date), written as \(written), read back as \(String(describing: again))")
    }
}

/// `~/.aws/credentials` and `~/.aws/config` (the bytes before the first NUL, and those after), as
/// `S3Settings.resolve` reads them for the profile `default` and for a profile `fuzz`. Contract:
/// settings with credentials and a region that are not empty and an http or https endpoint with a
/// host, or an error that names what to set and never quotes a secret the files hold.
enum AWSFilesDoor {
    static func check(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let credentials = String(decoding: bytes[..<split], as: UTF8.self)
        let config = String(decoding: bytes[split...].dropFirst(), as: UTF8.self)
        let files = ["/home/fuzz/.aws/credentials": credentials, "/home/fuzz/.aws/config": config]
        for profile in ["default", "fuzz"] {
            do {
                let settings = try S3Settings.resolve(environment: ["HOME": "/home/fuzz", "AWS_PROFILE": profile]) { files[$0] }
                let signing = settings.signing
                contract(
                    !signing.accessKeyID.isEmpty && !signing.secretAccessKey.isEmpty && !signing.region.isEmpty,
                    "profile \(profile): credentials or region empty: \(signing.accessKeyID.debugDescription), region \(signing.region.debugDescription)"
                )
                contract(
                    ["http", "https"].contains(settings.endpoint.scheme?.lowercased()) && settings.endpoint.host != nil,
                    "profile \(profile): endpoint \(settings.endpoint)")
            } catch {
                for secret in secrets(in: credentials) {
                    contract(!error.description.contains(secret), "profile \(profile): the error quotes a secret: \(error)")
                }
            }
        }
    }

    /// The values of `aws_secret_access_key` lines long enough to be told apart from the message's words.
    static func secrets(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "aws_secret_access_key" else {
                return nil
            }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            return value.count >= 12 ? value : nil
        }
    }
}
