/// FNV-1a, 64-bit: a tiny, stable, well-spread hash for short strings. Used for the short
/// suffix of site ids, which must be the same on every machine and every run (Swift's
/// `Hasher` is seeded per process).
enum FNV1a {
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
