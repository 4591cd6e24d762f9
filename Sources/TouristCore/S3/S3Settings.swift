import Foundation

/// How to reach S3: credentials, region and endpoint, found where awscli, boto3 and rclone users
/// already keep them.
///
/// - Credentials: `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`), else the
///   profile's `aws_access_key_id`, `aws_secret_access_key` and `aws_session_token` in
///   `~/.aws/credentials` (or `AWS_SHARED_CREDENTIALS_FILE`).
/// - The profile: `AWS_PROFILE`, else `default`; in `~/.aws/config` (or `AWS_CONFIG_FILE`) its section
///   is `[profile NAME]` (`[default]` for the default) and may hold `region` and `endpoint_url`.
/// - Region: `AWS_REGION`, else `AWS_DEFAULT_REGION`, else the profile's, else `us-east-1`.
/// - Endpoint: `AWS_ENDPOINT_URL_S3`, else `AWS_ENDPOINT_URL`, else the profile's `endpoint_url`, else
///   AWS itself (`https://s3.REGION.amazonaws.com`), always addressed path-style.
public struct S3Settings: Sendable {
    public let signing: AWSSigning
    public let endpoint: URL

    /// Reads the settings from `environment` and the files it points to (`readFile` returns nil for
    /// a missing file). Throws, naming what to set, when there are no credentials.
    public static func resolve(
        environment: [String: String], readFile: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }
    ) throws(S3SettingsError) -> S3Settings {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        let home = value("HOME") ?? NSHomeDirectory()
        let profile = value("AWS_PROFILE") ?? "default"
        let credentialsFile = value("AWS_SHARED_CREDENTIALS_FILE") ?? home + "/.aws/credentials"
        let configFile = value("AWS_CONFIG_FILE") ?? home + "/.aws/config"
        let credentialsIni = readFile(credentialsFile).map(IniFile.init(parsing:))
        let configIni = readFile(configFile).map(IniFile.init(parsing:))
        let credentials = credentialsIni?.sections[profile] ?? [:]
        let config = configIni?.sections[profile == "default" ? "default" : "profile \(profile)"] ?? [:]

        let fromEnvironment = value("AWS_ACCESS_KEY_ID").flatMap { id in
            value("AWS_SECRET_ACCESS_KEY").map { (id, $0, value("AWS_SESSION_TOKEN")) }
        }
        let fromFile = credentials["aws_access_key_id"].flatMap { id in
            credentials["aws_secret_access_key"].map { (id, $0, credentials["aws_session_token"]) }
        }
        guard let (accessKeyID, secret, token) = fromEnvironment ?? fromFile else {
            throw S3SettingsError(
                "no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or aws_access_key_id and aws_secret_access_key in the [\(profile)] section of \(credentialsFile)"
            )
        }
        let region = value("AWS_REGION") ?? value("AWS_DEFAULT_REGION") ?? config["region"] ?? "us-east-1"
        let endpointText =
            value("AWS_ENDPOINT_URL_S3") ?? value("AWS_ENDPOINT_URL") ?? config["endpoint_url"] ?? "https://s3.\(region).amazonaws.com"
        guard let endpoint = URL(string: endpointText), let scheme = endpoint.scheme?.lowercased(), scheme == "http" || scheme == "https",
            endpoint.host != nil
        else {
            // Quoted without any secret the variables or either file hold, any profile's, which a
            // mangled file can put on the endpoint's line (found by the aws-files fuzzing door).
            let secrets = [secret, token].compactMap { $0 } + (credentialsIni?.secrets ?? []) + (configIni?.secrets ?? [])
            let shown = secrets.sorted { $0.count > $1.count }.reduce(endpointText) { $0.replacingOccurrences(of: $1, with: "[secret]") }
            throw S3SettingsError(
                "the S3 endpoint \"\(shown)\" is not an http or https URL: fix AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL or endpoint_url")
        }
        return S3Settings(
            signing: AWSSigning(accessKeyID: accessKeyID, secretAccessKey: secret, sessionToken: token, region: region), endpoint: endpoint)
    }
}

/// The INI files of awscli and boto3: `[section]` headers and `key = value` lines; `#` and `;`
/// start comments; an indented line continues a nested block (ignored here).
struct IniFile {
    private(set) var sections: [String: [String: String]] = [:]
    /// Every secret key and session token the file holds, on any line of any profile (or of none),
    /// for keeping them out of messages.
    private(set) var secrets: [String] = []

    init(parsing text: String) {
        var current: String?
        for raw in text.split(whereSeparator: \.isNewline) {
            let indented = raw.first == " " || raw.first == "\t"
            let line = raw.trimmingCharacters(in: .whitespaces)
            if let equals = line.firstIndex(of: "="),
                ["aws_secret_access_key", "aws_session_token"].contains(line[..<equals].trimmingCharacters(in: .whitespaces).lowercased())
            {
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { secrets.append(value) }
            }
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") || indented { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                current = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let section = current, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            // An empty value is no value, as an empty variable is (found by the aws-files fuzzing door:
            // `aws_secret_access_key =` gave credentials with an empty secret).
            sections[section, default: [:]][key] = value.isEmpty ? nil : value
        }
    }
}
