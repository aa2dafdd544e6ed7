public import Foundation

/// Why an S3 blob-store setting was refused at start-up. Each message names the part of the
/// setting at fault and never repeats a secret (a key pasted into the URL is reported, not shown).
public enum S3ConfigurationError: Error, Equatable, Sendable {
    /// The text is not a URL, or not an `s3://` one.
    case notAnS3URL
    /// `s3://` with no bucket name.
    case missingBucket
    /// The bucket name breaks S3's naming rules (3–63 characters: lower-case letters, digits, `.`, `-`).
    case invalidBucket(String)
    /// The URL carries a user name or password; credentials come from the environment instead.
    case credentialsInURL
    /// The URL has a port, fragment or other part an `s3://` location does not use.
    case unexpectedURLPart(String)
    /// A folder of the key prefix is empty, `.`/`..`, or has characters other than letters, digits, `.`, `_`, `-`.
    case invalidKeyPrefix(String)
    /// The `endpoint` parameter is not an `http(s)://host[:port]` URL.
    case invalidEndpoint(reason: String)
    /// The `region` parameter is not a region name such as `us-east-1`.
    case invalidRegion(String)
    /// A query parameter other than `endpoint` and `region`.
    case unknownParameter(String)
    /// The same query parameter twice.
    case duplicateParameter(String)
    /// A required environment variable is unset or empty.
    case missingEnvironmentVariable(String)
    /// A size limit or timeout that is zero or negative.
    case invalidLimit(name: String)
}

extension S3ConfigurationError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .notAnS3URL:
            "The blob store location is not an s3:// URL; write it as s3://bucket[/prefix]?endpoint=http://host:port&region=us-east-1."
        case .missingBucket:
            "The s3:// URL names no bucket; write it as s3://bucket[/prefix]."
        case .invalidBucket(let name):
            "\"\(name)\" is not a valid S3 bucket name: use 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit."
        case .credentialsInURL:
            "The s3:// URL contains credentials; remove them and set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead."
        case .unexpectedURLPart(let part):
            "The s3:// URL has a \(part), which an S3 location does not use; give the server with ?endpoint=http://host:port."
        case .invalidKeyPrefix(let prefix):
            "The key prefix \"\(prefix)\" is not valid: use folders of letters, digits, dots, underscores and hyphens separated by \"/\"."
        case .invalidEndpoint(let reason):
            "The endpoint parameter of the s3:// URL is not valid: \(reason). Write it as endpoint=http://host:port."
        case .invalidRegion(let region):
            "The region parameter \"\(region)\" is not a region name such as us-east-1."
        case .unknownParameter(let name):
            "The s3:// URL has an unknown parameter \"\(name)\"; only endpoint and region are understood."
        case .duplicateParameter(let name):
            "The s3:// URL gives the parameter \"\(name)\" more than once; give it once."
        case .missingEnvironmentVariable(let name):
            "The environment variable \(name) is not set; set it to the S3 access key's value."
        case .invalidLimit(let name):
            "The S3 blob store's \(name) must be greater than zero."
        }
    }
}
