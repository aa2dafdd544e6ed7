public import Crypto
import DAGCBOR
public import FlipcashAPI
public import Foundation
import SwiftProtobuf
import Synchronization

/// Why giving or grabbing a bill ended without the money moving (as far as this side knows).
public enum BillExchangeError: LocalizedError, Hashable, Sendable {
    /// A message's signature is not the bill's key's over what the message says: the server or
    /// the network between the two sides changed it. Nothing was paid.
    case manInTheMiddle
    /// The exchange-rate proof pinned for the bill is `age` seconds old, past the 13 minutes a
    /// client prices with (the server accepts 15). Nothing was paid.
    case staleProof(age: TimeInterval)
    /// The giver closed the bill (it has no open stream): nothing was grabbed.
    case dismissed
    /// Someone else grabbed the bill first.
    case alreadyGrabbed
    /// No offer was found under the bill: it was never shown, or it is gone.
    case noBill
    /// The bill was grabbed but the giver's payment did not arrive in time (it may still come).
    case timedOut
    /// Nobody grabbed the bill before the wait ended; it was dismissed and nothing was paid.
    case notGrabbed
    /// The giver's offer disagrees with the bill that was scanned; nothing was grabbed.
    case billMismatch(String)

    public var errorDescription: String? {
        switch self {
        case .manInTheMiddle:
            "The bill's messages were changed on the way (their signature does not match the bill): nothing was paid."
        case .staleProof(let age):
            "The bill's exchange rate is \(Int(age / 60)) minutes old (at most 13 are allowed): nothing was paid; show a new bill."
        case .dismissed: "The bill was dismissed: there is no open bill to grab."
        case .alreadyGrabbed: "Someone else grabbed this bill."
        case .noBill: "There is no open bill for this code: it was never shown, or it was dismissed or taken long ago."
        case .timedOut: "The giver did not pay within 30 seconds; the payment may still arrive: check your history."
        case .notGrabbed: "Nobody grabbed the bill in time: it was dismissed and nothing was paid."
        case .billMismatch(let reason): "The giver's offer does not match the bill (\(reason)): nothing was grabbed."
        }
    }
}

/// How long the two sides of a bill wait, poll and back off (the seed's figures by default; tests
/// shorten them).
public struct BillExchangeTiming: Sendable {
    /// How many times a grabber polls for the giver's offer…
    public var offerPolls = 10
    /// …and how long it waits between two polls.
    public var offerPollInterval: Duration = .milliseconds(300)
    /// The grabber's first wait for the payment, doubled after each poll…
    public var firstPaymentPoll: Duration = .milliseconds(5)
    /// …up to this…
    public var maximumPaymentPoll: Duration = .milliseconds(250)
    /// …for at most this long.
    public var paymentWait: Duration = .seconds(30)
    /// A giver's stream that says nothing (no message, no ping) this long is dead: it reconnects.
    public var streamSilence: Duration = .seconds(10)
    /// How long a giver waits before opening its stream again.
    public var reconnect = ReconnectBackoff()
    /// How often a giver checks its stream's silence and its deadline.
    public var watchInterval: Duration = .milliseconds(250)
    /// How the waits above are slept (injected by tests).
    public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }

    public init() {}
}

/// Reconnection back-off: `initial`, doubled after each failure up to `maximum`, back to `initial`
/// once a connection delivered something.
public struct ReconnectBackoff: Hashable, Sendable {
    public var initial: Duration
    public var maximum: Duration

    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(30)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait after `failures` failures in a row (1 for the first): 1 s, 2 s, 4 s … 30 s.
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = initial
        for _ in 1..<max(1, failures) {
            delay *= 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}

/// A bill ready to show: its payload, the rendezvous key both sides derive from it, and the
/// exchange data (one signed-rate proof) pinned for the whole give.
public struct BillOffer: Sendable {
    public let payload: CashCodePayload
    public let rendezvous: RendezvousKey
    /// What the bill is worth, on chain and in its currency.
    public let amount: ExchangedFiat
    /// What the payment will carry.
    public let exchangeData: Flipcash_V1_ExchangeData

    init(payload: CashCodePayload, amount: ExchangedFiat, exchangeData: Flipcash_V1_ExchangeData) {
        self.payload = payload
        rendezvous = RendezvousKey(payload: payload)
        self.amount = amount
        self.exchangeData = exchangeData
    }

    /// When the pinned rate was observed.
    public var proofDate: Date { exchangeData.rate.rate.timestamp.date }

    /// The id of the payment that settles the bill: its rendezvous public key.
    public var intentID: Data { rendezvous.publicKey.rawRepresentation }

    /// Refuses a proof ``SignedRates/maximumAge`` old or more at `date`.
    func checkFresh(at date: Date) throws(BillExchangeError) {
        let age = date.timeIntervalSince(proofDate)
        guard age < SignedRates.maximumAge else { throw .staleProof(age: age) }
    }
}

/// A bill that was grabbed and paid.
public struct GivenBill: Sendable {
    public let offer: BillOffer
    /// The owner who grabbed it and was paid (base58 key).
    public let recipient: String
    public let receipt: IntentReceipt
}

/// A bill grabbed: its payload and the payment that settled it.
public struct GrabbedBill: Hashable, Sendable {
    public let payload: CashCodePayload
    public let receipt: IntentReceipt
    /// The owner who gave it (base58 key).
    public var giver: String { receipt.owner }
}

/// The two messages of a bill, built and checked the same way on both sides: a message's
/// `send_message_request_signature` must be the rendezvous key's over the message as this side
/// rebuilds it from what it needs (nothing else), so a server that changed a field is caught.
public enum BillMessage {
    /// The giver's offer.
    public static func give(mint: Mint, exchangeData: Flipcash_V1_ExchangeData) -> Flipcash_V1_Message {
        .with {
            $0.requestToGiveBill.mint.address = mint.address
            $0.requestToGiveBill.exchangeData = exchangeData
        }
    }

    /// A grabber's answer: the owner to pay.
    public static func grab(requestor: Data) -> Flipcash_V1_Message {
        .with { $0.requestToGrabBill.requestorOwner.value = requestor }
    }

    /// The owner a delivered grab names, once its signature checks out against the grab rebuilt
    /// here from that owner alone.
    ///
    /// - Throws: `.manInTheMiddle` when the message is no grab, names no 32-byte owner, or its
    ///   signature does not match.
    public static func verifiedRequestor(
        of message: Flipcash_V1_Message, rendezvous: Curve25519.Signing.PublicKey
    ) throws(BillExchangeError) -> Data {
        guard case .requestToGrabBill(let grab) = message.kind, grab.requestorOwner.value.count == 32 else { throw .manInTheMiddle }
        let requestor = grab.requestorOwner.value
        try verify(message, rebuilt: Self.grab(requestor: requestor), rendezvous: rendezvous)
        return requestor
    }

    /// The offer a delivered give carries, once its signature checks out against the offer
    /// rebuilt here.
    ///
    /// - Throws: `.manInTheMiddle` when the message is no offer or its signature does not match.
    public static func verifiedOffer(
        of message: Flipcash_V1_Message, rendezvous: Curve25519.Signing.PublicKey
    ) throws(BillExchangeError) -> Flipcash_V1_RequestToGiveBill {
        guard case .requestToGiveBill(let give) = message.kind else { throw .manInTheMiddle }
        let rebuilt = Flipcash_V1_Message.with {
            $0.requestToGiveBill.mint = give.mint
            $0.requestToGiveBill.exchangeData = give.exchangeData
        }
        try verify(message, rebuilt: rebuilt, rendezvous: rendezvous)
        return give
    }

    private static func verify(
        _ message: Flipcash_V1_Message, rebuilt: Flipcash_V1_Message, rendezvous: Curve25519.Signing.PublicKey
    ) throws(BillExchangeError) {
        let signature = message.sendMessageRequestSignature.value
        guard message.hasSendMessageRequestSignature, signature.count == 64, let input = try? rebuilt.sendSigningInput(),
            rendezvous.isValidSignature(signature, for: input)
        else { throw .manInTheMiddle }
    }
}

// MARK: Giving

extension FlipcashWallet {
    /// Makes a bill worth `amount`: a multi-currency payload with a fresh nonce, its rendezvous
    /// key, and the exchange data priced with `rates` (fetched now when nil) — the one proof the
    /// whole give uses. Nothing is sent: show ``BillOffer/payload`` through
    /// ``waitForGrab(_:timeout:timing:onReady:onGrab:)``'s `onReady`.
    ///
    /// - Throws: `.staleProof` for rates 13 minutes old or more; a refusal naming `amount` for
    ///   more than the account holds; the errors of pricing and of the payload.
    public func prepareGive(_ amount: FiatAmount, rates: SignedRates? = nil) async throws -> BillOffer {
        var pinned = rates
        if pinned == nil { pinned = try await client.exchangeRates([amount.currency]) }
        guard let rates = pinned else { preconditionFailure("rates were just fetched") }
        let (data, exchanged) = try rates.exchangeData(for: amount)
        let offer = BillOffer(
            payload: try CashCodePayload(kind: .multiCurrency, currency: amount.currency, amount: amount.value), amount: exchanged,
            exchangeData: data)
        try offer.checkFresh(at: now())
        let held = try await client.balances().first { $0.mint == exchanged.mint }
        guard let held, held.quarks >= exchanged.onChainAmount.quarks else {
            throw FlipcashClientError.refused(
                FlipcashRefusal(
                    code: .insufficientFunds, field: "amount",
                    message:
                        "The account holds \(held?.decimalValue ?? 0) \(exchanged.mint), less than the bill's \(exchanged.onChainAmount.decimalValue).",
                    available: held))
        }
        return offer
    }

    /// ``prepareGive(_:rates:)`` then ``waitForGrab(_:timeout:timing:onReady:onGrab:)``.
    public func give(
        _ amount: FiatAmount, rates: SignedRates? = nil, timeout: Duration? = nil, timing: BillExchangeTiming = BillExchangeTiming(),
        onReady: @escaping @Sendable (BillOffer) async throws -> Void = { _ in }
    ) async throws -> GivenBill {
        try await waitForGrab(try await prepareGive(amount, rates: rates), timeout: timeout, timing: timing, onReady: onReady)
    }

    /// Offers the bill and pays the first owner who grabs it.
    ///
    /// Sends the offer (the mint and the pinned exchange data), opens the bill's stream and calls
    /// `onReady` once it is open — show the bill then: a grab is accepted only while the stream is
    /// open. The first grab whose signature checks out is paid (a SendPayment whose id is the
    /// bill's rendezvous public key, saved in the outbox first, so a retry or a second grab never
    /// pays twice) and acked; `onGrab` hears its owner first. A stream that fails or says nothing
    /// for 10 seconds is opened again, with back-off.
    ///
    /// Cancelling the task dismisses the bill: its stream closes, and a grab after that is told
    /// so. Once a grab is accepted, the payment runs to its end even if the task is cancelled.
    ///
    /// - Parameter timeout: how long to wait for a grab; at most until the proof is 13 minutes
    ///   old in any case.
    /// - Throws: `.manInTheMiddle` for a grab whose signature does not match (nothing is paid);
    ///   `.staleProof` when the proof is too old to pay with; `.notGrabbed` at `timeout`;
    ///   `CancellationError` when dismissed; the payment's refusal.
    public func waitForGrab(
        _ offer: BillOffer, timeout: Duration? = nil, timing: BillExchangeTiming = BillExchangeTiming(),
        onReady: @escaping @Sendable (BillOffer) async throws -> Void = { _ in },
        onGrab: @escaping @Sendable (String) async -> Void = { _ in }
    ) async throws -> GivenBill {
        try offer.checkFresh(at: now())
        guard
            case .ok = try await client.sendMessage(
                BillMessage.give(mint: offer.amount.mint, exchangeData: offer.exchangeData), rendezvous: offer.rendezvous)
        else { throw FlipcashClientError.malformedResponse("SendMessage for the offer") }

        let clock = ContinuousClock()
        let untilStale = offer.proofDate.addingTimeInterval(SignedRates.maximumAge).timeIntervalSince(now())
        let staleAt = clock.now + .milliseconds(Int64(max(0, untilStale) * 1000))
        let session = GiveSession(deadline: timeout.map { min(clock.now + $0, staleAt) } ?? staleAt, staleAt: staleAt)
        var failures = 0
        while true {
            let attempt: GiveAttempt
            do {
                attempt = try await listen(offer, session: session, timing: timing, onReady: onReady, onGrab: onGrab)
            } catch let error as FlipcashClientError where Self.isPassing(error) {
                if Task.isCancelled { throw CancellationError() }
                attempt = .lost
            }
            if case .paid(let given) = attempt { return given }
            try Task.checkCancellation()
            failures = session.takeDelivered() ? 1 : failures + 1
            let wait = min(timing.reconnect.delay(afterFailures: failures), max(.zero, clock.now.duration(to: session.deadline)))
            try await timing.sleep(wait)
            try Task.checkCancellation()
            if let expiry = session.expire() { throw error(for: expiry, offer: offer) }
        }
    }

    /// Whether a give's stream that failed with `error` is worth opening again: a connection that
    /// failed, or a refusal that passes by waiting (denied: the previous stream's record is still
    /// alive for a moment; rate limited). Anything else — a refusal, a bad signature, the
    /// caller's `onReady` failing — ends the give.
    static func isPassing(_ error: FlipcashClientError) -> Bool {
        switch error {
        case .unreachable, .timedOut, .serverError: true
        case .refused(let refusal): refusal.code == .denied || refusal.code == .rateLimited
        case .notFound, .rejected, .malformedResponse: false
        }
    }

    /// One stream: the offer's messages until a grab is paid, the stream ends or goes silent.
    private func listen(
        _ offer: BillOffer, session: GiveSession, timing: BillExchangeTiming, onReady: @escaping @Sendable (BillOffer) async throws -> Void,
        onGrab: @escaping @Sendable (String) async -> Void
    ) async throws -> GiveAttempt {
        try Task.checkCancellation()
        if let expiry = session.expire() { throw error(for: expiry, offer: offer) }
        let events = client.openMessageStream(rendezvous: offer.rendezvous)
        session.connected()
        return try await withThrowingTaskGroup(of: GiveAttempt.self) { group in
            group.addTask {
                for try await event in events {
                    if session.heard() { try await onReady(offer) }
                    guard case .messages(let messages) = event else { continue }
                    // Only the first grab is acted on; the server's first-grab-wins rule and the
                    // fixed intent id make sure no second one could be paid anyway.
                    guard let grab = messages.first(where: { if case .requestToGrabBill = $0.kind { true } else { false } }) else { continue }
                    let requestor = try BillMessage.verifiedRequestor(of: grab, rendezvous: offer.rendezvous.publicKey)
                    try offer.checkFresh(at: now())
                    guard session.commit() else { throw CancellationError() }
                    await onGrab(Base58.encode(requestor))
                    // Not a child task: once the grab is accepted, dismissing does not stop the payment.
                    let payment = Task { try await pay(offer, to: requestor, grab: grab.id) }
                    return .paid(try await payment.value)
                }
                return .ended
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: timing.watchInterval)
                    if session.isCommitted { return .watchEnded }
                    if let expiry = session.expire() { throw error(for: expiry, offer: offer) }
                    if session.silence >= timing.streamSilence { return .lost }
                }
            }
            defer { group.cancelAll() }
            while let attempt = try await group.next() {
                if case .watchEnded = attempt { continue }
                return attempt
            }
            return .ended
        }
    }

    private func error(for expiry: GiveSession.Expiry, offer: BillOffer) -> BillExchangeError {
        switch expiry {
        case .stale: .staleProof(age: now().timeIntervalSince(offer.proofDate))
        case .timeout: .notGrabbed
        }
    }

    /// Pays `requestor` for the bill under its fixed id (saved first), acks the grab, refreshes.
    func pay(_ offer: BillOffer, to requestor: Data, grab messageID: Data) async throws -> GivenBill {
        let id = offer.intentID
        var action = Flipcash_V1_SubmitIntentRequest.OneOf_Action.sendPayment(
            .with {
                $0.destinationOwner.value = requestor
                $0.exchangeData = offer.exchangeData
            })
        // A payment saved by an earlier attempt is the one that goes, whatever came since.
        if let saved = try outbox.entry(id) {
            action = saved.action
        } else {
            try outbox.save(id: id, action: action, at: now())
        }
        let receipt = try await submit(id: id, action: action)
        _ = try? await client.ackMessages([messageID], rendezvous: offer.rendezvous)
        try await refreshQuietly()
        return GivenBill(offer: offer, recipient: receipt.destinationOwner ?? Base58.encode(requestor), receipt: receipt)
    }
}

/// How one stream of a give ended.
enum GiveAttempt: Sendable {
    case paid(GivenBill)
    /// The server ended the stream.
    case ended
    /// The stream failed or went silent.
    case lost
    /// The watch stopped: a grab is being paid.
    case watchEnded
}

// MARK: Grabbing

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
    private func paidReceipt(_ id: Data) async throws -> IntentReceipt? {
        guard let receipt = try await client.intent(id: id), receipt.kind == .sendPayment, receipt.isSettled,
            receipt.destinationOwner == client.owner
        else { return nil }
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
