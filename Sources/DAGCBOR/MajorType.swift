/// CBOR major types (RFC 8949 §3.1), as the high three bits of an initial byte.
enum MajorType: UInt8 {
    case unsigned = 0
    case negative = 1
    case bytes = 2
    case text = 3
    case array = 4
    case map = 5
    case tag = 6
    case simple = 7
}
