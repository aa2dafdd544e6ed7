public import Foundation
import SwiftProtobuf

/// A messaging request signed by a bill's rendezvous key (everyone who scanned the bill holds it):
/// `auth` holds the key and its signature (``AuthenticatedRequest/signingInput()``).
public protocol RendezvousRequest: AuthenticatedRequest {
    var auth: Flipcash_V1_RendezvousAuth { get set }
}

extension Flipcash_V1_OpenMessageStreamRequest: RendezvousRequest {}
extension Flipcash_V1_PollMessagesRequest: RendezvousRequest {}
extension Flipcash_V1_AckMessagesRequest: RendezvousRequest {}

extension Flipcash_V1_Message {
    /// Whether this is a giver's offer.
    public var isRequestToGiveBill: Bool {
        if case .requestToGiveBill = kind { return true }
        return false
    }

    /// Whether this is a grabber's answer.
    public var isRequestToGrabBill: Bool {
        if case .requestToGrabBill = kind { return true }
        return false
    }

    /// The bytes a sender signs for `SendMessage`, and a receiver checks the delivered
    /// `send_message_request_signature` against: the message without what the server sets (its
    /// id, the signature itself and the time it was stored).
    ///
    /// - Throws: SwiftProtobuf's `BinaryEncodingError` (never, for proto3 messages).
    public func sendSigningInput() throws -> Data {
        var unsigned = self
        unsigned.id = Data()
        unsigned.clearSendMessageRequestSignature()
        unsigned.clearSentAt()
        return try unsigned.deterministicData()
    }
}
