import DAGCBOR
public import Foundation

/// Why a cash code — bytes, rings of dots or an SVG picture — could not be made or read.
public enum CashCodeError: LocalizedError, Equatable, Sendable {
    /// A code is 35 bytes (13 parity, 2 header, 20 payload).
    case wrongCodeLength(Int)
    /// More than 6 of the 35 bytes are damaged (or the damage cannot be located).
    case uncorrectable
    /// The header is not `02 00` (a remote Kik code, colour 0): another kind of Kik code.
    case unexpectedHeader(UInt8, UInt8)
    /// The corrected code holds 20 bytes that are not a bill.
    case invalidPayload(CashCodePayloadError)
    /// Ring bits must come as 6 rings of 32, 40, 48, 56, 64 and 72 positions.
    case wrongRingSizes([Int])
    /// The inner (finder) ring differs from the fixed pattern in too many places to be a code.
    case finderMismatch(wrongBits: Int)
    /// An SVG picture's size must be a positive, finite number.
    case invalidPictureSize(Double)
    /// The SVG text is larger than a cash-code picture could be.
    case svgTooLarge(bytes: Int)
    /// The SVG has no `<svg>` element with a usable `viewBox` or `width` and `height`.
    case svgWithoutSize
    /// The SVG has no dots on the code's rings.
    case svgWithoutDots

    public var errorDescription: String? {
        switch self {
        case .wrongCodeLength(let count):
            "A cash code is 35 bytes, not \(count)."
        case .uncorrectable:
            "The cash code is too damaged to read: more than 6 of its 35 bytes are wrong."
        case .unexpectedHeader(let first, let second):
            "This is not a Flipcash bill: its header is \(Self.hex(first)) \(Self.hex(second)) instead of 02 00."
        case .invalidPayload(let error):
            error.errorDescription
        case .wrongRingSizes(let sizes):
            "A cash code has 6 rings of 32, 40, 48, 56, 64 and 72 dots, not \(sizes)."
        case .finderMismatch(let wrongBits):
            "This is not a cash code: \(wrongBits) of the 32 dots of its inner ring are not where they should be."
        case .invalidPictureSize(let size):
            "A cash-code picture's size must be a positive number, not \(size)."
        case .svgTooLarge(let bytes):
            "The SVG is \(bytes) bytes, too large to be a cash-code picture (at most \(CashCodeSVG.maximumInputBytes))."
        case .svgWithoutSize:
            "The SVG has no <svg> element with a viewBox or a width and height, so its dots cannot be placed on rings."
        case .svgWithoutDots:
            "The SVG has no dots on a cash code's rings."
        }
    }

    private static func hex(_ byte: UInt8) -> String { Hex.encode([byte]) }
}
