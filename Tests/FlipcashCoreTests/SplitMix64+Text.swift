import TestSupport

extension SplitMix64 {
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
