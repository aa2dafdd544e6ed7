/// A decimal number kept as its digits, for UDDF's unit conversions.
///
/// UDDF stores SI units (K, Pa, m³, gas fractions) where the log keeps °C, bar, litres and
/// percent. Doing those conversions in binary floating point loses the last bit now and then
/// (12.2 °C → 285.35 K → 12.200000000000045 °C), so a written file would not read back to the
/// same log. Shifting the decimal point and adding 273.15 on the digits themselves is exact:
/// the writer starts from a `Double`'s shortest description, and the reader turns the result
/// back into the nearest `Double`, which is the value it started from.
struct UDDFDecimal: Hashable, Sendable {
    /// Digits of the magnitude, most significant first, without leading or trailing zeros;
    /// empty for zero.
    private(set) var digits: [UInt8]
    /// The power of ten the digits are multiplied by.
    private(set) var exponent: Int
    private(set) var isNegative: Bool

    /// More significant digits than a `Double` can hold twice over are not a measurement.
    private static let maximumDigits = 40
    /// Far beyond any `Double` (about 10^±324), and it keeps the plain form of a value short.
    private static let maximumExponent = 400

    /// `significand × 10^exponent`, for constants.
    init(significand: Int, exponent: Int) {
        let magnitude = significand.magnitude
        digits = magnitude == 0 ? [] : String(magnitude).utf8.map { $0 - UInt8(ascii: "0") }
        self.exponent = exponent
        isNegative = significand < 0
        normalize()
    }

    /// Parses a decimal number as XML Schema writes one (`-12.5`, `.5`, `2.0E7`), also
    /// accepting a comma as the decimal separator. `nil` for anything else, including `INF` and
    /// `NaN`, and for numbers with absurdly many digits or a huge exponent.
    init?(_ text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        while let first = bytes.first, Self.isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, Self.isSpace(last) { bytes.removeLast() }
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        var digits: [UInt8] = []
        var exponent = 0
        var sawPoint = false
        var sawDigit = false
        while let byte = bytes.first {
            if let digit = Self.digit(byte) {
                sawDigit = true
                if !(digits.isEmpty && digit == 0) {
                    guard digits.count <= Self.maximumDigits * 2 else { return nil }
                    digits.append(digit)
                }
                if sawPoint { exponent -= 1 }
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") {
                guard !sawPoint else { return nil }
                sawPoint = true
            } else {
                break
            }
            bytes.removeFirst()
        }
        guard sawDigit else { return nil }
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes.removeFirst()
            var exponentNegative = false
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
                exponentNegative = sign == UInt8(ascii: "-")
                bytes.removeFirst()
            }
            guard !bytes.isEmpty, bytes.count <= 6 else { return nil }
            var value = 0
            for byte in bytes {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + Int(digit)
            }
            bytes = []
            exponent += exponentNegative ? -value : value
        }
        guard bytes.isEmpty else { return nil }
        self.digits = digits
        self.exponent = exponent
        isNegative = negative
        normalize()
        guard self.digits.count <= Self.maximumDigits, abs(self.exponent) <= Self.maximumExponent else { return nil }
    }

    /// The exact decimal a finite `Double` stands for in its shortest description (`12.2`, not
    /// 12.199999999999999289…); `nil` for infinities and NaN.
    init?(_ value: Double) {
        guard value.isFinite, let decimal = UDDFDecimal(value.description) else { return nil }
        self = decimal
    }

    var isZero: Bool { digits.isEmpty }

    /// The value times 10^`places`.
    func shifted(by places: Int) -> UDDFDecimal {
        var copy = self
        if !copy.isZero { copy.exponent += places }
        return copy
    }

    /// The `Double` nearest to the value; `nil` when it is too large for one.
    var doubleValue: Double? {
        guard !isZero else { return 0 }
        let text =
            (isNegative ? "-" : "") + String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
            + "e\(exponent)"
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// The value without an exponent (`0.0111`, `20700000`, `-3.5`), which every UDDF reader
    /// can parse.
    var plainText: String {
        guard !isZero else { return "0" }
        let characters = digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
        var text = isNegative ? "-" : ""
        if exponent >= 0 {
            text += String(characters) + String(repeating: "0", count: exponent)
        } else {
            let integerCount = characters.count + exponent
            if integerCount > 0 {
                text += String(characters[..<integerCount]) + "." + String(characters[integerCount...])
            } else {
                text += "0." + String(repeating: "0", count: -integerCount) + String(characters)
            }
        }
        return text
    }

    static func + (lhs: UDDFDecimal, rhs: UDDFDecimal) -> UDDFDecimal {
        guard !lhs.isZero else { return rhs }
        guard !rhs.isZero else { return lhs }
        let exponent = min(lhs.exponent, rhs.exponent)
        // Least significant digit first, both on the same power of ten.
        let left = Array(lhs.digits.reversed()).padded(front: lhs.exponent - exponent)
        let right = Array(rhs.digits.reversed()).padded(front: rhs.exponent - exponent)
        var result = UDDFDecimal(significand: 0, exponent: 0)
        if lhs.isNegative == rhs.isNegative {
            result.digits = add(left, right).reversed()
            result.isNegative = lhs.isNegative
        } else if compare(left, right) >= 0 {
            result.digits = subtract(left, right).reversed()
            result.isNegative = lhs.isNegative
        } else {
            result.digits = subtract(right, left).reversed()
            result.isNegative = rhs.isNegative
        }
        result.exponent = exponent
        result.normalize()
        return result
    }

    static prefix func - (value: UDDFDecimal) -> UDDFDecimal {
        var copy = value
        if !copy.isZero { copy.isNegative.toggle() }
        return copy
    }

    static func - (lhs: UDDFDecimal, rhs: UDDFDecimal) -> UDDFDecimal { lhs + -rhs }

    private mutating func normalize() {
        let firstNonZero = digits.firstIndex { $0 != 0 } ?? digits.count
        digits.removeFirst(firstNonZero)
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            exponent = 0
            isNegative = false
        }
    }

    /// Digit-wise sum of two little-endian digit arrays.
    private static func add(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(max(left.count, right.count) + 1)
        var carry: UInt8 = 0
        for position in 0..<max(left.count, right.count) {
            let a = position < left.count ? left[position] : 0
            let b = position < right.count ? right[position] : 0
            let sum = a + b + carry
            result.append(sum % 10)
            carry = sum / 10
        }
        if carry > 0 { result.append(carry) }
        return result
    }

    /// `left − right` for little-endian digit arrays with `left ≥ right`.
    private static func subtract(_ left: [UInt8], _ right: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(left.count)
        var borrow: Int = 0
        for position in 0..<left.count {
            var difference = Int(left[position]) - borrow - Int(position < right.count ? right[position] : 0)
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 10 }
            result.append(UInt8(difference))
        }
        return result
    }

    /// Compares two little-endian digit arrays of non-negative numbers.
    private static func compare(_ left: [UInt8], _ right: [UInt8]) -> Int {
        let length = max(left.count, right.count)
        for position in stride(from: length - 1, through: 0, by: -1) {
            let a = position < left.count ? left[position] : 0
            let b = position < right.count ? right[position] : 0
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    private static func digit(_ byte: UInt8) -> UInt8? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension Array where Element == UInt8 {
    /// The digits with `count` zeros in front (little-endian: at the low end).
    fileprivate func padded(front count: Int) -> [UInt8] {
        count > 0 ? [UInt8](repeating: 0, count: count) + self : self
    }
}
