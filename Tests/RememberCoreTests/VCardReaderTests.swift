import Foundation
import RememberCore
import Testing

@Suite("VCardReader: real exports")
struct VCardReaderTests {
    private let reader = VCardReader()

    @Test("Apple Contacts 3.0 export → names, escaped note, folded JPEG, UID and REV; labels and groups ignored")
    func appleContacts() throws {
        let result = reader.read(VCardSample.appleContacts.text)

        #expect(result.issues.isEmpty)
        try #require(result.contacts.count == 2)
        let johnny = result.contacts[0]
        #expect(
            johnny
                == VCardContact(
                    formattedName: "Johnny Appleseed",
                    familyName: "Appleseed",
                    givenName: "Johnny",
                    note: "Met at WWDC, by the coffee cart.\nLikes climbing; has a dog called \\o/.",
                    photo: VCardPhoto(data: VCardSample.jpegBytes, mediaType: "image/jpeg"),
                    uid: "8A4F1E2B-3C5D-4E6F-8A9B-0C1D2E3F4A5B",
                    revision: Date(timeIntervalSince1970: 1_709_648_530)
                ))
        #expect(result.contacts[1] == VCardContact(formattedName: "Jane Doe", familyName: "Doe", givenName: "Jane"))
    }

    @Test("Google Contacts 3.0 export → comma-separated categories, link photo ignored")
    func googleContacts() throws {
        let result = reader.read(VCardSample.googleContacts.text)

        #expect(result.issues.isEmpty)
        try #require(result.contacts.count == 2)
        #expect(
            result.contacts[0]
                == VCardContact(
                    formattedName: "Ada Lovelace",
                    familyName: "Lovelace",
                    givenName: "Ada",
                    note: "Analytical engine; first program",
                    categories: ["myContacts", "Friends"]
                ))
        #expect(result.contacts[1].categories == ["myContacts"])
    }

    @Test("RFC 6350 4.0 cards → data URI photos, urn:uuid UID, basic REV, repeated CATEGORIES merged")
    func rfc6350() throws {
        let result = reader.read(VCardSample.rfc6350.text)

        #expect(result.issues.isEmpty)
        try #require(result.contacts.count == 2)
        #expect(
            result.contacts[0]
                == VCardContact(
                    formattedName: "Simon Perreault",
                    familyName: "Perreault",
                    givenName: "Simon",
                    honorificSuffix: "ing. jr,M.Sc.",
                    photo: VCardPhoto(data: VCardSample.jpegBytes, mediaType: "image/jpeg"),
                    uid: "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
                    revision: Date(timeIntervalSince1970: 815_178_430)
                ))
        #expect(
            result.contacts[1]
                == VCardContact(
                    formattedName: "Pat Png",
                    categories: ["Climbing", "Book club", "Neighbours"],
                    photo: VCardPhoto(data: VCardSample.pngBytes, mediaType: "image/png")
                ))
    }

    @Test("vCard 2.1 → quoted-printable UTF-8 with soft break, bare parameters, indented base64 photo")
    func legacy21() throws {
        let result = reader.read(VCardSample.legacy21.text)

        #expect(result.issues.isEmpty)
        #expect(
            result.contacts == [
                VCardContact(
                    formattedName: "Jürgen Müller",
                    familyName: "Müller",
                    givenName: "Jürgen",
                    note: "Erste Zeile\nZweite Zeile geht weiter und weiter",
                    photo: VCardPhoto(data: VCardSample.jpegBytes, mediaType: "image/jpeg")
                )
            ])
    }

    @Test("CRLF, LF and lone CR line endings → the same contacts", arguments: VCardSample.allCases)
    func lineEndings(sample: VCardSample) {
        let lf = reader.read(sample.text)
        let crlf = reader.read(sample.text.replacingOccurrences(of: "\n", with: "\r\n"))
        let cr = reader.read(sample.text.replacingOccurrences(of: "\n", with: "\r"))

        #expect(!lf.contacts.isEmpty)
        #expect(crlf.contacts == lf.contacts)
        #expect(cr.contacts == lf.contacts)
    }

    @Test("UTF-8 Data with a byte order mark → same contacts as the text")
    func dataWithByteOrderMark() {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(VCardSample.googleContacts.text.utf8)

        let result = reader.read(data)

        #expect(result.issues.isEmpty)
        #expect(result.contacts == reader.read(VCardSample.googleContacts.text).contacts)
    }

    @Test("BOM in a String, blank lines between cards, lowercase names → all cards read")
    func byteOrderMarkAndBlankLines() {
        let text = "\u{FEFF}begin:vcard\r\nversion:3.0\r\nfn:One\r\nend:vcard\r\n\r\n\r\n  \r\nBEGIN:VCARD\nVERSION:4.0\nFn:Two\nEnd:VCard\n\n"

        let result = reader.read(text)

        #expect(result.issues.isEmpty)
        #expect(result.contacts.map(\.formattedName) == ["One", "Two"])
    }

    @Test("Folded lines with space or tab, even inside a multi-byte character → joined")
    func folding() {
        let text = "BEGIN:VCARD\nVERSION:4.0\nFN:Zoë Sa\n\tld🎉aña\nNOTE:one \n two\nEND:VCARD\n"

        let result = reader.read(text)

        #expect(result.contacts.map(\.formattedName) == ["Zoë Sald🎉aña"])
        #expect(result.contacts.first?.note == "one two")
    }

    @Test("A fold splitting a UTF-8 sequence in Data → the character is rejoined")
    func foldInsideScalar() {
        var bytes = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jos".utf8) + [0xC3]
        bytes += Array("\r\n ".utf8) + [0xA9] + Array("\r\nEND:VCARD\r\n".utf8)

        #expect(reader.read(Data(bytes)).contacts.map(\.formattedName) == ["José"])
    }

    @Test("Escapes \\n \\N \\, \\; \\\\ decoded; other backslashes kept literally")
    func escapes() {
        let text = #"""
            BEGIN:VCARD
            VERSION:3.0
            FN:Semi\;Colon\, Esq.
            NOTE:a\nb\Nc\,d\;e\\f C:\Users\x \:-\ end\
            END:VCARD
            """#

        let contact = reader.read(text).contacts.first

        #expect(contact?.formattedName == "Semi;Colon, Esq.")
        #expect(contact?.note == #"a"# + "\nb\nc,d;e\\f C:\\Users\\x \\:-\\ end\\")
    }

    @Test("CATEGORIES: escaped commas kept, entries trimmed, empties dropped")
    func categories() {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:C\nCATEGORIES: Work , ,Rock\\, Paper,,\nCATEGORIES:\nEND:VCARD\n"

        #expect(reader.read(text).contacts.first?.categories == ["Work", "Rock, Paper"])
    }

    @Test("Quoted parameter values containing : and ; → value split at the right colon")
    func quotedParameters() {
        let text = """
            BEGIN:VCARD
            VERSION:4.0
            FN;X-NOTE="a:b;c":Quoted Name
            PHOTO;MEDIATYPE="image/png";X-Y="p:q":data:;base64,iVBORw0KGgoAAQIDBAUGBwgJCgsMDQ4PEBESExQVFhc=
            END:VCARD
            """

        let contact = reader.read(text).contacts.first

        #expect(contact?.formattedName == "Quoted Name")
        #expect(contact?.photo == VCardPhoto(data: VCardSample.pngBytes, mediaType: "image/png"))
    }

    @Test("N only → FN composed from given and family names")
    func nameFromN() {
        let text = "BEGIN:VCARD\nVERSION:3.0\nN:Hopper;Grace;Brewster;RAdm.;\nEND:VCARD\n"

        #expect(
            reader.read(text).contacts == [
                VCardContact(formattedName: "Grace Hopper", familyName: "Hopper", givenName: "Grace", honorificPrefix: "RAdm.")
            ])
        let suffixed = "BEGIN:VCARD\nVERSION:3.0\nN:Smith;Robert;;;Jr.\nEND:VCARD\n"
        #expect(reader.read(suffixed).contacts.first?.formattedName == "Robert Smith, Jr.")
    }

    @Test("Empty FN with N present → the name from N; given name alone is enough")
    func emptyFormattedName() {
        let text = "BEGIN:VCARD\nVERSION:3.0\nFN:  \nN:;Cher;;;\nEND:VCARD\n"

        #expect(reader.read(text).contacts == [VCardContact(formattedName: "Cher", givenName: "Cher")])
    }

    @Test("Photo without a type → media type sniffed from the bytes; link photo in 4.0 → no photo")
    func photoMediaTypes() {
        let base64 = VCardSample.pngBytes.base64EncodedString()
        let text = """
            BEGIN:VCARD
            VERSION:3.0
            FN:Sniffed
            PHOTO;ENCODING=b:\(base64)
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            FN:Linked
            PHOTO;MEDIATYPE=image/jpeg:http://www.example.com/pub/photos/jqpublic.jpg
            END:VCARD
            """

        let contacts = reader.read(text).contacts

        #expect(contacts.map(\.photo) == [VCardPhoto(data: VCardSample.pngBytes, mediaType: "image/png"), nil])
    }

    @Test("REV in extended form with offset and fraction → the UTC instant; unreadable REV → nil, card kept")
    func revisionFormats() {
        let text = """
            BEGIN:VCARD
            VERSION:3.0
            FN:Offset
            REV:2024-03-05T15:22:10.500+01:00
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            FN:Date only
            REV:20240305
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            FN:Garbage
            REV:2024-02-30T99:00:00Z
            END:VCARD
            """

        let revisions = reader.read(text).contacts.map(\.revision)

        #expect(
            revisions == [
                Date(timeIntervalSince1970: 1_709_648_530.5),
                Date(timeIntervalSince1970: 1_709_596_800),
                nil,
            ])
    }
}
