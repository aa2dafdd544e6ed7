import Foundation

/// Text reduced for comparison: ASCII-folded ("Ċirkewwa" → "cirkewwa", "Straße" → "strasse"),
/// lower-cased, apostrophes removed ("Devil's", "Devil’s", "Devil´s" → "devils"), and every other run of punctuation
/// or space turned into one space.
///
/// Both the keyword filter and the duplicate matcher compare names this way, so "St. John's
/// Reef", "ST JOHNS REEF" and "St Johns Réef" are the same words. Letters outside Latin
/// (Greek, Thai, Japanese…) are kept, lower-cased, as their UTF-8 bytes.
struct FoldedText: Equatable, Sendable {
    /// The folded text as bytes: words separated by single spaces, no leading or trailing space.
    let bytes: [UInt8]

    init(_ text: String) {
        var folder = Folder()
        folder.bytes.reserveCapacity(text.utf8.count)
        if !Self.foldASCII(text, into: &folder) {
            for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars { folder.scalar(scalar) }
        }
        bytes = folder.bytes
    }

    /// Folds pure-ASCII text (most names) byte by byte; returns false, having done nothing,
    /// for any other text.
    private static func foldASCII(_ text: String, into folder: inout Folder) -> Bool {
        let contiguous = text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
            guard buffer.allSatisfy({ $0 < 0x80 }) else { return false }
            for byte in buffer { folder.ascii(byte) }
            return true
        }
        if let contiguous { return contiguous }
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        for byte in text.utf8 { folder.ascii(byte) }
        return true
    }

    /// The words, as ranges of `bytes`.
    var words: [Range<Int>] {
        var words: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x20 {
            if index > start { words.append(start..<index) }
            start = index + 1
        }
        if start < bytes.count { words.append(start..<bytes.count) }
        return words
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }

    private struct Folder {
        var bytes: [UInt8] = []
        var pendingSpace = false

        mutating func emit(_ byte: UInt8) {
            if pendingSpace, !bytes.isEmpty { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(byte)
        }

        mutating func ascii(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): emit(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): emit(byte + 32)
            case UInt8(ascii: "'"), UInt8(ascii: "`"): break
            default: pendingSpace = true
            }
        }

        mutating func scalar(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                ascii(UInt8(scalar.value))
                return
            }
            // ´ and ′ typed for an apostrophe ("Devil´s"): dropped like one, so no stray "s"
            // word (read as "south" by the duplicate matcher) is left behind.
            if scalar.value == 0x00B4 || scalar.value == 0x2032 { return }
            if let replacement = Self.latinLetters[scalar.value] {
                for byte in replacement.utf8 { emit(byte) }
                return
            }
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                return
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
                .letterNumber, .otherNumber:
                if scalar.value == 0x02BC { return }  // ʼ, a letter apostrophe
                for byte in properties.lowercaseMapping.utf8 { emit(byte) }
            case .finalPunctuation, .initialPunctuation:
                // ’ and ‘ are apostrophes in names; other quotes separate words.
                if scalar.value != 0x2019, scalar.value != 0x2018 { pendingSpace = true }
            default:
                pendingSpace = true
            }
        }

        /// Latin letters that do not decompose into a base letter and a mark.
        static let latinLetters: [UInt32: String] = [
            0x00DF: "ss", 0x1E9E: "ss", 0x00E6: "ae", 0x00C6: "ae", 0x00F8: "o", 0x00D8: "o", 0x0153: "oe",
            0x0152: "oe", 0x0111: "d", 0x0110: "d", 0x0142: "l", 0x0141: "l", 0x00FE: "th", 0x00DE: "th",
            0x00F0: "d", 0x00D0: "d", 0x0131: "i", 0x0127: "h", 0x0126: "h", 0x014B: "n", 0x014A: "n",
            0x0167: "t", 0x0166: "t", 0x0138: "q",
        ]
    }
}
