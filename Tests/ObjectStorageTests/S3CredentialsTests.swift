import Foundation
import Testing

@testable import ObjectStorage

@Suite("S3Credentials")
struct S3CredentialsTests {
    @Test("reads the three AWS variables; an empty token counts as none")
    func fromEnvironment() throws {
        let full = try S3Credentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "s3cret", "AWS_SESSION_TOKEN": "tok"])
        #expect(full == S3Credentials(accessKeyID: "AKID", secretAccessKey: "s3cret", sessionToken: "tok"))
        let noToken = try S3Credentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": "s3cret", "AWS_SESSION_TOKEN": ""])
        #expect(noToken.sessionToken == nil)
    }

    @Test("a missing or empty variable is named")
    func missing() {
        #expect(throws: S3ConfigurationError.missingEnvironmentVariable("AWS_ACCESS_KEY_ID")) {
            try S3Credentials.fromEnvironment(["AWS_SECRET_ACCESS_KEY": "s3cret"])
        }
        #expect(throws: S3ConfigurationError.missingEnvironmentVariable("AWS_SECRET_ACCESS_KEY")) {
            try S3Credentials.fromEnvironment(["AWS_ACCESS_KEY_ID": "AKID", "AWS_SECRET_ACCESS_KEY": ""])
        }
        #expect(S3ConfigurationError.missingEnvironmentVariable("AWS_ACCESS_KEY_ID").errorDescription?.contains("AWS_ACCESS_KEY_ID") == true)
    }

    @Test("description, debug description and dump never show the secret or the token")
    func redacted() {
        let credentials = S3Credentials(accessKeyID: "AKID", secretAccessKey: "s3cretValue", sessionToken: "tokenValue")
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in [String(describing: credentials), String(reflecting: credentials), dumped, "\(credentials)"] {
            #expect(text.contains("AKID"))
            #expect(!text.contains("s3cretValue"))
            #expect(!text.contains("tokenValue"))
        }
    }
}
