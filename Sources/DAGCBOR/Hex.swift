/// Hexadecimal text for bytes: two digits per byte, most significant nibble first, no prefix or
/// separators. Lower case by default (digests, keys and identifiers, where it is the convention
/// and the text is often persisted, so it must never change); upper case on request for
/// messages that quote bytes the way specifications print them (`FF D8`, `0x89504E47`).
/// One encoder so every module writes the same text for the same bytes.
public enum Hex {
    public static func encode(_ bytes: some Sequence<UInt8>, uppercase: Bool = false) -> String {
        let digits = uppercase ? upperDigits : lowerDigits
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let lowerDigits = Array("0123456789abcdef".utf8)
    private static let upperDigits = Array("0123456789ABCDEF".utf8)
}
