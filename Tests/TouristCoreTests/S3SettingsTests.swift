import Foundation
import Testing
@testable import TouristCore

/// `s3://` locations and the settings to reach S3, found as awscli, boto3 and rclone find them.
@Suite struct S3SettingsTests {
    static let secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"

    @Test func locationsAreParsedAndRefusedWithTheFix() throws {
        let top = try S3Location(parsing: "s3://my-photos")
        #expect(top.bucket == "my-photos" && top.prefix == "" && top.key("VERSION") == "VERSION" && "\(top)" == "s3://my-photos")
        let nested = try S3Location(parsing: "s3://team.bucket-1/albums//tourist/")
        #expect(nested.prefix == "albums/tourist" && nested.key("index/pins.json") == "albums/tourist/index/pins.json")
        #expect("\(nested)" == "s3://team.bucket-1/albums/tourist")
        for (text, says) in [
            ("/home/me/store", "is not an S3 location: write s3://BUCKET or s3://BUCKET/PREFIX"),
            ("s3://My_Photos/x", "\"My_Photos\" is not a bucket name"),
            ("s3://ab", "\"ab\" is not a bucket name"),
            ("s3://-photos", "\"-photos\" is not a bucket name"),
            ("s3://photos/a/../b", "the prefix may not hold"),
        ] {
            #expect(throws: S3SettingsError.self, "\(text)") { try S3Location(parsing: text) }
            do { _ = try S3Location(parsing: text) } catch { #expect(error.description.contains(says), "\(text): \(error)") }
        }
    }

    @Test func aStoreIsNamedByFolderOrBucketAndEachMachineKeepsItsOwnFiles() throws {
        let environment = ["HOME": "/home/me", "XDG_CACHE_HOME": "/fast/cache"]
        let bucket = try StoreAddress("s3://team-photos/tourist", environment: environment, relativeTo: "/work")
        #expect(bucket == .s3(try S3Location(parsing: "s3://team-photos/tourist")) && "\(bucket)" == "s3://team-photos/tourist")
        #expect(bucket.cacheDirectory(environment: environment) == "/fast/cache/tourist/s3/team-photos/tourist")
        #expect(bucket.stateDirectory(environment: environment) == "/home/me/.local/state/tourist/s3/team-photos/tourist")
        let folder = try StoreAddress("~/photos", environment: environment, relativeTo: "/work")
        #expect(folder == .folder("/home/me/photos") && folder.cacheDirectory(environment: environment) == nil)
        #expect(folder.stateDirectory(environment: environment) == "/home/me/photos/state")
        #expect(try StoreAddress("lib", environment: environment, relativeTo: "/work") == .folder("/work/lib"))
        #expect(throws: S3SettingsError.self) { try StoreAddress("s3://Bad_Bucket", environment: environment, relativeTo: "/work") }
    }

    @Test func theConfigsStoreMayBeABucket() throws {
        let registry = ProviderRegistry([])
        let loader = ConfigLoader(registry: registry, environment: [:], workingDirectory: "/work")
        let config = try loader.parse(Array(#"{"store": "s3://team-photos/tourist/"}"#.utf8), path: "/etc/t/config.json")
        #expect(config.storePath == "s3://team-photos/tourist")
        #expect(throws: ConfigError.self) { try loader.parse(Array(#"{"store": "s3://x"}"#.utf8), path: "/etc/t/config.json") }
        #expect(try loader.parse(Array(#"{"store": "lib"}"#.utf8), path: "/etc/t/config.json").storePath == "/etc/t/lib")
    }

    @Test func theEnvironmentComesFirstThenTheProfileThenAWSItself() throws {
        let files = [
            "/h/.aws/credentials":
                "[default]\naws_access_key_id = FILEKEY\naws_secret_access_key = file-secret\n\n[work]\naws_access_key_id=WORKKEY\naws_secret_access_key=work-secret\naws_session_token = work-token\n",
            "/h/.aws/config":
                "# awscli's config\n[default]\nregion = eu-north-1\n[profile work]\nregion = eu-west-3\nendpoint_url = http://127.0.0.1:7480\ns3 =\n    addressing_style = path\n",
        ]
        func resolve(_ environment: [String: String]) throws -> S3Settings {
            try S3Settings.resolve(environment: ["HOME": "/h"].merging(environment) { $1 }) { files[$0] }
        }
        let fromFiles = try resolve([:])
        #expect(
            fromFiles.signing.accessKeyID == "FILEKEY" && fromFiles.signing.secretAccessKey == "file-secret"
                && fromFiles.signing.region == "eu-north-1")
        #expect(fromFiles.endpoint.absoluteString == "https://s3.eu-north-1.amazonaws.com")
        let work = try resolve(["AWS_PROFILE": "work"])
        #expect(work.signing.accessKeyID == "WORKKEY" && work.signing.sessionToken == "work-token" && work.signing.region == "eu-west-3")
        #expect(work.endpoint.absoluteString == "http://127.0.0.1:7480")
        let environment = try resolve([
            "AWS_PROFILE": "work", "AWS_ACCESS_KEY_ID": "ENVKEY", "AWS_SECRET_ACCESS_KEY": Self.secret, "AWS_DEFAULT_REGION": "ap-south-1",
            "AWS_ENDPOINT_URL": "http://127.0.0.1:9000", "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:8000",
        ])
        #expect(
            environment.signing.accessKeyID == "ENVKEY" && environment.signing.secretAccessKey == Self.secret
                && environment.signing.sessionToken == nil)
        #expect(environment.signing.region == "ap-south-1" && environment.endpoint.absoluteString == "http://127.0.0.1:8000")
        #expect(try resolve(["AWS_REGION": "us-west-2", "AWS_DEFAULT_REGION": "ap-south-1"]).signing.region == "us-west-2")
        #expect(try resolve(["AWS_ENDPOINT_URL": "http://127.0.0.1:9000"]).endpoint.absoluteString == "http://127.0.0.1:9000")
        let moved = try S3Settings.resolve(environment: [
            "HOME": "/nowhere", "AWS_SHARED_CREDENTIALS_FILE": "/h/.aws/credentials", "AWS_CONFIG_FILE": "/h/.aws/config",
        ]) { files[$0] }
        #expect(moved.signing.accessKeyID == "FILEKEY" && moved.signing.region == "eu-north-1")
    }

    @Test func missingCredentialsAndABadEndpointSayWhatToSetAndNeverTheSecret() throws {
        do {
            _ = try S3Settings.resolve(environment: ["HOME": "/h", "AWS_PROFILE": "none"]) { _ in nil }
            Issue.record("resolved without credentials")
        } catch {
            #expect(
                error.description
                    == "no S3 credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or aws_access_key_id and aws_secret_access_key in the [none] section of /h/.aws/credentials"
            )
        }
        do {
            _ = try S3Settings.resolve(environment: [
                "AWS_ACCESS_KEY_ID": "K", "AWS_SECRET_ACCESS_KEY": Self.secret, "AWS_ENDPOINT_URL": "ftp://files",
            ]) { _ in nil }
            Issue.record("accepted an ftp endpoint")
        } catch {
            #expect(error.description.contains("\"ftp://files\" is not an http or https URL") && !error.description.contains(Self.secret))
        }
    }
}
