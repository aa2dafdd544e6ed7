public import Foundation

/// Why bytes are not strict DAG-CBOR, or why a value cannot be encoded as DAG-CBOR.
///
/// Offsets count bytes from the start of the input and point at the first byte of the offending item.
public enum DAGCBORError: LocalizedError, Equatable, Sendable {
    /// The input ends inside the item that starts at `offset` (also used when a length or element count
    /// claims more data than the input holds).
    case truncated(offset: Int)
    /// An integer, length or tag number at `offset` is not in its shortest form.
    case nonCanonicalInteger(offset: Int)
    /// The initial byte at `offset` uses a reserved additional-information value (28–30): not well-formed CBOR.
    case reservedAdditionalInfo(offset: Int)
    /// An indefinite-length string, array or map starts at `offset`.
    case indefiniteLength(offset: Int)
    /// A "break" stop code (0xff) appears at `offset` outside any indefinite-length item.
    case unexpectedBreak(offset: Int)
    /// A half- or single-precision float at `offset`; DAG-CBOR floats are always 64-bit.
    case nonFloat64(offset: Int)
    /// A NaN or infinite float: at `offset` when decoding, `nil` when encoding.
    case nonFiniteFloat(offset: Int?)
    /// A simple value other than false, true and null (for example `undefined`, 23).
    case unsupportedSimpleValue(UInt8, offset: Int)
    /// A tag other than 42 (CID link), or tag 42 not written as `d8 2a`.
    case unsupportedTag(UInt64, offset: Int)
    /// Tag 42 at `offset` does not hold a byte string of `00` followed by a supported CIDv1.
    case invalidCIDLink(offset: Int)
    /// A map key at `offset` is not a text string.
    case nonTextMapKey(offset: Int)
    /// The map key at `offset` sorts before the previous key (DAG-CBOR requires length-first bytewise order).
    case mapKeysOutOfOrder(offset: Int)
    /// A map key occurs twice (compared by UTF-8 bytes): at `offset` when decoding, `nil` when building a map.
    case duplicateMapKey(String, offset: Int?)
    /// Bytes remain after the single top-level item, starting at `offset`.
    case trailingBytes(offset: Int)
    /// The text string at `offset` is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// Arrays, maps and links are nested deeper than `DAGCBORValue.maxNestingDepth`.
    case nestingTooDeep
    /// An integer does not fit the Swift type it is decoded into.
    case integerOutOfRange

    public var errorDescription: String? {
        switch self {
        case .truncated(let offset):
            return "The DAG-CBOR data is cut short: the item at byte \(offset) needs more bytes than remain."
        case .nonCanonicalInteger(let offset):
            return "The number at byte \(offset) is not in its shortest encoding, which DAG-CBOR requires."
        case .reservedAdditionalInfo(let offset):
            return "The byte at offset \(offset) is not well-formed CBOR (reserved additional information)."
        case .indefiniteLength(let offset):
            return "The item at byte \(offset) has an indefinite length, which DAG-CBOR forbids."
        case .unexpectedBreak(let offset):
            return "Unexpected CBOR break code (0xff) at byte \(offset)."
        case .nonFloat64(let offset):
            return "The float at byte \(offset) is not 64-bit; DAG-CBOR encodes every float as binary64."
        case .nonFiniteFloat(let offset):
            if let offset {
                return "The float at byte \(offset) is NaN or infinite, which DAG-CBOR forbids."
            }
            return "NaN and infinite floats cannot be encoded in DAG-CBOR."
        case .unsupportedSimpleValue(let value, let offset):
            return "The simple value \(value) at byte \(offset) is not allowed; DAG-CBOR only has false, true and null."
        case .unsupportedTag(let tag, let offset):
            return "The tag \(tag) at byte \(offset) is not allowed; DAG-CBOR only has tag 42 (CID link), encoded d8 2a."
        case .invalidCIDLink(let offset):
            return "The CID link at byte \(offset) must be a byte string of 0x00 followed by a CIDv1 "
                + "(dag-cbor or raw, sha2-256)."
        case .nonTextMapKey(let offset):
            return "The map key at byte \(offset) is not a text string; DAG-CBOR map keys must be strings."
        case .mapKeysOutOfOrder(let offset):
            return "The map key at byte \(offset) is out of order; DAG-CBOR sorts keys by length, then bytewise."
        case .duplicateMapKey(let key, let offset):
            if let offset {
                return "The map key \"\(key)\" at byte \(offset) appears twice."
            }
            return "The map key \"\(key)\" appears twice."
        case .trailingBytes(let offset):
            return "Unexpected bytes after the DAG-CBOR item, starting at byte \(offset)."
        case .invalidUTF8(let offset):
            return "The text string at byte \(offset) is not valid UTF-8."
        case .nestingTooDeep:
            return "The DAG-CBOR data is nested more than \(DAGCBORValue.maxNestingDepth) levels deep."
        case .integerOutOfRange:
            return "The integer does not fit the type it is decoded into."
        }
    }
}
