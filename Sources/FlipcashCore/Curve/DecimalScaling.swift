import Foundation

/// Exact conversion between Foundation's `Decimal` and a non-negative integer count of
/// 10⁻ˢᶜᵃˡᵉ units, in nanoseconds rather than microseconds.
///
/// Why not Decimal arithmetic: on Linux a single Decimal multiplication or division costs
/// 0.3–0.6 µs and `description` 1.6–5 µs, which alone would keep a curve quote under the
/// 1,000,000/s target; and Foundation has no public exact Decimal ↔ integer conversion there
/// (`NSDecimalNumber.uint64Value` keeps only the low 64 bits of a larger mantissa).
///
/// How: a `Decimal` is a 20-byte plain value (an 8-bit exponent, a length and sign in the next
/// byte, then a 128-bit mantissa as eight 16-bit words). Its field packing differs between
/// swift-foundation (Linux) and Darwin's C `NSDecimal`, so the layout is not assumed: it is
/// detected once, on first use, by decoding and encoding probe values made through the public
/// API (`Decimal(string:)`) and comparing the results. If neither known layout passes, the
/// conversions fall back to an exact but slow path through the decimal string form, so a
/// layout change can cost speed, never correctness.
enum DecimalScaling {
    /// How a `Decimal` is read and written on this platform.
    enum Strategy: Sendable, Equatable {
        /// Fields read and written in place; the second byte packs the mantissa length (4 bits
        /// from `lengthShift`), the sign and the "compact" flag at the given bits.
        case inPlace(lengthShift: UInt8, signBit: UInt8, compactBit: UInt8)
        /// Through `description` and `Decimal(string:)`.
        case viaString
    }

    static let strategy: Strategy = detectStrategy()

    /// `decimal · 10^scale` as an integer, rounded half to even; nil for NaN, a negative value,
    /// or one that does not fit in `UInt128`.
    static func units(of decimal: Decimal, scale: Int) -> UInt128? {
        units(of: decimal, scale: scale, strategy: strategy)
    }

    /// `units · 10^-scale` as a `Decimal` in Foundation's canonical (compact) form.
    static func decimal(units: UInt128, scale: Int) -> Decimal {
        decimal(units: units, scale: scale, strategy: strategy)
    }

    static func units(of decimal: Decimal, scale: Int, strategy: Strategy) -> UInt128? {
        let parts: Parts?
        switch strategy {
        case let .inPlace(lengthShift, signBit, _):
            parts = readInPlace(decimal, lengthShift: lengthShift, signBit: signBit)
        case .viaString:
            parts = Parts(decimalString: decimal.description)
        }
        guard let parts, !parts.isNegative else { return nil }
        return parts.scaled(to: scale)
    }

    static func decimal(units: UInt128, scale: Int, strategy: Strategy) -> Decimal {
        let parts = Parts.compact(mantissa: units, exponent: -scale)
        switch strategy {
        case let .inPlace(lengthShift, signBit, compactBit):
            return writeInPlace(parts, lengthShift: lengthShift, signBit: signBit, compactBit: compactBit)
        case .viaString:
            return Decimal(string: parts.plainString) ?? .nan
        }
    }

    // MARK: - In-place access

    private static let byteCount = 20
    private static let mantissaOffset = 4

    private static func readInPlace(_ decimal: Decimal, lengthShift: UInt8, signBit: UInt8) -> Parts? {
        withUnsafeBytes(of: decimal) { bytes -> Parts? in
            let exponent = Int(Int8(bitPattern: bytes[0]))
            let length = Int((bytes[1] >> lengthShift) & 0x0F)
            let isNegative = (bytes[1] >> signBit) & 1 == 1
            // length 0 with the sign set is NaN
            if length == 0 { return isNegative ? nil : Parts(mantissa: 0, exponent: 0, isNegative: false) }
            guard length <= 8 else { return nil }
            var mantissa: UInt128 = 0
            for index in stride(from: length * 2 - 1, through: 0, by: -1) {
                mantissa = mantissa << 8 | UInt128(bytes[mantissaOffset + index])
            }
            return Parts(mantissa: mantissa, exponent: exponent, isNegative: isNegative)
        }
    }

    private static func writeInPlace(_ parts: Parts, lengthShift: UInt8, signBit: UInt8, compactBit: UInt8) -> Decimal {
        var result = Decimal()
        guard parts.mantissa != 0 else { return result }
        let length = (128 - parts.mantissa.leadingZeroBitCount + 15) / 16
        withUnsafeMutableBytes(of: &result) { bytes in
            bytes[0] = UInt8(bitPattern: Int8(truncatingIfNeeded: parts.exponent))
            bytes[1] = UInt8(length) << lengthShift | (parts.isNegative ? 1 << signBit : 0) | 1 << compactBit
            var mantissa = parts.mantissa
            for index in 0..<(length * 2) {
                bytes[mantissaOffset + index] = UInt8(truncatingIfNeeded: mantissa)
                mantissa >>= 8
            }
        }
        return result
    }

    // MARK: - Detection

    /// The first in-place layout that reads and writes every probe exactly like the public API
    /// does, or `.viaString`.
    static func detectStrategy() -> Strategy {
        guard MemoryLayout<Decimal>.size == byteCount else { return .viaString }
        let candidates: [Strategy] = [
            .inPlace(lengthShift: 4, signBit: 3, compactBit: 2),  // swift-foundation (Linux)
            .inPlace(lengthShift: 0, signBit: 4, compactBit: 5),  // Darwin's NSDecimal bitfields
        ]
        return candidates.first(where: passesProbes) ?? .viaString
    }

    private static let probes = [
        "0", "1", "123.45", "0.000000000000000001", "-0.000000000000000001", "1000",
        "340282366920938463463374607431768211455", "-98765.4321", "21000000",
        "1139973004327.2852848216029648", "0.5", "99.999999999999999999",
    ]

    private static func passesProbes(_ candidate: Strategy) -> Bool {
        for text in probes {
            guard let decimal = Decimal(string: text), let expected = Parts(decimalString: text) else { return false }
            switch candidate {
            case let .inPlace(lengthShift, signBit, compactBit):
                guard readInPlace(decimal, lengthShift: lengthShift, signBit: signBit) == compactForm(of: expected)
                else { return false }
                let written = writeInPlace(
                    compactForm(of: expected), lengthShift: lengthShift, signBit: signBit, compactBit: compactBit)
                guard written == decimal, written.description == decimal.description,
                    withUnsafeBytes(of: written, { Array($0) }) == withUnsafeBytes(of: decimal, { Array($0) })
                else { return false }
            case .viaString:
                return true
            }
        }
        return true
    }

    private static func compactForm(of parts: Parts) -> Parts {
        var compacted = Parts.compact(mantissa: parts.mantissa, exponent: parts.exponent)
        compacted.isNegative = parts.isNegative
        return compacted
    }
}
