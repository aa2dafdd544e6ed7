import Foundation

/// Where blobs live in an S3-compatible store: a bucket, an optional key prefix, the region and
/// the server. Written as `s3://bucket[/prefix]?endpoint=http://127.0.0.1:9000&region=us-east-1`.
///
/// Without `endpoint` the location is AWS itself (`https://s3.<region>.amazonaws.com`), addressed
/// virtual-host style (`bucket.s3.<region>.amazonaws.com/key`), as AWS prefers. With an endpoint
/// (MinIO, Ceph RGW, Garage, R2, moto) it is addressed path style (`endpoint/bucket/key`), which
/// every S3 implementation understands and which needs no wildcard DNS.
public struct S3Location: Sendable, Equatable {
    /// The bucket's name.
    public let bucket: String
    /// The key prefix given in the URL's path, `""` or ending in `/` (`"photos/"`).
    public let keyPrefix: String
    /// The signing region (`us-east-1` unless given; moto and MinIO accept it).
    public let region: String
    /// `http` or `https`.
    public let scheme: String
    /// The host requests go to, with the port when it is not the scheme's default: the `Host`
    /// header that is signed must be exactly the one sent.
    public let host: String
    /// Whether the bucket is the first path segment (`true`) or part of the host name.
    public let usesPathStyle: Bool

    /// Parses an `s3://` URL.
    ///
    /// - Throws: ``S3ConfigurationError`` naming the part that is wrong; never echoes credentials.
    public init(parsing text: String) throws(S3ConfigurationError) {
        guard let components = URLComponents(string: text), components.scheme?.lowercased() == "s3" else {
            throw .notAnS3URL
        }
        guard components.user == nil, components.password == nil else { throw .credentialsInURL }
        guard components.port == nil else { throw .unexpectedURLPart("port") }
        guard components.fragment == nil else { throw .unexpectedURLPart("fragment") }
        guard let bucket = components.host, !bucket.isEmpty else { throw .missingBucket }

        var endpoint: String?
        var region: String?
        for item in components.queryItems ?? [] {
            switch item.name {
            case "endpoint":
                guard endpoint == nil else { throw .duplicateParameter("endpoint") }
                endpoint = item.value ?? ""
            case "region":
                guard region == nil else { throw .duplicateParameter("region") }
                region = item.value ?? ""
            default:
                throw .unknownParameter(item.name)
            }
        }
        let prefix = components.percentEncodedPath.removingPercentEncoding ?? components.percentEncodedPath
        try self.init(bucket: bucket, keyPrefix: prefix, region: region ?? "us-east-1", endpoint: endpoint)
    }

    /// A location from its parts; `endpoint` `nil` means AWS.
    ///
    /// - Throws: ``S3ConfigurationError`` for a bucket, prefix, region or endpoint that is not valid.
    public init(bucket: String, keyPrefix: String = "", region: String = "us-east-1", endpoint: String? = nil) throws(S3ConfigurationError) {
        guard Self.isValidBucket(bucket) else { throw .invalidBucket(bucket) }
        guard Self.isValidRegion(region) else { throw .invalidRegion(region) }
        self.bucket = bucket
        self.keyPrefix = try Self.normalizedPrefix(keyPrefix)
        self.region = region
        if let endpoint {
            (scheme, host) = try Self.parseEndpoint(endpoint)
            usesPathStyle = true
        } else {
            scheme = "https"
            // A dotted bucket name would not match the `*.s3…` certificate as a host name.
            usesPathStyle = bucket.contains(".")
            host = usesPathStyle ? "s3.\(region).amazonaws.com" : "\(bucket).s3.\(region).amazonaws.com"
        }
    }

    /// The unencoded request path of the object `key` (`/bucket/key` or `/key`); the signer
    /// encodes it, segment by segment.
    func path(forKey key: String) -> String {
        usesPathStyle ? "/\(bucket)/\(key)" : "/\(key)"
    }

    /// The unencoded request path of the bucket itself, for `HEAD` (health).
    var bucketPath: String {
        usesPathStyle ? "/\(bucket)" : "/"
    }

    /// The URL of `path` (unencoded) as it is sent, encoded exactly as it is signed.
    func url(forPath path: String) -> String {
        "\(scheme)://\(host)\(SigV4Signer.canonicalURI(path))"
    }

    /// `""`, or folders of safe characters joined by `/` and ending in `/`. Keys are built from
    /// this and a CID, so every key is made of characters no S3 implementation treats specially.
    static func normalizedPrefix(_ prefix: String) throws(S3ConfigurationError) -> String {
        var trimmed = Substring(prefix)
        while trimmed.first == "/" { trimmed = trimmed.dropFirst() }
        while trimmed.last == "/" { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty else { return "" }
        for folder in trimmed.split(separator: "/", omittingEmptySubsequences: false) {
            let allowed = folder.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
            }
            guard allowed, !folder.isEmpty, folder != ".", folder != ".." else { throw .invalidKeyPrefix(prefix) }
        }
        return trimmed + "/"
    }

    /// S3's bucket naming rules: 3–63 characters of `a-z 0-9 . -`, starting and ending with a
    /// letter or digit, no `..`, not shaped like an IP address.
    static func isValidBucket(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (3...63).contains(bytes.count) else { return false }
        let isLowerAlnum: (UInt8) -> Bool = {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
        guard let first = bytes.first, let last = bytes.last, isLowerAlnum(first), isLowerAlnum(last) else { return false }
        guard bytes.allSatisfy({ isLowerAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }) else { return false }
        guard !name.contains("..") else { return false }
        let parts = name.split(separator: ".")
        return !(parts.count == 4 && parts.allSatisfy { UInt8($0) != nil })
    }

    static func isValidRegion(_ region: String) -> Bool {
        let bytes = Array(region.utf8)
        return (1...32).contains(bytes.count) && bytes.first != UInt8(ascii: "-")
            && bytes.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || $0 == UInt8(ascii: "-")
            }
    }

    /// `http(s)://host[:port]` → scheme and `Host` header value (port only when not the default).
    static func parseEndpoint(_ text: String) throws(S3ConfigurationError) -> (scheme: String, host: String) {
        guard !text.isEmpty else { throw .invalidEndpoint(reason: "it is empty") }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .invalidEndpoint(reason: "it is not a URL")
        }
        guard scheme == "http" || scheme == "https" else { throw .invalidEndpoint(reason: "it must start with http:// or https://") }
        guard components.user == nil, components.password == nil else {
            throw .invalidEndpoint(reason: "it contains credentials; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead")
        }
        guard let rawHost = components.host, !rawHost.isEmpty else { throw .invalidEndpoint(reason: "it names no host") }
        guard components.percentEncodedPath.isEmpty || components.percentEncodedPath == "/" else {
            throw .invalidEndpoint(reason: "it has a path; give only scheme, host and port")
        }
        guard components.percentEncodedQuery == nil, components.fragment == nil else {
            throw .invalidEndpoint(reason: "it has a query or fragment; give only scheme, host and port")
        }
        guard rawHost.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "/" && $0 != "@" }) else {
            throw .invalidEndpoint(reason: "its host name has characters a host name cannot have")
        }
        let host = rawHost.contains(":") && !rawHost.hasPrefix("[") ? "[\(rawHost)]" : rawHost
        let defaultPort = scheme == "https" ? 443 : 80
        if let port = components.port {
            guard (1...65535).contains(port) else { throw .invalidEndpoint(reason: "its port is not between 1 and 65535") }
            return (scheme, port == defaultPort ? host : "\(host):\(port)")
        }
        return (scheme, host)
    }
}

extension S3Location: CustomStringConvertible {
    /// The location as an `s3://` URL, for start-up logs and `/health`; it never holds a secret.
    public var description: String {
        let endpoint = host.hasSuffix(".amazonaws.com") && scheme == "https" ? "" : "&endpoint=\(scheme)://\(host)"
        return "s3://\(bucket)/\(keyPrefix)?region=\(region)\(endpoint)"
    }
}
