/// The first eight bytes of a key as a big-endian integer, zero-padded.
///
/// For keys of equal length, comparing prefixes as integers orders them exactly like comparing their first
/// eight bytes, so sorting and lookups settle most comparisons without touching the bytes again.
enum KeyPrefix {
    @inline(__always)
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var prefix: UInt64 = 0
        let count = min(bytes.count, 8)
        for index in 0..<count { prefix |= UInt64(bytes[index]) << (56 - 8 * UInt64(index)) }
        return prefix
    }
}
