public import Foundation

/// What a bill carries: the 20 bytes inside a cash code, from which the giver and the receiver both
/// derive the bill's rendezvous key.
///
/// Layout (the Flipcash clients' and server's):
///
/// | bytes | field |
/// |---|---|
/// | 0 | kind: 0 cash, 1 multi-currency cash |
/// | 1 | currency wire index (`CurrencyCode.index`) |
/// | 2–8 | amount × 10⁶, unsigned little-endian, 7 bytes |
/// | 9 | 0 (the clients read 8 bytes at offset 2, so this is the amount's top byte) |
/// | 10–19 | random nonce, so every bill has its own rendezvous key |
///
/// The amount always has 6 "wire decimals" whatever the currency: $5 is 5,000,000 and ¥1000 is
/// 1,000,000,000. It is held here as that exact integer, so a payload read from a code re-encodes
/// to the same bytes.
///
/// All 20 bytes are kept, including trailing zero bytes of the nonce. (The original app's
/// `KikCodes.decode` trims trailing zeros and so rejects a nonce ending in 0x00; nonces made here
/// end in a non-zero byte so that our bills scan in the original app too.)
public struct CashCodePayload: Hashable, Sendable {
    /// Which flow the bill belongs to. The sender of a bill uses `.multiCurrency`; `.cash` is the
    /// older single-currency bill, still decoded.
    public enum Kind: UInt8, CaseIterable, Hashable, Sendable {
        case cash = 0
        case multiCurrency = 1
    }

    /// Bytes in an encoded payload.
    public static let byteCount = 20
    /// Bytes of random nonce.
    public static let nonceByteCount = 10
    /// Decimal places of the wire amount, the same for every currency.
    public static let wireDecimals = 6
    /// The largest amount the 7-byte field holds, in wire units (2⁵⁶ − 1).
    public static let maximumWireAmount: UInt64 = (1 << 56) - 1

    public let kind: Kind
    public let currency: CurrencyCode
    /// The amount × 10⁶, exactly as on the wire.
    public let wireAmount: UInt64
    /// The 10 nonce bytes.
    public let nonce: [UInt8]

    /// The fiat amount in `currency`: `wireAmount` / 10⁶, exact.
    public var amount: Decimal {
        Decimal(sign: .plus, exponent: -Self.wireDecimals, significand: Decimal(wireAmount))
    }

    /// A payload with an exact wire amount and a given nonce.
    ///
    /// - Throws: `.amountTooLarge` past 2⁵⁶ − 1, `.wrongNonceLength` unless the nonce is 10 bytes.
    public init(kind: Kind, currency: CurrencyCode, wireAmount: UInt64, nonce: [UInt8]) throws(CashCodePayloadError) {
        guard wireAmount <= Self.maximumWireAmount else {
            throw .amountTooLarge(Decimal(sign: .plus, exponent: -Self.wireDecimals, significand: Decimal(wireAmount)))
        }
        guard nonce.count == Self.nonceByteCount else { throw .wrongNonceLength(nonce.count) }
        self.kind = kind
        self.currency = currency
        self.wireAmount = wireAmount
        self.nonce = nonce
    }

    /// A payload for a fiat amount with a given nonce (tests, or a nonce chosen elsewhere).
    ///
    /// The amount is rounded half-up to 6 decimals, the wire's fixed precision.
    /// - Throws: `.negativeAmount`, `.amountNotANumber`, `.amountTooLarge`, `.wrongNonceLength`.
    public init(kind: Kind, currency: CurrencyCode, amount: Decimal, nonce: [UInt8]) throws(CashCodePayloadError) {
        try self.init(kind: kind, currency: currency, wireAmount: Self.wireAmount(of: amount), nonce: nonce)
    }

    /// A payload for a fiat amount with a fresh nonce drawn from `generator`.
    public init(
        kind: Kind, currency: CurrencyCode, amount: Decimal, using generator: inout some RandomNumberGenerator
    ) throws(CashCodePayloadError) {
        try self.init(kind: kind, currency: currency, amount: amount, nonce: Self.randomNonce(using: &generator))
    }

    /// A payload for a fiat amount with a fresh nonce from the system's secure generator.
    public init(kind: Kind, currency: CurrencyCode, amount: Decimal) throws(CashCodePayloadError) {
        var generator = SystemRandomNumberGenerator()
        try self.init(kind: kind, currency: currency, amount: amount, using: &generator)
    }

    /// Reads the 20 payload bytes of a cash code.
    ///
    /// - Throws: `.wrongLength`, `.unknownKind`, `.unknownCurrencyIndex`, `.nonZeroReservedByte`.
    public init(decoding bytes: some Collection<UInt8>) throws(CashCodePayloadError) {
        let bytes = Array(bytes)
        guard bytes.count == Self.byteCount else { throw .wrongLength(bytes.count) }
        guard let kind = Kind(rawValue: bytes[0]) else { throw .unknownKind(bytes[0]) }
        guard let currency = CurrencyCode(index: bytes[1]) else { throw .unknownCurrencyIndex(bytes[1]) }
        guard bytes[9] == 0 else { throw .nonZeroReservedByte(bytes[9]) }
        var wireAmount: UInt64 = 0
        for offset in (2...8).reversed() { wireAmount = wireAmount << 8 | UInt64(bytes[offset]) }
        self.kind = kind
        self.currency = currency
        self.wireAmount = wireAmount
        self.nonce = Array(bytes[10..<20])
    }

    /// The 20 bytes a cash code carries.
    public func encoded() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.byteCount)
        bytes[0] = kind.rawValue
        bytes[1] = currency.index
        for offset in 0..<7 { bytes[2 + offset] = UInt8(truncatingIfNeeded: wireAmount >> (8 * offset)) }
        bytes.replaceSubrange(10..<20, with: nonce)
        return bytes
    }

    /// 10 random bytes whose last byte is non-zero, so the original app's zero-trimming decoder
    /// reads all 20 payload bytes back.
    public static func randomNonce(using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var nonce = (0..<nonceByteCount - 1).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        nonce.append(UInt8.random(in: 1 ... .max, using: &generator))
        return nonce
    }

    /// `amount` × 10⁶ rounded half-up, as an integer that fits the 7-byte field.
    static func wireAmount(of amount: Decimal) throws(CashCodePayloadError) -> UInt64 {
        guard !amount.isNaN else { throw .amountNotANumber }
        guard amount >= 0 else { throw .negativeAmount(amount) }
        var scaled = amount * Decimal(sign: .plus, exponent: wireDecimals, significand: 1)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        guard rounded <= Decimal(maximumWireAmount),
            let wireAmount = UInt64(rounded.description)  // an integer ≤ 2⁵⁶ − 1 prints as plain digits
        else { throw .amountTooLarge(amount) }
        return wireAmount
    }
}
