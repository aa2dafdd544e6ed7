import Foundation
import Testing

@testable import ObjectStorage

/// Exact vectors. The first four are the worked examples of the AWS S3 documentation, "Signature
/// Calculations for the Authorization Header: Transferring Payload in a Single Chunk (AWS
/// Signature Version 4)", whose signatures are published on that page. The last two were made
/// offline with botocore 1.43's `S3SigV4Auth.add_auth` (its clock patched to 2013-05-24T00:00:00Z)
/// for what the AWS examples do not cover: a session token, a region other than us-east-1, a
/// path-style host with a port and a key that needs encoding.
@Suite("SigV4Signer")
struct SigV4SignerTests {
    static let examples = S3Credentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
    /// 2013-05-24T00:00:00Z, the examples' time.
    static let date = Date(timeIntervalSince1970: 1_369_353_600)
    static let host = "examplebucket.s3.amazonaws.com"
    static let signer = SigV4Signer(credentials: examples, region: "us-east-1")

    @Test("AWS example: GET object with a Range header")
    func getObject() {
        let signed = Self.signer.sign(
            method: "GET", host: Self.host, path: "/test.txt", headers: [(name: "Range", value: "bytes=0-9")],
            payloadHash: SigV4Signer.emptyPayloadHash, date: Self.date)
        #expect(
            signed.canonicalRequest == """
                GET
                /test.txt

                host:examplebucket.s3.amazonaws.com
                range:bytes=0-9
                x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                x-amz-date:20130524T000000Z

                host;range;x-amz-content-sha256;x-amz-date
                e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
                """)
        #expect(
            signed.stringToSign == """
                AWS4-HMAC-SHA256
                20130524T000000Z
                20130524/us-east-1/s3/aws4_request
                7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972
                """)
        #expect(signed.signature == "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        #expect(
            signed.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        )
    }

    @Test("AWS example: PUT object, with a key that needs encoding and extra signed headers")
    func putObject() {
        let payload = Data("Welcome to Amazon S3.".utf8)
        let signed = Self.signer.sign(
            method: "PUT", host: Self.host, path: "/test$file.text",
            headers: [(name: "Date", value: "Fri, 24 May 2013 00:00:00 GMT"), (name: "x-amz-storage-class", value: "REDUCED_REDUNDANCY")],
            payloadHash: SigV4Signer.payloadHash(payload), date: Self.date)
        #expect(SigV4Signer.payloadHash(payload) == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        #expect(signed.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false)[1] == "/test%24file.text")
        #expect(signed.signature == "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
    }

    @Test("AWS example: GET bucket lifecycle (a query parameter without a value)")
    func getLifecycle() {
        let signed = Self.signer.sign(
            method: "GET", host: Self.host, path: "/", query: [(name: "lifecycle", value: "")],
            payloadHash: SigV4Signer.emptyPayloadHash, date: Self.date)
        #expect(signed.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false)[2] == "lifecycle=")
        #expect(signed.signature == "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543")
    }

    @Test("AWS example: list objects (query parameters sorted by name)")
    func listObjects() {
        let signed = Self.signer.sign(
            method: "GET", host: Self.host, path: "/", query: [(name: "prefix", value: "J"), (name: "max-keys", value: "2")],
            payloadHash: SigV4Signer.emptyPayloadHash, date: Self.date)
        #expect(signed.canonicalRequest.split(separator: "\n", omittingEmptySubsequences: false)[2] == "max-keys=2&prefix=J")
        #expect(signed.signature == "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7")
    }

    @Test("botocore vector: session token, eu-west-3, path style with a port, encoded key")
    func sessionTokenPathStyle() {
        let credentials = S3Credentials(
            accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", sessionToken: "FQoGZXIvYXdzEXAMPLETOKEN"
        )
        let signer = SigV4Signer(credentials: credentials, region: "eu-west-3")
        let signed = signer.sign(
            method: "PUT", host: "127.0.0.1:9000", path: "/photos/kilroy/a b+c~d.txt",
            headers: [(name: "Content-Type", value: "application/octet-stream")],
            payloadHash: SigV4Signer.payloadHash(Data("hello".utf8)), date: Self.date)
        #expect(
            signed.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/eu-west-3/s3/aws4_request, "
                + "SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, "
                + "Signature=05abb0e2fe81325645be01b85bc5f7178cce28dbfd394240e24bbb3054702497")
        #expect(signed.headers.contains { $0.name == "x-amz-security-token" && $0.value == "FQoGZXIvYXdzEXAMPLETOKEN" })
        #expect(SigV4Signer.canonicalURI("/photos/kilroy/a b+c~d.txt") == "/photos/kilroy/a%20b%2Bc~d.txt")
    }

    @Test("botocore vector: HEAD bucket, path style")
    func headBucket() {
        let signed = Self.signer.sign(
            method: "HEAD", host: "127.0.0.1:9000", path: "/photos", payloadHash: SigV4Signer.emptyPayloadHash, date: Self.date)
        #expect(signed.signature == "65f56be0dd30e168fb549633e5b683afa831374edad9b4026d10100937b5e034")
    }

    @Test("the signed headers are the ones returned, and the secret appears in none of them")
    func headersCarryNoSecret() {
        let signed = Self.signer.sign(method: "GET", host: Self.host, path: "/a", payloadHash: SigV4Signer.emptyPayloadHash, date: Self.date)
        #expect(signed.headers.map(\.name) == ["host", "x-amz-date", "x-amz-content-sha256", "authorization"])
        let everything = signed.headers.map { "\($0.name): \($0.value)" }.joined() + signed.canonicalRequest + signed.stringToSign
        #expect(!everything.contains(Self.examples.secretAccessKey))
    }

    @Test("a header value is trimmed and its inner blanks collapsed; repeated names are joined by commas")
    func headerCanonicalisation() {
        let signed = Self.signer.sign(
            method: "GET", host: Self.host, path: "/",
            headers: [(name: "X-Meta", value: "  a   b\tc "), (name: "x-meta", value: "d")],
            payloadHash: SigV4Signer.emptyPayloadHash, date: Self.date)
        #expect(signed.canonicalRequest.contains("\nx-meta:a b c,d\n"))
    }

    @Test("every byte outside RFC 3986's unreserved set is percent-encoded with upper-case hex")
    func uriEncoding() {
        #expect(SigV4Signer.uriEncode("AZaz09-._~") == "AZaz09-._~")
        #expect(SigV4Signer.uriEncode("a/b c=é*") == "a%2Fb%20c%3D%C3%A9%2A")
        #expect(SigV4Signer.canonicalURI("") == "/")
        #expect(SigV4Signer.canonicalURI("/") == "/")
    }

    @Test("the time is written in UTC whatever the date")
    func timestamps() {
        #expect(SigV4Signer.timestamps(Date(timeIntervalSince1970: 0)) == ("19700101T000000Z", "19700101"))
        #expect(SigV4Signer.timestamps(Date(timeIntervalSince1970: 1_700_000_000.9)) == ("20231114T221320Z", "20231114"))
    }
}
