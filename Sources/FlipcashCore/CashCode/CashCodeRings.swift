/// The dots of a cash code: 312 bits on 6 concentric rings.
///
/// The 39 bytes drawn are the 4 finder bytes `B2 CB 25 C6` then the 35 code bytes. Bit k is bit
/// k mod 8 (least significant first) of byte ⌊k/8⌋. Ring r has 32 + 8r positions and takes the
/// next bits in order, so ring 0 holds exactly the finder (bits 0–31, the pattern a scanner uses to
/// find the code's orientation) and rings 1–5 hold the code. Position 0 of a ring is at 12 o'clock
/// and positions run clockwise. A dot is drawn where a bit is 1.
public struct CashCodeRings: Hashable, Sendable {
    /// Positions per ring, inner to outer.
    public static let ringSizes = [32, 40, 48, 56, 64, 72]
    /// The fixed bytes of the inner ring.
    public static let finderBytes: [UInt8] = [0xB2, 0xCB, 0x25, 0xC6]
    /// Finder bits that may be wrong before the picture is declared not a code. The finder carries
    /// no data (Reed–Solomon does not cover it), so a few damaged dots there must not stop a scan;
    /// a quarter of the ring wrong means it is something else.
    public static let finderTolerance = 8
    /// Bits on all rings.
    public static let bitCount = 312

    /// `rings[r][j]`: whether ring r has a dot at position j.
    public let rings: [[Bool]]

    /// The rings that draw a 35-byte code.
    ///
    /// - Throws: `.wrongCodeLength` unless `code` is 35 bytes.
    public init(code: some Collection<UInt8>) throws(CashCodeError) {
        let code = Array(code)
        guard code.count == CashCode.byteCount else { throw .wrongCodeLength(code.count) }
        rings = Self.split(Self.finderBytes + code)
    }

    /// The rings that draw `payload`'s code.
    public init(payload: CashCodePayload) {
        rings = Self.split(Self.finderBytes + CashCode.encode(payload))
    }

    /// 39 bytes cut into rings, bit k = bit k mod 8 of byte ⌊k/8⌋.
    private static func split(_ bytes: [UInt8]) -> [[Bool]] {
        var rings: [[Bool]] = []
        var bit = 0
        for size in ringSizes {
            rings.append((bit..<(bit + size)).map { bytes[$0 >> 3] >> ($0 & 7) & 1 == 1 })
            bit += size
        }
        return rings
    }

    /// Rings read from a picture, inner to outer.
    ///
    /// - Throws: `.wrongRingSizes` unless there are 6 rings of 32, 40, 48, 56, 64 and 72 bits.
    public init(rings: [[Bool]]) throws(CashCodeError) {
        guard rings.map(\.count) == Self.ringSizes else { throw .wrongRingSizes(rings.map(\.count)) }
        self.rings = rings
    }

    /// The 39 bytes the rings spell, finder included, as read (nothing checked or corrected).
    public var bytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.bitCount / 8)
        for (bit, isSet) in rings.joined().enumerated() where isSet { bytes[bit >> 3] |= 1 << (bit & 7) }
        return bytes
    }

    /// The 35 code bytes, as read (uncorrected), after checking the finder ring.
    ///
    /// - Throws: `.finderMismatch` when more than `finderTolerance` finder bits are wrong.
    public func code() throws(CashCodeError) -> [UInt8] {
        let bytes = self.bytes
        let wrongBits = zip(bytes, Self.finderBytes).reduce(0) { $0 + ($1.0 ^ $1.1).nonzeroBitCount }
        guard wrongBits <= Self.finderTolerance else { throw .finderMismatch(wrongBits: wrongBits) }
        return Array(bytes[Self.finderBytes.count...])
    }

    /// The payload the rings carry, correcting up to 6 damaged code bytes.
    public func decode() throws(CashCodeError) -> CashCodePayload {
        try CashCode.decode(code())
    }
}
