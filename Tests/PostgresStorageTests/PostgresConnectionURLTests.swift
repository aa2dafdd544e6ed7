import Foundation
import PostgresNIO
import PostgresStorage
import TestSupport
import Testing

@Suite("PostgreSQL connection URLs")
struct PostgresConnectionURLTests {
    @Test("a full URL gives every part, percent-decoded")
    func fullURL() throws {
        let url = try PostgresConnectionURL(
            "postgresql://app%20user:p%40ss%3Aw%2Frd@db.example.org:6543/my%2Ddb?sslmode=require&application_name=kilroy")
        #expect(url.username == "app user")
        #expect(url.host == "db.example.org")
        #expect(url.port == 6543)
        #expect(url.database == "my-db")
        #expect(url.sslMode == .require)
        #expect(url.applicationName == "kilroy")
        #expect(url.hasPassword)
        let configuration = url.configuration
        #expect(configuration.password == "p@ss:w/rd")
        #expect(configuration.username == "app user")
        #expect(configuration.host == "db.example.org")
        #expect(configuration.port == 6543)
        #expect(configuration.database == "my-db")
        #expect(configuration.options.additionalStartupParameters.contains { $0 == ("application_name", "kilroy") })
    }

    @Test("defaults: port 5432, sslmode prefer, no database, no password")
    func defaults() throws {
        let url = try PostgresConnectionURL("postgres://app@localhost")
        #expect(url.port == 5432)
        #expect(url.sslMode == .prefer)
        #expect(url.database == nil)
        #expect(!url.hasPassword)
        #expect(url.configuration.password == nil)
        #expect(try PostgresConnectionURL("POSTGRES://app@[::1]:5433/db?sslmode=disable").host == "::1")
    }

    @Test("an unencoded @ in the password is taken as part of it (the last @ ends the user information)")
    func atInPassword() throws {
        let url = try PostgresConnectionURL("postgres://app:p@ss@127.0.0.1/app")
        #expect(url.configuration.password == "p@ss")
        #expect(url.host == "127.0.0.1")
    }

    @Test("the redacted form and every description hide the password")
    func redaction() throws {
        let url = try PostgresConnectionURL("postgres://app:hunter2secret@127.0.0.1:5432/app?sslmode=disable")
        #expect(url.redacted == "postgres://app:***@127.0.0.1:5432/app?sslmode=disable")
        #expect("\(url)" == url.redacted)
        #expect(!String(reflecting: url).contains("hunter2secret"))
        var dumped = ""
        dump(url, to: &dumped)
        #expect(!dumped.contains("hunter2secret"))
        #expect(try PostgresConnectionURL("postgres://app@[::1]/db").redacted == "postgres://app@[::1]:5432/db?sslmode=prefer")
    }

    @Test(
        "bad URLs are refused with an error naming the part",
        arguments: [
            ("mysql://app:pw@host/db", PostgresConnectionURLError.unsupportedScheme),
            ("postgres:/app@host/db", .unsupportedScheme),
            ("postgres://host/db", .missingUsername),
            ("postgres://:pw@host/db", .missingUsername),
            ("postgres://app:pw@/db", .missingHost),
            ("postgres://app:pw@host:0/db", .invalidPort),
            ("postgres://app:pw@host:65536/db", .invalidPort),
            ("postgres://app:pw@host:54x2/db", .invalidPort),
            ("postgres://app:pw@host:/db", .invalidPort),
            ("postgres://app:pw@[::1/db", .invalidHost),
            ("postgres://app:pw@host/db/extra", .invalidDatabase),
            ("postgres://app:p%zzw@host/db", .invalidPercentEncoding(.password)),
            ("postgres://app:pw@host/d%ffb", .invalidPercentEncoding(.database)),
            ("postgres://app:pw@host/db?sslmode=verify-full", .unsupportedSSLMode),
            ("postgres://app:pw@host/db?connect_timeout=5", .unsupportedParameter(name: "connect_timeout")),
            ("postgres://app:pw@host/db?whatever=1", .unsupportedParameter(name: nil)),
            ("postgres://app:pw@host/db#frag", .unexpectedFragment),
        ])
    func badURLs(text: String, expected: PostgresConnectionURLError) {
        #expect(throws: expected) { try PostgresConnectionURL(text) }
        #expect(expected.errorDescription?.isEmpty == false)
    }

    @Test("a password mangled into the host, port, database or a parameter never appears in the error")
    func passwordNeverInErrors() {
        let secret = "S3cr3tPa55"
        for text in [
            "postgres://app:\(secret)", "postgres://app:pa?\(secret)@host/db", "postgres://\(secret)@host:\(secret)/db",
            "postgres://app@host/db?\(secret)=1", "postgres://app@host/db?sslmode=\(secret)", "postgres://app@\(secret):x/db",
            "postgres://app:pw@host/db?password=\(secret)",
        ] {
            do {
                _ = try PostgresConnectionURL(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(!error.localizedDescription.contains(secret), "\(text)")
                #expect(!String(describing: error).contains(secret), "\(text)")
            }
        }
    }

    @Test("fuzz: random and mutated URLs never crash, and the password is in no error", .timeLimit(.minutes(1)))
    func fuzz() {
        var random = SplitMix64(seed: 0x5051_4C55_524C)
        let alphabet = Array("abcXYZ019:/@?&=#%[]. -_~'\"\\\u{0}é🙂")
        for round in 0..<20_000 {
            let secret = "Pw" + String(UInt64.random(in: .min ... .max, using: &random), radix: 36)
            var characters = Array("postgres://app:\(secret)@db.local:5432/app?sslmode=disable")
            if round % 4 == 0 {
                characters = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 0...characters.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: characters.insert(alphabet.randomElement(using: &random)!, at: index)
                    case 1: if index < characters.count { characters.remove(at: index) }
                    default: if index < characters.count { characters[index] = alphabet.randomElement(using: &random)! }
                    }
                }
            }
            let text = String(characters)
            do {
                let url = try PostgresConnectionURL(text)
                #expect(
                    !url.redacted.contains(secret) || url.username.contains(secret) || url.host.contains(secret)
                        || (url.database ?? "").contains(secret))
            } catch {
                let message = error.localizedDescription + String(describing: error)
                #expect(!message.contains(secret), "\(text)")
            }
        }
    }
}
