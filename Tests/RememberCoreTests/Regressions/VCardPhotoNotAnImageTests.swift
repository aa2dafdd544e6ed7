import Foundation
import Testing

@testable import RememberCore

/// Issue 13: a vCard photo that is valid base64 but not an image was dropped from a card that
/// was still imported, and the report gave no line number.
@Suite("Regression: a photo that is not an image is reported with its line")
struct VCardPhotoNotAnImageTests {
    @Test("the card is imported without the photo and the warning names the PHOTO line")
    func notAnImage() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let notAnImage = Data("This is a text file, not a picture at all.".utf8).base64EncodedString()
        let file = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Ana Lima\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Kim Park\r
            NOTE:met at the pool\r
            PHOTO;ENCODING=b;TYPE=JPEG:\(notAnImage)\r
            END:VCARD\r

            """

        let report = try await store.services.contacts.importContacts(from: Data(file.utf8), at: .testNow)

        #expect(report.imported.map(\.name) == ["Ana Lima", "Kim Park"])
        #expect(report.imported.last?.photoFile == nil)
        #expect(report.problems.count == 1)
        let problem = try #require(report.problems.first)
        #expect(problem.hasPrefix("line 9: "), "\(problem)")
        #expect(problem.contains("PHOTO"), "\(problem)")
        #expect(problem.contains("Kim Park"), "\(problem)")
        #expect(problem.contains("imported without"), "\(problem)")
        let photos = store.directory.appendingPathComponent("photos").path
        #expect((try? FileManager.default.contentsOfDirectory(atPath: photos))?.isEmpty ?? true)
    }

    @Test("a card skipped for its content names the line where the card begins")
    func skippedCardHasLine() async throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let file = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Ana Lima\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:\(String(repeating: "x", count: 101))\r
            END:VCARD\r

            """

        let report = try await store.services.contacts.importContacts(from: Data(file.utf8), at: .testNow)

        #expect(report.imported.map(\.name) == ["Ana Lima"])
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.hasPrefix("line 5: ") == true, "\(report.problems)")
    }
}
