/// The lengths BIP-39 allows: 12 to 24 words, standing for 128 to 256 bits of entropy plus a
/// checksum of one bit per 32 bits of entropy (so every 3 words carry 32 + 1 bits).
public enum MnemonicWordCount: Int, CaseIterable, Hashable, Sendable {
    case twelve = 12, fifteen = 15, eighteen = 18, twentyOne = 21, twentyFour = 24

    /// The length for `byteCount` bytes of entropy (16, 20, 24, 28 or 32), `nil` for any other.
    public init?(entropyByteCount byteCount: Int) {
        guard byteCount.isMultiple(of: 4), let count = Self(rawValue: byteCount * 3 / 4) else { return nil }
        self = count
    }

    /// Bytes of entropy: 16 for 12 words … 32 for 24 words.
    public var entropyByteCount: Int { rawValue * 4 / 3 }

    /// Checksum bits appended to the entropy: entropy bits / 32, i.e. 4 for 12 words, 8 for 24.
    public var checksumBitCount: Int { rawValue / 3 }
}
