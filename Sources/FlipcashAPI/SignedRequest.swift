public import Foundation
public import SwiftProtobuf

/// A request the owner signs: its `auth` holds the owner's key and an Ed25519 signature over the
/// request serialized deterministically with `auth` unset, so the signature covers every other
/// field (the timestamp included) and both sides compute the same bytes.
public protocol SignedRequest: SwiftProtobuf.Message {
    var auth: Flipcash_V1_Auth { get set }
    var hasAuth: Bool { get }
    mutating func clearAuth()
    /// When the client made the request; the server refuses one more than 2 minutes off its clock,
    /// so a captured request cannot be replayed later.
    var timestamp: SwiftProtobuf.Google_Protobuf_Timestamp { get set }
    var hasTimestamp: Bool { get }
}

extension SignedRequest {
    /// The bytes the owner signs and the server verifies.
    ///
    /// - Throws: SwiftProtobuf's `BinaryEncodingError` (only for a message missing required
    ///   fields, which proto3 messages never have).
    public func signingInput() throws -> Data {
        var unsigned = self
        unsigned.clearAuth()
        return try unsigned.deterministicData()
    }
}

extension Flipcash_V1_RegisterRequest: SignedRequest {}
extension Flipcash_V1_LoginRequest: SignedRequest {}
extension Flipcash_V1_GetBalancesRequest: SignedRequest {}
extension Flipcash_V1_SubmitIntentRequest: SignedRequest {}
extension Flipcash_V1_GetIntentMetadataRequest: SignedRequest {}
extension Flipcash_V1_GetLimitsRequest: SignedRequest {}
extension Flipcash_V1_VoidGiftCardRequest: SignedRequest {}
extension Flipcash_V1_GetHistoryRequest: SignedRequest {}
