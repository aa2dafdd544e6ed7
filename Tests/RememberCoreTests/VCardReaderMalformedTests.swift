import Foundation
import RememberCore
import Testing

@Suite("VCardReader: malformed input is skipped and reported by line")
struct VCardReaderMalformedTests {
    private let reader = VCardReader()

    /// A valid card to put around broken ones, proving the rest of the file is still read.
    private static let goodCard = "BEGIN:VCARD\nVERSION:3.0\nFN:Good\nEND:VCARD\n"

    @Test("Card without END at the end of the file → missing END at its BEGIN line, earlier card kept")
    func missingEnd() {
        let text = Self.goodCard + "BEGIN:VCARD\nVERSION:3.0\nFN:Truncated\n"

        let result = reader.read(text)

        #expect(result.contacts.map(\.formattedName) == ["Good"])
        #expect(result.issues == [VCardIssue(line: 5, error: .missingEnd)])
    }

    @Test("BEGIN inside an unfinished card → outer card skipped, reported at the inner BEGIN, inner card read")
    func nestedBegin() {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:Lost\nBEGIN:VCARD\nVERSION:3.0\nFN:Inner\nEND:VCARD\n" + Self.goodCard

        let result = reader.read(text)

        #expect(result.contacts.map(\.formattedName) == ["Inner", "Good"])
        #expect(result.issues == [VCardIssue(line: 4, error: .nestedBegin(outerCardLine: 1))])
    }

    @Test("Card without VERSION → reported at its BEGIN line")
    func missingVersion() {
        let text = Self.goodCard + "\nBEGIN:VCARD\nFN:No Version\nEND:VCARD\n"

        let result = reader.read(text)

        #expect(result.contacts.map(\.formattedName) == ["Good"])
        #expect(result.issues == [VCardIssue(line: 6, error: .missingVersion)])
    }

    @Test("VERSION 5.0 → reported at the VERSION line")
    func unsupportedVersion() {
        let text = "BEGIN:VCARD\nFN:Future\nVERSION:5.0\nEND:VCARD\n" + Self.goodCard

        let result = reader.read(text)

        #expect(result.contacts.map(\.formattedName) == ["Good"])
        #expect(result.issues == [VCardIssue(line: 3, error: .unsupportedVersion("5.0"))])
    }

    @Test(
        "Neither FN nor N with a name → reported at the BEGIN line",
        arguments: [
            "BEGIN:VCARD\nVERSION:3.0\nNOTE:who?\nEND:VCARD\n",
            "BEGIN:VCARD\nVERSION:3.0\nFN:\nN:;;;;\nEND:VCARD\n",
            "BEGIN:VCARD\nVERSION:4.0\nFN: \nN: ; ;Middle;Dr.;\nEND:VCARD\n",
        ])
    func missingName(card: String) {
        let result = reader.read(Self.goodCard + card)

        #expect(result.contacts.map(\.formattedName) == ["Good"])
        #expect(result.issues == [VCardIssue(line: 5, error: .missingName)])
    }

    @Test(
        "Invalid base64 photo → reported at the PHOTO line",
        arguments: [
            "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQ*kZJRg==\n",
            "PHOTO;ENCODING=b;TYPE=JPEG:/9j/4\n AAQSk=ZJRg\n",
            "PHOTO:data:image/jpeg;base64,@@@@\n",
            "PHOTO:data:image/jpeg;base64\n",
            "PHOTO:data:image/png,%8G\n",
        ])
    func invalidPhoto(photoLine: String) {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:Bad Photo\n" + photoLine + "END:VCARD\n" + Self.goodCard

        let result = reader.read(text)

        #expect(result.contacts.map(\.formattedName) == ["Good"])
        #expect(result.issues == [VCardIssue(line: 4, error: .invalidPhotoData)])
    }

    @Test("Photo over the size limit → reported at the PHOTO line with the limit")
    func photoTooLarge() throws {
        let base64 = VCardSample.jpegBytes.base64EncodedString()
        let text = "BEGIN:VCARD\nVERSION:4.0\nFN:Big\nNOTE:x\nPHOTO:data:image/jpeg;base64," + base64 + "\nEND:VCARD\n"

        let limited = VCardReader(maximumPhotoBytes: 100).read(text)
        let exact = VCardReader(maximumPhotoBytes: VCardSample.jpegBytes.count).read(text)

        #expect(limited.contacts.isEmpty)
        let issue = try #require(limited.issues.first)
        #expect(limited.issues.count == 1)
        #expect(issue.line == 5)
        switch issue.error {
        case .photoTooLarge(let byteCount, let limit):
            #expect(byteCount > 100)
            #expect(limit == 100)
        case .invalidUTF8, .contentOutsideCard, .missingEnd, .nestedBegin, .missingVersion, .unsupportedVersion,
            .missingName, .missingColon, .invalidPhotoData:
            Issue.record("expected photoTooLarge, got \(issue.error)")
        }
        #expect(exact.contacts.first?.photo?.data == VCardSample.jpegBytes)
    }

    @Test("Stray text before, between and after cards → one issue per stretch, cards still read")
    func contentOutsideCard() {
        let text = "Contacts export\nfrom my phone\n\n" + Self.goodCard + "END:VCARD\n\njunk\n" + Self.goodCard + "trailer"

        let result = reader.read(text)

        #expect(result.contacts.count == 2)
        #expect(
            result.issues == [
                VCardIssue(line: 1, error: .contentOutsideCard),
                VCardIssue(line: 8, error: .contentOutsideCard),
                VCardIssue(line: 15, error: .contentOutsideCard),
            ])
    }

    @Test("Line without a colon inside a card → reported at that line (its first physical line when folded)")
    func missingColon() {
        let text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:No Colon\r\nNOTE;TYPE=x\r\n  still no colon\r\nEND:VCARD\r\n" + Self.goodCard

        let result = reader.read(text)

        #expect(result.contacts.map(\.formattedName) == ["Good"])
        #expect(result.issues == [VCardIssue(line: 4, error: .missingColon)])
    }

    @Test("Invalid UTF-8 → a single issue at line 1 and no contacts")
    func invalidUTF8() {
        var bytes = Array(Self.goodCard.utf8)
        bytes.insert(0xFF, at: 30)

        let result = reader.read(Data(bytes))

        #expect(result.contacts.isEmpty)
        #expect(result.issues == [VCardIssue(line: 1, error: .invalidUTF8(firstBadLine: 3))])
    }

    @Test("Issue description → \"line N: reason\" with an actionable reason")
    func issueDescription() {
        let issue = VCardIssue(line: 12, error: .missingVersion)

        #expect(issue.description == "line 12: " + issue.reason)
        #expect(issue.reason.contains("VERSION"))
    }

    @Test("Empty input, only blank lines → nothing read, nothing reported", arguments: ["", "\n\r\n  \n", "\u{FEFF}"])
    func emptyInput(text: String) {
        let result = reader.read(text)

        #expect(result.contacts.isEmpty)
        #expect(result.issues.isEmpty)
    }
}

@Suite("VCardReader: bounded work on huge lines", .timeLimit(.minutes(1)))
struct VCardReaderHugeInputTests {
    private static let megabytes5 = 5_000_000

    @Test("5 MB note of escapes → read in full")
    func hugeEscapedNote() {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:Long\nNOTE:" + String(repeating: "\\,", count: Self.megabytes5 / 2) + "\nEND:VCARD\n"

        let result = VCardReader().read(text)

        #expect(result.contacts.first?.note?.utf8.count == Self.megabytes5 / 2)
    }

    @Test("5 MB line without a colon → missing colon reported")
    func hugeLineWithoutColon() {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:X\n" + String(repeating: "\"", count: Self.megabytes5) + "\nEND:VCARD\n"

        #expect(VCardReader().read(text).issues == [VCardIssue(line: 4, error: .missingColon)])
    }

    @Test("5 MB of parameters and commas → categories split once")
    func hugeParametersAndCategories() {
        let parameters = String(repeating: ";X=\"a,b\"", count: Self.megabytes5 / 16)
        let categories = String(repeating: "a,", count: Self.megabytes5 / 4)
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:X\nCATEGORIES" + parameters + ":" + categories + "\nEND:VCARD\n"

        #expect(VCardReader().read(text).contacts.first?.categories.count == Self.megabytes5 / 4)
    }

    @Test("5 MB value folded one character per line → unfolded")
    func hugeFoldedValue() {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:X\nNOTE:" + String(repeating: "\n a", count: Self.megabytes5 / 3) + "\nEND:VCARD\n"

        #expect(VCardReader().read(text).contacts.first?.note?.count == Self.megabytes5 / 3)
    }

    @Test("5 MB base64 photo over the limit → photo too large, not decoded")
    func hugePhoto() {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:X\nPHOTO;ENCODING=b:" + String(repeating: "A", count: Self.megabytes5) + "\nEND:VCARD\n"

        let issues = VCardReader(maximumPhotoBytes: 1_000_000).read(text).issues

        #expect(issues == [VCardIssue(line: 4, error: .photoTooLarge(byteCount: Self.megabytes5 / 4 * 3, limit: 1_000_000))])
    }
}
