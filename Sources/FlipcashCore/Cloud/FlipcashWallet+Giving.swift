import DAGCBOR
import FlipcashAPI
import Foundation
import SwiftProtobuf

// Giving a bill: offering it, waiting for the first grab, paying it (types in BillExchange.swift).

extension FlipcashWallet {
    /// Makes a bill worth `amount` of `mint`: a multi-currency payload with a fresh nonce, its
    /// rendezvous key, and the exchange data priced with `rates` (fetched now when nil, with the
    /// reserve state of a launchpad `mint`) — the one proof the whole give uses. Nothing is sent: show ``BillOffer/payload`` through
    /// ``waitForGrab(_:timeout:timing:onReady:onGrab:)``'s `onReady`.
    ///
    /// - Throws: ``AmountError`` for an amount no person can send
    ///   (``FiatAmount/validatedForSending()``); `.staleProof` for rates 13 minutes old or more; a
    ///   refusal naming `amount` for more than the account holds; the errors of pricing and of
    ///   the payload.
    public func prepareGive(_ amount: FiatAmount, mint: Mint = .usdf, rates: SignedRates? = nil) async throws -> BillOffer {
        let amount = try amount.validatedForSending()
        var pinned = rates
        if pinned == nil { pinned = try await client.exchangeRates([amount.currency], mints: [mint]) }
        guard let rates = pinned else { preconditionFailure("rates were just fetched") }
        let balances = try await client.balances()
        // Never capped at the balance: a bill shows the amount it pays, or is refused below.
        let (data, exchanged) = try rates.exchangeData(for: amount, mint: mint)
        let offer = BillOffer(
            payload: try CashCodePayload(kind: .multiCurrency, currency: amount.currency, amount: amount.value), amount: exchanged,
            exchangeData: data)
        try offer.checkFresh(at: now())
        let held = balances.first { $0.mint == exchanged.mint }
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

    /// ``prepareGive(_:mint:rates:)`` then ``waitForGrab(_:timeout:timing:onReady:onGrab:)``.
    public func give(
        _ amount: FiatAmount, mint: Mint = .usdf, rates: SignedRates? = nil, timeout: Duration? = nil,
        timing: BillExchangeTiming = BillExchangeTiming(), onReady: @escaping @Sendable (BillOffer) async throws -> Void = { _ in }
    ) async throws -> GivenBill {
        try await waitForGrab(try await prepareGive(amount, mint: mint, rates: rates), timeout: timeout, timing: timing, onReady: onReady)
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
