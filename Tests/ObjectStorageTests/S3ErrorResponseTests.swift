import Foundation
import TestSupport
import Testing

@testable import ObjectStorage

@Suite("S3ErrorResponse")
struct S3ErrorResponseTests {
    @Test("the code and message of an S3 error body are read")
    func parses() {
        let body = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match.</Message>\
            <StringToSign>AWS4-HMAC-SHA256 …</StringToSign><RequestId>4442587FB7D0A2F9</RequestId></Error>
            """
        let parsed = S3ErrorResponse(body: Array(body.utf8))
        #expect(parsed.code == "SignatureDoesNotMatch")
        #expect(parsed.message == "The request signature we calculated does not match.")
    }

    @Test("anything that is not an S3 error body gives no code")
    func notAnError() {
        for body in ["", "<html><body>Bad gateway</body></html>", "<Error><Code>", "plain text", "<Error><Code>a b<c</Code></Error>"] {
            #expect(S3ErrorResponse(body: Array(body.utf8)).code == nil)
        }
    }

    @Test("a hostile code is dropped and a long or multi-line message is cut to one short line")
    func sanitised() {
        let long = String(repeating: "x", count: 5000)
        let body = "<Error><Code>Evil &lt;b&gt; code</Code><Message>line one\nline two\t\(long)</Message></Error>"
        let parsed = S3ErrorResponse(body: Array(body.utf8))
        #expect(parsed.code == nil)
        let message = parsed.message ?? ""
        #expect(message.hasPrefix("line one line two x"))
        #expect(message.count <= S3ErrorResponse.maximumMessageLength + 1)
        #expect(!message.contains("\n"))
        // A body XML forbids (a control character) is not an S3 error body at all.
        let control = S3ErrorResponse(body: Array("<Error><Code>Evil\u{1B}[31m</Code></Error>".utf8))
        #expect(control.code == nil)
    }

    @Test("random bytes never crash the reader")
    func fuzz() {
        var random = SplitMix64(seed: 0x5E_44)
        let seed = Array("<Error><Code>NoSuchKey</Code><Message>gone</Message></Error>".utf8)
        for _ in 0..<2000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let parsed = S3ErrorResponse(body: bytes)
            if let code = parsed.code { #expect(S3ErrorResponse.sanitizedCode(code) == code) }
        }
        _ = S3ErrorResponse(body: random.bytes(4096))
    }

    @Test("an error's text names the operation, status and code, with a hint")
    func errorText() {
        let error = S3StorageError.refused(operation: .put(key: "kilroy/bafkx"), status: 403, code: "SignatureDoesNotMatch", message: "no match")
        let text = error.errorDescription ?? ""
        #expect(text.contains("store kilroy/bafkx"))
        #expect(text.contains("HTTP 403"))
        #expect(text.contains("SignatureDoesNotMatch: no match"))
        #expect(text.contains("AWS_SECRET_ACCESS_KEY"))
    }
}
