import XMLKit

/// A seeded pseudo-random generator (SplitMix64), so every generated test case can be
/// reproduced from its seed.
struct SplitMix64: RandomNumberGenerator {
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
}

/// Parses a document given as Swift text (that is, as UTF-8).
func parse(_ text: String, limits: XMLLimits = .default) throws(XMLError) -> XMLTree {
    try XMLReader.parse(Array(text.utf8), limits: limits)
}

/// The error a document gives, or nil when it parses.
func parseError(_ text: String, limits: XMLLimits = .default) -> XMLError? {
    parseError(bytes: Array(text.utf8), limits: limits)
}

/// The error a document given as bytes gives, or nil when it parses.
func parseError(bytes: [UInt8], limits: XMLLimits = .default) -> XMLError? {
    do {
        _ = try XMLReader.parse(bytes, limits: limits)
        return nil
    } catch {
        return error
    }
}
