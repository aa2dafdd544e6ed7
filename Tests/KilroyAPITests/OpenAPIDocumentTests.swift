import Foundation
import KilroyAPI
import Testing

@Suite("The embedded OpenAPI document")
struct OpenAPIDocumentTests {
    /// The server serves `OpenAPIDocument.yaml`; it must be the document the code was generated
    /// from, so editing `openapi.yaml` without running `Scripts/generate-openapi.sh` fails here.
    @Test func embeddedDocumentEqualsTheSourceFile() throws {
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/KilroyAPI/openapi.yaml")
        let text = try String(contentsOf: source, encoding: .utf8)
        #expect(OpenAPIDocument.yaml + "\n" == text)
    }

    @Test func documentDeclaresTheServerPrefix() {
        #expect(OpenAPIDocument.yaml.contains("- url: /kilroy/v1"))
    }
}
