public import Crypto
public import FlipcashAPI
public import Foundation
import SwiftProtobuf

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
    /// The bill was grabbed, but the server refused the giver's payment (their balance or limit
    /// no longer covered it): nothing moved, and it never will under this bill.
    case paymentRefused

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
        case .paymentRefused: "The giver's payment was refused by the server: nothing moved. Ask them to show a new bill."
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
    public var proofDate: Date {
        let rate = exchangeData.rate.rate.timestamp.date
        return exchangeData.hasReserve ? min(rate, exchangeData.reserve.state.timestamp.date) : rate
    }

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
