import Crypto
import DAGCBOR
public import Foundation

/// AWS Signature Version 4 for S3, over swift-crypto: the canonical request, the string to sign,
/// the derived signing key and the `Authorization` header (AWS docs, "Signature Calculations for
/// the Authorization Header: Transferring Payload in a Single Chunk").
///
/// The payload is always signed by its SHA-256 (`x-amz-content-sha256`), never `UNSIGNED-PAYLOAD`,
/// so the server also refuses bytes changed on the way. Nothing here logs or describes the secret.
public struct SigV4Signer: Sendable {
    /// What a signed request must carry, and the intermediate texts (for tests and debugging;
    /// none of them contains the secret).
    public struct Signature: Sendable, Equatable {
        /// The canonical request: method, URI, query, headers, signed header names, payload hash.
        public let canonicalRequest: String
        /// `AWS4-HMAC-SHA256`, the time, the credential scope and the canonical request's hash.
        public let stringToSign: String
        /// The hex HMAC of the string to sign under the derived key.
        public let signature: String
        /// The `Authorization` header's value.
        public let authorization: String
        /// Every header to send, the caller's plus `host`, `x-amz-date`, `x-amz-content-sha256`,
        /// `x-amz-security-token` (with temporary credentials) and `authorization`, with
        /// lower-case names.
        public let headers: [(name: String, value: String)]

        public static func == (lhs: Signature, rhs: Signature) -> Bool {
            lhs.authorization == rhs.authorization && lhs.canonicalRequest == rhs.canonicalRequest
                && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
        }
    }

    /// The hex SHA-256 of an empty payload (GET, HEAD, DELETE).
    public static let emptyPayloadHash = Hex.encode(SHA256.hash(data: Data()))

    private let credentials: S3Credentials
    /// The region in the credential scope.
    public let region: String
    /// The service in the credential scope (`s3`).
    public let service: String

    public init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// Signs one request.
    ///
    /// - Parameters:
    ///   - method: `GET`, `PUT`, …
    ///   - host: the `Host` header exactly as sent, with the port when it is not the default.
    ///   - path: the unencoded path (`/bucket/my key`); each segment is encoded here by RFC 3986,
    ///     and the request must be sent to ``canonicalURI(_:)`` of the same path.
    ///   - query: unencoded names and values (`lifecycle` has the value `""`).
    ///   - headers: further headers to sign (`range`, `content-type`, …).
    ///   - payloadHash: the hex SHA-256 of the body (``payloadHash(_:)``).
    ///   - date: the signing time; S3 refuses requests more than 15 minutes off.
    public func sign(
        method: String, host: String, path: String, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = [], payloadHash: String, date: Date
    ) -> Signature {
        let (amzDate, day) = Self.timestamps(date)
        var all = headers.map { (name: $0.name.lowercased(), value: $0.value) }
        all.append((name: "host", value: host))
        all.append((name: "x-amz-date", value: amzDate))
        all.append((name: "x-amz-content-sha256", value: payloadHash))
        if let token = credentials.sessionToken {
            all.append((name: "x-amz-security-token", value: token))
        }
        // One line per name, values in the order given joined by commas, names sorted.
        var merged: [String: [String]] = [:]
        for header in all {
            merged[header.name, default: []].append(Self.trimmedHeaderValue(header.value))
        }
        let names = merged.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(merged[$0, default: []].joined(separator: ","))\n" }.joined()
        let signedHeaders = names.joined(separator: ";")

        let canonicalRequest = [
            method.uppercased(), Self.canonicalURI(path), Self.canonicalQuery(query), canonicalHeaders, signedHeaders, payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", amzDate, scope, Hex.encode(SHA256.hash(data: Data(canonicalRequest.utf8))),
        ].joined(separator: "\n")

        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        let signature = Hex.encode(HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: key))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        all.append((name: "authorization", value: authorization))
        return Signature(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature, authorization: authorization, headers: all)
    }

    /// The hex SHA-256 of a payload, for `x-amz-content-sha256`.
    public static func payloadHash(_ payload: some DataProtocol) -> String {
        Hex.encode(SHA256.hash(data: payload))
    }

    /// The path with each segment percent-encoded by RFC 3986 (only `A–Z a–z 0–9 - . _ ~` kept),
    /// `/` kept between segments. S3 signs the path encoded once, as it is sent.
    public static func canonicalURI(_ path: String) -> String {
        guard !path.isEmpty else { return "/" }
        return path.split(separator: "/", omittingEmptySubsequences: false).map { uriEncode($0) }.joined(separator: "/")
    }

    /// `name=value` pairs encoded by RFC 3986, sorted by name then value, joined by `&`.
    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        let encoded: [(name: String, value: String)] = query.map { (name: uriEncode($0.name), value: uriEncode($0.value)) }
        let sorted = encoded.sorted { (lhs, rhs) -> Bool in
            lhs.name == rhs.name ? lhs.value < rhs.value : lhs.name < rhs.name
        }
        return sorted.map { pair -> String in pair.name + "=" + pair.value }.joined(separator: "&")
    }

    /// Percent-encodes every byte of the UTF-8 text except the RFC 3986 unreserved characters,
    /// with upper-case hex digits, as SigV4 requires.
    static func uriEncode(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + Hex.encode([byte], uppercase: true)
            }
        }
        return result
    }

    /// A header value with leading and trailing blanks removed and inner runs of blanks made one space.
    static func trimmedHeaderValue(_ value: String) -> String {
        value.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// `20130524T000000Z` and `20130524`, in UTC whatever the machine's time zone.
    static func timestamps(_ date: Date) -> (amzDate: String, day: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let number = value ?? 0
            return number < 10 ? "0\(number)" : "\(number)"
        }
        let year = String(parts.year ?? 0)
        let day = year + two(parts.month) + two(parts.day)
        return (day + "T" + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z", day)
    }
}
