import Crypto
import FlipcashAPI
import Foundation
import SwiftProtobuf
import Synchronization

// Grabbing a bill: finding the offer, asking for the bill, waiting for the payment.

extension FlipcashWallet {
    /// Grabs the bill `payload` (scanned from its code): finds the giver's offer (polling up to 10
    /// times, 300 ms apart), checks it against the bill, makes sure this account can receive the
    /// mint, asks for the bill, and waits for the payment (its id is the bill's rendezvous public
    /// key, which the payee may read), polling quickly at first. Grabbing a bill already paid to
    /// this owner answers that payment again.
    ///
    /// - Throws: `.noBill`, `.dismissed`, `.alreadyGrabbed`, `.timedOut`, `.manInTheMiddle` for an
    ///   offer whose signature does not match, `.billMismatch`; the server's refusals.
    public func grab(_ payload: CashCodePayload, timing: BillExchangeTiming = BillExchangeTiming()) async throws -> GrabbedBill {
        let rendezvous = RendezvousKey(payload: payload)
        let id = rendezvous.publicKey.rawRepresentation
        try await register()
        if let receipt = try await paidReceipt(id) { return GrabbedBill(payload: payload, receipt: receipt) }

        let offer = try await findOffer(payload, rendezvous: rendezvous, timing: timing)
        guard let mint = try? Mint(address: offer.mint.address) else { throw BillExchangeError.billMismatch("an unknown mint") }
        if !mint.isUSDF {
            let openID = Self.derivedID("open-account", mint.address, client.owner)
            let action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.openAccount(.with { $0.mint.address = mint.address })
            try outbox.save(id: openID, action: action, at: now())
            _ = try await submit(id: openID, action: action)
        }
        let grab = BillMessage.grab(requestor: client.ownerKey.publicKey.rawRepresentation)
        switch try await client.sendMessage(grab, rendezvous: rendezvous) {
        case .ok: break
        case .noActiveStream: throw BillExchangeError.dismissed
        case .alreadyGrabbed: throw BillExchangeError.alreadyGrabbed
        }

        let clock = ContinuousClock()
        let start = clock.now
        var delay = timing.firstPaymentPoll
        while true {
            try await timing.sleep(delay)
            if let receipt = try await paidReceipt(id) {
                try await refreshQuietly()
                return GrabbedBill(payload: payload, receipt: receipt)
            }
            guard start.duration(to: clock.now) < timing.paymentWait else { throw BillExchangeError.timedOut }
            delay = min(delay * 2, timing.maximumPaymentPoll)
        }
    }

    /// The settled payment under `id` that paid this owner, if there is one.
    ///
    /// - Throws: `.paymentRefused` when the server refused that payment: a refusal stays with
    ///   its id, so waiting longer cannot help.
    private func paidReceipt(_ id: Data) async throws -> IntentReceipt? {
        guard let receipt = try await client.intent(id: id), receipt.kind == .sendPayment, receipt.destinationOwner == client.owner
        else { return nil }
        guard receipt.isSettled else { throw BillExchangeError.paymentRefused }
        return receipt
    }

    /// The giver's offer for `payload`, checked against its signature and the bill.
    private func findOffer(
        _ payload: CashCodePayload, rendezvous: RendezvousKey, timing: BillExchangeTiming
    ) async throws -> Flipcash_V1_RequestToGiveBill {
        for attempt in 0..<max(1, timing.offerPolls) {
            if attempt > 0 { try await timing.sleep(timing.offerPollInterval) }
            let messages = try await client.pollMessages(rendezvous: rendezvous)
            guard let message = messages.first(where: { if case .requestToGiveBill = $0.kind { true } else { false } }) else { continue }
            let offer = try BillMessage.verifiedOffer(of: message, rendezvous: rendezvous.publicKey)
            try Self.check(offer, against: payload)
            return offer
        }
        throw BillExchangeError.noBill
    }

    /// Refuses an offer that would pay something other than what the bill shows.
    static func check(_ offer: Flipcash_V1_RequestToGiveBill, against payload: CashCodePayload) throws(BillExchangeError) {
        let data = offer.exchangeData
        guard data.amount.mint.address == offer.mint.address else { throw .billMismatch("the amount is in another mint") }
        guard data.amount.quarks > 0 else { throw .billMismatch("the amount is zero") }
        guard data.rate.rate.currency == payload.currency.rawValue else {
            throw .billMismatch("it is priced in \(data.rate.rate.currency.uppercased()), the bill in \(payload.currency.code)")
        }
        let native = Decimal(data.nativeAmount)
        let difference = native > payload.amount ? native - payload.amount : payload.amount - native
        guard difference <= payload.currency.smallestUnit / 2 else {
            throw .billMismatch("it is worth \(native) \(payload.currency.code), the bill \(payload.amount)")
        }
    }
}

/// What a give's listeners share: whether the stream spoke, when it last did, and whether a grab
/// was accepted (after which the deadline no longer applies) or the deadline passed (after which
/// no grab is accepted) — the two are decided under one lock, so only one of them happens.
final class GiveSession: Sendable {
    enum Expiry: Sendable {
        case stale, timeout
    }

    private struct State {
        var lastHeard = ContinuousClock.now
        var ready = false
        var delivered = false
        var committed = false
        var expired = false
    }

    let deadline: ContinuousClock.Instant
    let staleAt: ContinuousClock.Instant
    private let state = Mutex(State())

    init(deadline: ContinuousClock.Instant, staleAt: ContinuousClock.Instant) {
        self.deadline = deadline
        self.staleAt = staleAt
    }

    /// A new stream: its silence counts from now.
    func connected() {
        state.withLock { $0.lastHeard = .now }
    }

    /// The stream said something; true the first time of the whole give (show the bill).
    func heard() -> Bool {
        state.withLock { state in
            state.lastHeard = .now
            state.delivered = true
            defer { state.ready = true }
            return !state.ready
        }
    }

    /// Whether a stream delivered anything since the last call (the back-off starts over).
    func takeDelivered() -> Bool {
        state.withLock { state in
            defer { state.delivered = false }
            return state.delivered
        }
    }

    var silence: Duration { state.withLock { $0.lastHeard.duration(to: .now) } }

    var isCommitted: Bool { state.withLock { $0.committed } }

    /// Accepts a grab, unless the deadline passed first.
    func commit() -> Bool {
        state.withLock { state in
            guard !state.expired else { return false }
            state.committed = true
            return true
        }
    }

    /// Ends the wait if the deadline passed and no grab was accepted: why, or nil.
    func expire() -> Expiry? {
        let now = ContinuousClock.now
        guard now >= deadline else { return nil }
        return state.withLock { state in
            guard !state.committed else { return nil }
            state.expired = true
            return now >= staleAt ? .stale : .timeout
        }
    }
}
