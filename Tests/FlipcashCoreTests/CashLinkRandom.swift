/// SplitMix64 for the cash-link and mnemonic property and fuzz tests: every run is reproducible
/// from its seed. (Named after this piece so it cannot clash with other suites' generators.)
struct CashLinkRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &self) }
    }

    /// Up to `maxLength` characters, mostly from `alphabet` and sometimes any Unicode scalar
    /// (combining marks, white space, astral planes, controls), to shake a parser.
    mutating func text(maxLength: Int, alphabet: [Character]) -> String {
        let length = Int.random(in: 0...maxLength, using: &self)
        var result = ""
        for _ in 0..<length {
            if Int.random(in: 0..<8, using: &self) == 0 {
                let value = UInt32.random(in: 0...0x10FFFF, using: &self)
                result.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            } else if let character = alphabet.randomElement(using: &self) {
                result.append(character)
            }
        }
        return result
    }
}
