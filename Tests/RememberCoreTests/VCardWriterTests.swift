import Foundation
import RememberCore
import Testing

@Suite("VCardWriter")
struct VCardWriterTests {
    private static let ada = VCardContact(
        formattedName: "Ada King, Countess of Lovelace",
        familyName: "King",
        givenName: "Ada",
        note: "Met at the Analytical Society; loves poetry.\r\nAsk about \\ notation.",
        categories: ["Friends", "Math, Science", "  "],
        photo: VCardPhoto(data: Data([0xFF, 0xD8, 0xFF, 0xD9]), mediaType: "image/jpeg"),
        uid: "0F4C2A6E-2B8E-4C44-9D61-3E5E8B1C7A90",
        revision: Date(timeIntervalSince1970: 1_709_648_530.75)
    )

    @Test("3.0 card → exact RFC 2426 lines with CRLF, escapes, base64 photo with TYPE, plain UID")
    func version3() {
        let output = VCardWriter(version: .v3).write([Self.ada])

        #expect(
            output
                == [
                    "BEGIN:VCARD",
                    "VERSION:3.0",
                    "PRODID:-//Remember//Remember 1.0//EN",
                    "FN:Ada King\\, Countess of Lovelace",
                    "N:King;Ada;;;",
                    "NOTE:Met at the Analytical Society\\; loves poetry.\\nAsk about \\\\ notation.",
                    "CATEGORIES:Friends,Math\\, Science",
                    "PHOTO;ENCODING=b;TYPE=JPEG:/9j/2Q==",
                    "UID:0F4C2A6E-2B8E-4C44-9D61-3E5E8B1C7A90",
                    "REV:20240305T142210Z",
                    "END:VCARD",
                    "",
                ].joined(separator: "\r\n"))
    }

    @Test("4.0 card → data URI photo and urn:uuid UID; minimal contact → empty N components, no optional lines")
    func version4() {
        let minimal = VCardContact(formattedName: "Bob", uid: "bob@example.com")

        let output = VCardWriter(version: .v4).write([Self.ada, minimal])

        #expect(output.contains("\r\nPHOTO:data:image/jpeg;base64,/9j/2Q==\r\n"))
        #expect(output.contains("\r\nUID:urn:uuid:0F4C2A6E-2B8E-4C44-9D61-3E5E8B1C7A90\r\n"))
        #expect(
            output.hasSuffix(
                [
                    "BEGIN:VCARD",
                    "VERSION:4.0",
                    "PRODID:-//Remember//Remember 1.0//EN",
                    "FN:Bob",
                    "N:;;;;",
                    "UID:bob@example.com",
                    "END:VCARD",
                    "",
                ].joined(separator: "\r\n")))
    }

    @Test("No contacts → empty output")
    func empty() {
        #expect(VCardWriter(version: .v4).write([]).isEmpty)
    }

    @Test("Non-image or odd media type in 3.0 → written whole in TYPE, unsafe characters dropped")
    func mediaTypes() {
        let photo = VCardPhoto(data: Data([1, 2, 3]), mediaType: "application/x;evil:\"yes\"")
        let contact = VCardContact(formattedName: "X", photo: photo)

        let v3 = VCardWriter(version: .v3).write([contact])
        let v4 = VCardWriter(version: .v4).write([contact])

        #expect(v3.contains("\r\nPHOTO;ENCODING=b;TYPE=application/xevilyes:AQID\r\n"))
        #expect(v4.contains("\r\nPHOTO:data:application/xevilyes;base64,AQID\r\n"))
    }

    @Test(
        "Long lines of multi-byte text → every line ≤ 75 octets, valid UTF-8 on its own, unfolds to the original",
        arguments: VCardVersion.allCases)
    func folding(version: VCardVersion) throws {
        // Offsets the multi-byte characters against the 75-octet boundary in every possible way.
        let notes = (0..<8).map { shift in String(repeating: "a", count: shift) + String(repeating: "é😀中e\u{301}", count: 60) }
        let contacts = notes.map { VCardContact(formattedName: "Folded", note: $0) }

        let output = VCardWriter(version: version).write(contacts)

        let bytes = Array(output.utf8)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(lines.count > 100)
        for line in lines {
            #expect(line.last == 0x0D, "every line ends with CRLF")
            let content = line.dropLast()
            #expect(content.count <= 75)
            #expect(String(decoding: content, as: UTF8.self).utf8.elementsEqual(content), "line splits a UTF-8 sequence")
        }
        // Unfolded on bytes: a fold may fall before a combining mark, which String comparison would merge.
        let unfolded: [UInt8] = lines.map { line in line.first == 0x20 ? Array(line.dropFirst().dropLast()) : [0x0A] + line.dropLast() }
            .flatMap { $0 }
        for note in notes {
            #expect(unfolded.contains(Array(("\nNOTE:" + note + "\n").utf8)))
        }
    }

    @Test(
        "REV → UTC whole seconds regardless of fraction; dates outside years 1–9999 → no REV line",
        arguments: [
            (Date(timeIntervalSince1970: 0), "REV:19700101T000000Z"),
            (Date(timeIntervalSince1970: -0.5), "REV:19691231T235959Z"),
            (Date(timeIntervalSince1970: 951_782_400), "REV:20000229T000000Z"),
            (Date(timeIntervalSince1970: 253_402_300_799), "REV:99991231T235959Z"),
        ])
    func revision(date: Date, expectedLine: String) {
        let output = VCardWriter(version: .v3).write([VCardContact(formattedName: "R", revision: date)])

        #expect(output.contains("\r\n" + expectedLine + "\r\n"))
    }

    @Test("Revision far outside the calendar → no REV line, no crash")
    func revisionOutOfRange() {
        let dates = [Date.distantPast, Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -.infinity)]

        let output = VCardWriter(version: .v4).write(dates.map { VCardContact(formattedName: "R", revision: $0) })

        #expect(!output.contains("REV"))
        #expect(output.components(separatedBy: "END:VCARD").count == 4)
    }
}
