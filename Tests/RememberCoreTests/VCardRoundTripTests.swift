import Foundation
import RememberCore
import Testing

@Suite("VCardWriter → VCardReader round trip")
struct VCardRoundTripTests {
    /// 50 KB of bytes behind a JPEG header, varied enough that every base64 character occurs.
    private static let largePhoto = VCardPhoto(
        data: Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<50_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }),
        mediaType: "image/jpeg"
    )

    private static let awkwardContacts = [
        VCardContact(
            formattedName: "O'Brien, Siobhán; \"Shiv\" \\ 🎸",
            familyName: "O'Brien; Ó Briain",
            givenName: "Siobhán,Shiv",
            note: "Line one, with commas; and semicolons.\nLine two \\ backslash \\n not a newline\n\n👩‍👩‍👧 family · 東京 · e\u{301}",
            categories: ["Friends", "Work, old", "Book;club", "Ba\\ckslash", "🎉"],
            photo: largePhoto,
            uid: "5E0D5A2C-8F13-4B7A-9C61-0B2E4D6F8A13",
            revision: Date(timeIntervalSince1970: 1_717_171_717)
        ),
        VCardContact(
            formattedName: "Long Note",
            note: String(repeating: "Ünïcödé, ; \\ ", count: 25),
            photo: VCardPhoto(data: Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]), mediaType: "image/png"),
            uid: "not-a-uuid:with;odd,chars"
        ),
        VCardContact(formattedName: "Given Only", givenName: "Given"),
        VCardContact(formattedName: "X", familyName: "Family", photo: VCardPhoto(data: Data([0, 0, 0, 24]), mediaType: "image/heic")),
    ]

    @Test("Awkward text, 300-character note and a 50 KB photo → equal contacts, no issues", arguments: VCardVersion.allCases)
    func roundTrip(version: VCardVersion) {
        #expect(Self.awkwardContacts[1].note?.count == 325)

        let text = VCardWriter(version: version).write(Self.awkwardContacts)
        let result = VCardReader().read(text)

        #expect(result.issues.isEmpty)
        #expect(result.contacts == Self.awkwardContacts)
    }

    @Test("Written as UTF-8 Data → same contacts as from the text", arguments: VCardVersion.allCases)
    func roundTripThroughData(version: VCardVersion) {
        let text = VCardWriter(version: version).write(Self.awkwardContacts)

        #expect(VCardReader().read(Data(text.utf8)).contacts == Self.awkwardContacts)
    }

    @Test(
        "Real exports read, written in either version and read again → unchanged contacts",
        arguments: VCardSample.allCases, VCardVersion.allCases)
    func rewriteSamples(sample: VCardSample, version: VCardVersion) {
        let original = VCardReader().read(sample.text).contacts

        let rewritten = VCardReader().read(VCardWriter(version: version).write(original))

        #expect(!original.isEmpty)
        #expect(rewritten.issues.isEmpty)
        #expect(rewritten.contacts == original)
    }

    @Test("CRLF and lone CR in a note → read back as \\n line breaks")
    func lineBreaksNormalized() {
        let contact = VCardContact(formattedName: "Breaks", note: "a\r\nb\rc\nd")

        let read = VCardReader().read(VCardWriter(version: .v4).write([contact])).contacts

        #expect(read.first?.note == "a\nb\nc\nd")
    }
}
