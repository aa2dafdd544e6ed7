public import Foundation

/// Why a bill payload could not be built or read. Building fails on amounts the 7-byte wire field
/// cannot hold; reading fails on bytes that no Flipcash client would have written.
public enum CashCodePayloadError: LocalizedError, Equatable, Sendable {
    /// The amount is below zero; a bill always carries a non-negative amount.
    case negativeAmount(Decimal)
    /// The amount is `Decimal.nan`.
    case amountNotANumber
    /// The amount × 10⁶ (rounded half-up) does not fit the 56-bit wire field.
    case amountTooLarge(Decimal)
    /// The nonce is not 10 bytes.
    case wrongNonceLength(Int)
    /// The encoded payload is not 20 bytes.
    case wrongLength(Int)
    /// Byte 0 is not 0 (cash) or 1 (multi-currency); 2 is a tip code, which is not a bill.
    case unknownKind(UInt8)
    /// Byte 1 is past the end of the currency list.
    case unknownCurrencyIndex(UInt8)
    /// Byte 9, the top byte of the amount's 8-byte slot, is not zero.
    case nonZeroReservedByte(UInt8)

    public var errorDescription: String? {
        switch self {
        case .negativeAmount(let amount):
            "A bill cannot carry a negative amount (\(amount))."
        case .amountNotANumber:
            "A bill's amount must be a number."
        case .amountTooLarge(let amount):
            "\(amount) is too large for a bill: the most a cash code can carry is 72,057,594,037.927935."
        case .wrongNonceLength(let count):
            "A bill's nonce must be 10 bytes, not \(count)."
        case .wrongLength(let count):
            "A bill payload is 20 bytes, not \(count)."
        case .unknownKind(let kind):
            "The code is not a bill: its kind byte is \(kind) (0 is cash, 1 is multi-currency cash)."
        case .unknownCurrencyIndex(let index):
            "The bill names currency number \(index), which this version of Flipcash does not know."
        case .nonZeroReservedByte(let byte):
            "The bill's amount field is damaged: its reserved top byte is \(byte) instead of 0."
        }
    }
}
