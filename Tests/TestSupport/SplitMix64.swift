/// SplitMix64: a tiny seeded generator, so every fuzz and property test is reproducible from
/// its seed. Shared by the test targets (not shipped in any product).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }

    /// `input` after `edits` random edits of a fuzzer's kinds: a flipped bit, an overwritten
    /// byte, up to 8 bytes inserted or deleted, a cut, or a run of up to 64 bytes duplicated
    /// elsewhere.
    public mutating func mutated(_ input: [UInt8], edits: ClosedRange<Int> = 1...3) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: edits, using: &self) {
            guard !bytes.isEmpty else { break }
            let index = Int.random(in: 0..<bytes.count, using: &self)
            switch Int.random(in: 0..<6, using: &self) {
            case 0: bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &self)
            case 1: bytes[index] = UInt8.random(in: .min ... .max, using: &self)
            case 2: bytes.insert(contentsOf: self.bytes(Int.random(in: 1...8, using: &self)), at: index)
            case 3: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...8, using: &self)))
            case 4: bytes.removeSubrange(index...)
            default:
                let end = min(bytes.count, index + Int.random(in: 1...64, using: &self))
                bytes.insert(contentsOf: bytes[index..<end], at: Int.random(in: 0...bytes.count, using: &self))
            }
        }
        return bytes
    }
}
