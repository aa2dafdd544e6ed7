public import Foundation

extension Data {
    /// Bytes from a hex string (either case; white space ignored). Traps on malformed hex:
    /// test vectors only.
    public init(hex: String) {
        let digits = Array(hex.filter { !$0.isWhitespace }.utf8)
        precondition(digits.count.isMultiple(of: 2), "odd-length hex")
        func nibble(_ char: UInt8) -> UInt8 {
            switch char {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return char - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return char - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return char - UInt8(ascii: "A") + 10
            default: preconditionFailure("bad hex digit")
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            bytes.append(nibble(digits[index]) << 4 | nibble(digits[index + 1]))
            index += 2
        }
        self.init(bytes)
    }

    /// Lower-case hex.
    public var hex: String { map { String(format: "%02x", $0) }.joined() }
}
