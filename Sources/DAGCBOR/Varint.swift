import Foundation

/// Unsigned LEB128 varints as the multiformats specifications use them (CID fields, CAR section lengths).
///
/// Multiformats limits a varint to 9 bytes (63 bits of payload) and requires the minimal encoding,
/// so that every number has exactly one byte form; `decode` enforces both.
public enum Varint {
    /// The longest varint multiformats allows.
    public static let maxLength = 9

    /// The minimal LEB128 bytes of `value` (1 byte for 0…127).
    ///
    /// Values of 2^63 and above need 10 bytes, which multiformats (and `decode`) do not accept.
    public static func encode(_ value: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(10)
        append(value, to: &out)
        return out
    }

    static func append(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }

    /// Reads one varint from `bytes` starting at `offset` (an index of `bytes`) and advances `offset` past it.
    ///
    /// Throws `VarintError` for truncated, non-minimal or over-long input; `offset` is left unchanged then.
    public static func decode<C: Collection<UInt8>>(
        from bytes: C, at offset: inout C.Index
    ) throws(VarintError) -> UInt64 {
        let start = offset
        let position = bytes.distance(from: bytes.startIndex, to: start)
        var index = start
        var result: UInt64 = 0
        var shift: UInt64 = 0
        for count in 1...maxLength {
            guard index < bytes.endIndex else { throw .truncated(offset: position) }
            let byte = bytes[index]
            index = bytes.index(after: index)
            result |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 {
                if byte == 0 && count > 1 { throw .nonMinimal(offset: position) }
                offset = index
                return result
            }
            shift += 7
        }
        throw .tooLong(offset: position)
    }
}
