import Foundation
import TestSupport
import Testing

@testable import ObjectStorage

@Suite("S3Location")
struct S3LocationTests {
    @Test("an endpoint means path style on that host and port, region us-east-1 by default")
    func pathStyle() throws {
        let location = try S3Location(parsing: "s3://photos?endpoint=http://127.0.0.1:9000")
        #expect(location.bucket == "photos")
        #expect(location.keyPrefix == "")
        #expect(location.region == "us-east-1")
        #expect(location.host == "127.0.0.1:9000")
        #expect(location.usesPathStyle)
        #expect(location.url(forPath: location.path(forKey: "kilroy/bafk")) == "http://127.0.0.1:9000/photos/kilroy/bafk")
        #expect(location.url(forPath: location.bucketPath) == "http://127.0.0.1:9000/photos")
    }

    @Test("without an endpoint it is AWS in the region, virtual-host style over HTTPS")
    func awsVirtualHost() throws {
        let location = try S3Location(parsing: "s3://my-bucket/app/blobs/?region=eu-west-3")
        #expect(location.host == "my-bucket.s3.eu-west-3.amazonaws.com")
        #expect(!location.usesPathStyle)
        #expect(location.keyPrefix == "app/blobs/")
        #expect(location.url(forPath: location.path(forKey: "k")) == "https://my-bucket.s3.eu-west-3.amazonaws.com/k")
        #expect(location.url(forPath: location.bucketPath) == "https://my-bucket.s3.eu-west-3.amazonaws.com/")
    }

    @Test("a dotted bucket on AWS is addressed path style, since it cannot match the certificate")
    func dottedBucket() throws {
        let location = try S3Location(parsing: "s3://my.bucket")
        #expect(location.usesPathStyle)
        #expect(location.host == "s3.us-east-1.amazonaws.com")
    }

    @Test("a default port is left out of the Host header; an IPv6 host is bracketed")
    func hosts() throws {
        #expect(try S3Location(parsing: "s3://photos?endpoint=https://minio.example:443").host == "minio.example")
        #expect(try S3Location(parsing: "s3://photos?endpoint=http://minio.example/").host == "minio.example")
        #expect(try S3Location(parsing: "s3://photos?endpoint=http://[::1]:9000").host == "[::1]:9000")
    }

    @Test(
        "each bad URL is refused with the reason",
        arguments: [
            ("http://photos", S3ConfigurationError.notAnS3URL),
            ("photos", .notAnS3URL),
            ("s3://", .missingBucket),
            ("s3://Photos", .invalidBucket("Photos")),
            ("s3://ab", .invalidBucket("ab")),
            ("s3://-photos", .invalidBucket("-photos")),
            ("s3://a..b", .invalidBucket("a..b")),
            ("s3://192.168.1.1", .invalidBucket("192.168.1.1")),
            ("s3://photos:9000", .unexpectedURLPart("port")),
            ("s3://photos#x", .unexpectedURLPart("fragment")),
            ("s3://photos/a//b", .invalidKeyPrefix("/a//b")),
            ("s3://photos/a/../b", .invalidKeyPrefix("/a/../b")),
            ("s3://photos/a%20b", .invalidKeyPrefix("/a b")),
            ("s3://photos?region=US_EAST", .invalidRegion("US_EAST")),
            ("s3://photos?region=", .invalidRegion("")),
            ("s3://photos?bucket=x", .unknownParameter("bucket")),
            ("s3://photos?region=a&region=b", .duplicateParameter("region")),
            ("s3://photos?endpoint=", .invalidEndpoint(reason: "it is empty")),
            ("s3://photos?endpoint=ftp://h", .invalidEndpoint(reason: "it must start with http:// or https://")),
            ("s3://photos?endpoint=http://h/base", .invalidEndpoint(reason: "it has a path; give only scheme, host and port")),
        ])
    func refusals(url: String, expected: S3ConfigurationError) {
        #expect(throws: expected) { try S3Location(parsing: url) }
        #expect(expected.errorDescription?.isEmpty == false)
    }

    @Test("credentials in the URL or the endpoint are refused without being repeated")
    func credentialsRefused() {
        for url in ["s3://AKIDEXAMPLE:sup3rs3cret@photos", "s3://photos?endpoint=http://AKIDEXAMPLE:sup3rs3cret@127.0.0.1:9000"] {
            #expect {
                try S3Location(parsing: url)
            } throws: { error in
                let text = (error as? S3ConfigurationError)?.errorDescription ?? ""
                return !text.isEmpty && !text.contains("sup3rs3cret") && !text.contains("AKIDEXAMPLE")
            }
        }
    }

    @Test("the key prefix is folders of safe characters with one trailing slash")
    func keyPrefixes() throws {
        #expect(try S3Location.normalizedPrefix("") == "")
        #expect(try S3Location.normalizedPrefix("/") == "")
        #expect(try S3Location.normalizedPrefix("kilroy") == "kilroy/")
        #expect(try S3Location.normalizedPrefix("/a/b.c_d-e/") == "a/b.c_d-e/")
        #expect(throws: S3ConfigurationError.invalidKeyPrefix("a?b")) { try S3Location.normalizedPrefix("a?b") }
        #expect(throws: S3ConfigurationError.invalidKeyPrefix("ünï")) { try S3Location.normalizedPrefix("ünï") }
    }

    @Test("random text never crashes the parser and anything accepted is consistent")
    func fuzz() {
        var random = SplitMix64(seed: 0x53_33)
        let alphabet = Array("s3:/?&=.-_@#%[]ab09 Z\u{0}é".unicodeScalars)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...40, using: &random)
            var text = Bool.random(using: &random) ? "s3://" : ""
            for _ in 0..<length { text.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)]) }
            if let location = try? S3Location(parsing: text) {
                #expect(S3Location.isValidBucket(location.bucket))
                #expect(location.keyPrefix.isEmpty || location.keyPrefix.hasSuffix("/"))
            }
        }
    }
}
