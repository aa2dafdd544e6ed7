public import Foundation
public import SwiftProtobuf

/// A request that carries its signer's proof in `auth`: the signature is over the request
/// serialized deterministically with `auth` unset, so it covers every other field (the timestamp
/// included) and both sides compute the same bytes. Owners (``SignedRequest``) and bills'
/// rendezvous keys (``RendezvousRequest``) sign this way.
public protocol AuthenticatedRequest: SwiftProtobuf.Message {
    var hasAuth: Bool { get }
    mutating func clearAuth()
    /// When the client made the request; the server refuses one more than 2 minutes off its clock,
    /// so a captured request cannot be replayed later.
    var timestamp: SwiftProtobuf.Google_Protobuf_Timestamp { get set }
    var hasTimestamp: Bool { get }
}

extension AuthenticatedRequest {
    /// The bytes the signer signs and the server verifies.
    ///
    /// - Throws: SwiftProtobuf's `BinaryEncodingError` (only for a message missing required
    ///   fields, which proto3 messages never have).
    public func signingInput() throws -> Data {
        var unsigned = self
        unsigned.clearAuth()
        return try unsigned.deterministicData()
    }
}

/// A request the owner signs: its `auth` holds the owner's key and the signature.
public protocol SignedRequest: AuthenticatedRequest {
    var auth: Flipcash_V1_Auth { get set }
}

extension Flipcash_V1_RegisterRequest: SignedRequest {}
extension Flipcash_V1_LoginRequest: SignedRequest {}
extension Flipcash_V1_GetBalancesRequest: SignedRequest {}
extension Flipcash_V1_SubmitIntentRequest: SignedRequest {}
extension Flipcash_V1_GetIntentMetadataRequest: SignedRequest {}
extension Flipcash_V1_GetLimitsRequest: SignedRequest {}
extension Flipcash_V1_VoidGiftCardRequest: SignedRequest {}
extension Flipcash_V1_GetHistoryRequest: SignedRequest {}
