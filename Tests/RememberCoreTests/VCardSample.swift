import Foundation

/// Realistic vCard files as the exporting apps write them, shared by the reader and fuzz tests.
/// The multi-line literals use LF; tests that need CRLF convert them.
enum VCardSample: String, CaseIterable, Sendable {
    case appleContacts, googleContacts, rfc6350, legacy21

    var text: String {
        switch self {
        case .appleContacts: Self.appleContactsText
        case .googleContacts: Self.googleContactsText
        case .rfc6350: Self.rfc6350Text
        case .legacy21: Self.legacy21Text
        }
    }

    /// The JPEG embedded in the photo samples: a JPEG header, 112 varying bytes and the end-of-image marker.
    static let jpegBytes = Data([0xFF, 0xD8, 0xFF, 0xE0] + (0..<112).map { UInt8($0 * 7 % 256) } + [0xFF, 0xD9])

    /// The PNG embedded in the RFC 6350 sample: the PNG signature and the bytes 0 to 23.
    static let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<24).map { UInt8($0) })

    /// Apple Contacts (iPhone) 3.0 export: groups, `X-ABLabel`, a folded base64 JPEG.
    private static let appleContactsText = #"""
        BEGIN:VCARD
        VERSION:3.0
        PRODID:-//Apple Inc.//iPhone OS 17.4//EN
        N:Appleseed;Johnny;;;
        FN:Johnny Appleseed
        ORG:Apple Inc.;
        item1.EMAIL;type=INTERNET;type=pref:johnny.appleseed@example.com
        item1.X-ABLabel:_$!<Other>!$_
        TEL;type=CELL;type=VOICE;type=pref:(408) 555-0100
        item2.ADR;type=HOME;type=pref:;;1 Infinite Loop;Cupertino;CA;95014;United States
        item2.X-ABADR:us
        NOTE:Met at WWDC\, by the coffee cart.\nLikes climbing\; has a dog called \\o/.
        PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAHDhUcIyoxOD9GTVRbYmlwd36FjJOaoaivtr3Ey9LZ
         4Ofu9fwDChEYHyYtNDtCSVBXXmVsc3qBiI+WnaSrsrnAx87V3OPq8fj/Bg0UGyIpMDc+RUxTWm
         Fob3Z9hIuSmaCnrrW8w8rR2N/m7fT7Agn/2Q==
        REV:2024-03-05T14:22:10Z
        UID:8A4F1E2B-3C5D-4E6F-8A9B-0C1D2E3F4A5B
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        N:Doe;Jane;;;
        FN:Jane Doe
        TEL;type=CELL:+1 555 0101
        END:VCARD
        """#

    /// Google Contacts 3.0 export: `myContacts` category, photo as a link.
    private static let googleContactsText = #"""
        BEGIN:VCARD
        VERSION:3.0
        FN:Ada Lovelace
        N:Lovelace;Ada;;;
        EMAIL;TYPE=INTERNET;TYPE=HOME:ada@example.org
        TEL;TYPE=CELL:+44 20 7946 0958
        PHOTO;VALUE=URI:https://lh3.googleusercontent.com/contacts/AOqxe=s96
        NOTE:Analytical engine\; first program
        CATEGORIES:myContacts,Friends
        END:VCARD
        BEGIN:VCARD
        VERSION:3.0
        FN:Charles Babbage
        N:Babbage;Charles;;;
        CATEGORIES:myContacts
        END:VCARD
        """#

    /// RFC 6350 §8's example with a data URI photo added, and a second card with a `MEDIATYPE` photo.
    private static let rfc6350Text = #"""
        BEGIN:VCARD
        VERSION:4.0
        FN:Simon Perreault
        N:Perreault;Simon;;;ing. jr,M.Sc.
        BDAY:--0203
        ANNIVERSARY:20090808T1430-0500
        GENDER:M
        LANG;PREF=1:fr
        LANG;PREF=2:en
        ORG;TYPE=work:Viagenie
        ADR;TYPE=work:;Suite D2-630;2875 Laurier;
         Quebec;QC;G1V 2M2;Canada
        TEL;VALUE=uri;TYPE="work,voice";PREF=1:tel:+1-418-656-9254;ext=102
        TEL;VALUE=uri;TYPE="work,cell,voice,video,text":tel:+1-418-262-6501
        EMAIL;TYPE=work:simon.perreault@viagenie.ca
        GEO;TYPE=work:geo:46.772673,-71.282945
        KEY;TYPE=work;VALUE=uri:
         http://www.viagenie.ca/simon.perreault/simon.asc
        TZ:-0500
        URL;TYPE=home:http://nomis80.org
        PHOTO:data:image/jpeg;base64,/9j/4AAHDhUcIyoxOD9GTVRbYmlwd36FjJOaoaivtr3Ey9
         LZ4Ofu9fwDChEYHyYtNDtCSVBXXmVsc3qBiI+WnaSrsrnAx87V3OPq8fj/Bg0UGyIpMDc+RUxT
         WmFob3Z9hIuSmaCnrrW8w8rR2N/m7fT7Agn/2Q==
        UID:urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6
        REV:19951031T222710Z
        END:VCARD

        BEGIN:VCARD
        VERSION:4.0
        FN:Pat Png
        PHOTO;MEDIATYPE=image/png:data:;base64,iVBORw0KGgoAAQIDBAUGBwgJCgsMDQ4PEBESExQVFhc=
        CATEGORIES:Climbing,Book club
        CATEGORIES:Neighbours
        END:VCARD
        """#

    /// vCard 2.1 from an older phone: quoted-printable with a soft line break, indented base64 photo.
    private static let legacy21Text = #"""
        BEGIN:VCARD
        VERSION:2.1
        N;CHARSET=UTF-8:Müller;Jürgen;;;
        FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=BCrgen M=C3=BCller
        NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Erste Zeile=0D=0AZweite Zeile geht weiter und =
        weiter
        TEL;WORK;VOICE:+49 30 1234567
        PHOTO;JPEG;ENCODING=BASE64:
          /9j/4AAHDhUcIyoxOD9GTVRbYmlwd36FjJOaoaivtr3Ey9LZ4Ofu9fwDChEY
          HyYtNDtCSVBXXmVsc3qBiI+WnaSrsrnAx87V3OPq8fj/Bg0UGyIpMDc+RUxT
          WmFob3Z9hIuSmaCnrrW8w8rR2N/m7fT7Agn/2Q==

        END:VCARD
        """#
}
