import Foundation
public import Observation

/// The bill the giver shows: its amount, its payload and the circular code to draw, and the
/// rendezvous key the two phones meet on. Built once per bill (each has a fresh nonce, so each
/// has its own rendezvous key).
@MainActor
@Observable
public final class BillViewModel {
    public let amount: FiatAmount
    public let payload: CashCodePayload
    /// The 35 code bytes (parity, header, payload).
    public let code: [UInt8]
    /// The code's bits as the six rings of the picture (ring 0 is the finder).
    public let rings: CashCodeRings
    /// The rendezvous public key, base58: also the id of the payment it starts.
    public let rendezvousAddress: String
    /// "$5.00" as the bill shows it.
    public let displayAmount: String

    /// A bill for `amount`, of the kind the sender uses (multi-currency).
    ///
    /// - Throws: `AmountError` for an amount no one could send (zero, or finer than the
    ///   currency's smallest unit: a bill obeys the rules of every amount);
    ///   `CashCodePayloadError` for an amount the 7-byte field cannot carry.
    public init(
        amount: FiatAmount, kind: CashCodePayload.Kind = .multiCurrency, formatter: FiatFormatter = .current,
        using generator: inout some RandomNumberGenerator
    ) throws {
        let amount = try amount.validatedForSending()
        let payload = try CashCodePayload(kind: kind, currency: amount.currency, amount: amount.value, using: &generator)
        self.amount = amount
        self.payload = payload
        code = CashCode.encode(payload)
        rings = CashCodeRings(payload: payload)
        rendezvousAddress = RendezvousKey(payload: payload).publicKeyBase58
        displayAmount = formatter.string(for: amount)
    }

    /// The code as an SVG picture `size` points wide.
    public func svg(size: Double = CashCodeSVG.defaultSize) throws -> String {
        try CashCodeSVG(size: size).render(rings)
    }
}
