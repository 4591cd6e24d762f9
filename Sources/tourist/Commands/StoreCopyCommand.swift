import ArgumentParser
import Foundation
import TouristCore

/// `tourist store copy SRC DST`: a whole store from one place to another (folders, S3 buckets).
struct StoreCopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy a whole store between folders and S3 buckets, skipping what is there already.",
        discussion: """
            SRC and DST are each a folder or s3://BUCKET/PREFIX (credentials, region and endpoint \
            from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ENDPOINT_URL or \
            AWS_PROFILE, as awscli reads them). DST is created when empty. Every blob is hashed on \
            the way; blobs and pins DST has already are skipped, so a copy that was stopped resumes \
            where it was. A pin of DST in the way of one copied (the same id with another album, \
            or the same name with another id) stops the copy before anything is written, unless \
            --overwrite replaces it. Examples:
              tourist store copy ~/.local/share/tourist s3://photos/tourist
              tourist store copy s3://photos/tourist ~/tourist-backup
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The store to copy: a folder or s3://BUCKET/PREFIX.") var source: String
    @Argument(help: "Where to copy it: a folder or s3://BUCKET/PREFIX.") var destination: String
    @Flag(help: "Replace the pins of DST in the way of those copied (the same id with another album, or the same name with another id).")
    var overwrite = false

    func run() async throws {
        try await Session.run(global) { session in
            let from = try session.store(at: source)
            let to = try session.store(at: destination)
            guard from.location != to.location else {
                throw CommandFailure.usage("\(source) and \(destination) are the same store; name two different places")
            }
            let bar = ProgressBar.make(for: session)
            let started = Date()
            let report = try await BlockingIO.run { try from.copy(to: to, overwrite: overwrite) { bar?.update($0) } }
            bar?.finish()
            if session.options.json {
                try session.printJSON(report)
            } else {
                let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
                let there = "\(Plural.count(report.pinsPresent, "pin")) and \(Plural.count(report.blobsPresent, "blob")) were there already"
                session.say(
                    "Copied \(Plural.count(report.pins, "pin")) and \(Plural.count(report.blobsCopied, "blob")) (\(Format.bytes(report.bytesCopied))) from \(from.location) to \(to.location) in \(seconds) s; \(there)."
                )
                if !report.replaced.isEmpty {
                    session.say(
                        "Replaced \(Plural.count(report.replaced.count, "pin")) of \(to.location): \(report.replaced.map(\.description).joined(separator: "; "))."
                    )
                }
            }
            return 0
        }
    }
}
