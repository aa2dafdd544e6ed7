/// The choices a sketch makes where keywords are silent (background, skin, face shape…), derived
/// from the person's name so that one person always looks the same and two people rarely alike.
///
/// Uses FNV-1a 64 rather than `Hasher`, whose output is randomised per process.
struct SketchSeed: Sendable, Equatable {
    /// One independent decision; each mixes the name hash with its own salt so that, say, the
    /// background colour says nothing about the skin tone.
    enum Decision: UInt64, Sendable {
        case background = 1
        case skin
        case headWidth
        case headHeight
        case jaw
        case eyes
        case eyeSpacing
        case brows
        case nose
        case mouth
        case hairColor
        case hairLength
        case hairPart
        case ponytailSide
        case clothing
        case neckline
        case accent
        case glassesFrame
        case earrings
        case capVisor
        case beanieBobble
        case mole
    }

    /// FNV-1a 64 of the trimmed, lower-cased name.
    let value: UInt64

    init(name: String) {
        var trimmed = Substring(name)
        while trimmed.first?.isWhitespace == true { trimmed.removeFirst() }
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        value = Self.fnv1a64(trimmed.lowercased().utf8)
    }

    static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// One of `options`; `options` must not be empty (the palettes are non-empty constants).
    func pick<Option>(_ options: [Option], for decision: Decision) -> Option {
        options[Int(number(for: decision) % UInt64(options.count))]
    }

    func isHeads(for decision: Decision) -> Bool {
        number(for: decision) & 1 == 1
    }

    /// SplitMix64 finaliser over the hash and the decision's salt: FNV-1a alone mixes its low bits poorly.
    private func number(for decision: Decision) -> UInt64 {
        var mixed = value &+ decision.rawValue &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
