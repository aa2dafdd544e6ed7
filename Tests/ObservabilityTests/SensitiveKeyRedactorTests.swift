import Logging
import Testing

@testable import Observability

@Suite("SensitiveKeyRedactor")
struct SensitiveKeyRedactorTests {
    let redactor = SensitiveKeyRedactor()

    @Test(
        "keys containing a sensitive fragment, in any case, are sensitive",
        arguments: [
            "token", "api_token", "accessToken", "publicKey", "KEY", "client_secret", "password",
            "Password_Hash", "seedPhrase", "mnemonic", "phoneNumber", "email", "userEmail", "monkey",
        ])
    func sensitiveKeys(key: String) {
        #expect(redactor.isSensitive(key))
    }

    @Test(
        "ordinary keys are not sensitive",
        arguments: [
            "reason", "amount", "count", "user_id", "error", "latitude", "name", "tok", "pass", "mail",
        ])
    func ordinaryKeys(key: String) {
        #expect(!redactor.isSensitive(key))
    }

    @Test("a sensitive key hides its whole value, whatever its kind")
    func hidesWholeValue() {
        let metadata: Logger.Metadata = [
            "token": "abc",
            "apiKey": .stringConvertible(Described(description: "xyz")),
            "secrets": ["a": "1", "b": "2"],
            "seeds": ["one", "two"],
            "count": "3",
        ]
        let redacted = redactor.redact(metadata)
        #expect(
            redacted == [
                "token": "[REDACTED]",
                "apiKey": "[REDACTED]",
                "secrets": "[REDACTED]",
                "seeds": "[REDACTED]",
                "count": "3",
            ])
    }

    @Test("sensitive keys inside nested dictionaries and arrays are hidden too")
    func nested() {
        let metadata: Logger.Metadata = [
            "user": ["name": "Bo", "email": "bo@example.com", "devices": [["pushToken": "t1", "os": "ios"]]]
        ]
        #expect(
            redactor.redact(metadata) == [
                "user": ["name": "Bo", "email": "[REDACTED]", "devices": [["pushToken": "[REDACTED]", "os": "ios"]]]
            ])
    }

    @Test("custom fragments replace the defaults and are case-insensitive")
    func customFragments() {
        let custom = SensitiveKeyRedactor(sensitiveFragments: ["PIN"])
        #expect(custom.isSensitive("cardPin"))
        #expect(!custom.isSensitive("token"))
    }
}
