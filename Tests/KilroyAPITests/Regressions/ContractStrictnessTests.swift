import Foundation
import KilroyAPI
import Testing

/// Issue 15 (schemathesis ST202): the OpenAPI document accepted what the server refuses — any
/// string as a kilroy or image id, any number as a coordinate, radius or limit, texts of any
/// length, unknown keys in bodies — so a client built from the document alone sent requests the
/// server refused. The document now says what the server enforces; these tests pin the parts a
/// client relies on and that the generated code carries.
@Suite("The contract is as strict as the server")
struct ContractStrictnessTests {
    /// The `pattern` a schema gives right after `anchor` (the first `pattern:` line after it).
    private static func pattern(after anchor: String) throws -> NSRegularExpression {
        let document = OpenAPIDocument.yaml
        let start = try #require(document.range(of: anchor), "no \(anchor) in the document")
        let line = try #require(document[start.upperBound...].range(of: "pattern: '"), "no pattern after \(anchor)")
        let rest = document[line.upperBound...]
        let end = try #require(rest.firstIndex(of: "'"))
        return try NSRegularExpression(pattern: String(rest[..<end]))
    }

    private static func matches(_ expression: NSRegularExpression, _ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test("a kilroy id is a UUID in either case, nothing else")
    func kilroyIDPattern() throws {
        let uuid = try Self.pattern(after: "    KilroyID:")
        let id = UUID().uuidString
        #expect(Self.matches(uuid, id) && Self.matches(uuid, id.lowercased()))
        for refused in ["", "not-a-uuid", "{\(id)}", id + "0", String(id.dropLast()), id.replacingOccurrences(of: "-", with: "")] {
            #expect(!Self.matches(uuid, refused), "\(refused)")
        }
        let body = try Self.pattern(after: "    NewKilroy:")
        #expect(body.pattern == uuid.pattern)
    }

    @Test("an image id is a canonical CIDv1 raw sha2-256 in base32, nothing else")
    func imageIDPattern() throws {
        let cid = try Self.pattern(after: "    ImageID:")
        // The CID of the empty byte string, as every IPFS implementation writes it.
        let empty = "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"
        #expect(Self.matches(cid, empty))
        let refused = [
            empty.uppercased(),  // base32 upper is another multibase
            String(empty.dropLast()) + "v",  // the last character's unused bits set: not canonical
            "bafyrei" + empty.dropFirst(7),  // dag-cbor, not raw
            String(empty.dropLast()),
            empty + "a",
            "z" + empty.dropFirst(),
        ]
        for text in refused { #expect(!Self.matches(cid, text), "\(text)") }
    }

    @Test("a legacy device id is 8 to 64 characters of A-Z a-z 0-9 - _")
    func legacyIDPattern() throws {
        let legacy = try Self.pattern(after: "    LegacyClaim:")
        #expect(Self.matches(legacy, "abcd-EF_9") && Self.matches(legacy, String(repeating: "x", count: 64)))
        for refused in ["short", String(repeating: "x", count: 65), "has space1", "émigré-device"] {
            #expect(!Self.matches(legacy, refused), "\(refused)")
        }
    }

    @Test("bodies with keys the document does not name are refused by the generated decoder")
    func unknownKeysAreRefused() throws {
        let drop = #"""
            {"id":"8C2F5A1E-6B4B-4E55-9B3A-2D9C0F6E1A7B","latitude":1,"longitude":2,
             "imageId":"bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku","createdAt":"2024-01-01T00:00:00Z"
            """#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(throws: Never.self) { try decoder.decode(Components.Schemas.NewKilroy.self, from: Data((drop + "}").utf8)) }
        #expect(throws: (any Error).self) {
            try decoder.decode(Components.Schemas.NewKilroy.self, from: Data((drop + #","owner":"someone-else"}"#).utf8))
        }
        #expect(throws: (any Error).self) {
            try decoder.decode(Components.Schemas.NewReport.self, from: Data(#"{"reason":"spam","hidden":true}"#.utf8))
        }
        #expect(throws: (any Error).self) {
            try decoder.decode(Components.Schemas.LegacyClaim.self, from: Data(#"{"legacyDeviceId":"abcdefgh","x":1}"#.utf8))
        }
    }

    @Test("every number and text limit the server enforces is in the document")
    func limitsAreDeclared() {
        let document = OpenAPIDocument.yaml
        for declaration in [
            "minimum: -90\n            maximum: 90", "minimum: -180\n            maximum: 180",
            "minimum: 0\n            exclusiveMinimum: true\n            maximum: 50000",
            "minimum: 1\n            maximum: 500", "maxLength: 200", "maxLength: 300", "maxLength: 500",
        ] {
            #expect(document.contains(declaration), "\(declaration)")
        }
    }
}
