import Crypto
import DAGCBOR
public import FlipcashAPI
public import Foundation
import SwiftProtobuf

/// Who signed a request: the owner's Ed25519 key in `auth`, its signature over the request
/// serialized without `auth` (``SignedRequest/signingInput()``), and a timestamp within two
/// minutes of the server's clock, so a captured request cannot be replayed later.
public struct RequestAuthenticator: Sendable {
    /// How far a request's timestamp may be from the server's clock, either way.
    public static let allowedSkew: TimeInterval = 120

    let now: @Sendable () -> Date

    /// - Parameter now: the server's clock (injected, so tests move it).
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// The owner who signed `request`.
    ///
    /// - Throws: ``AuthenticationError`` naming what is wrong; nothing about the key or the
    ///   signature's bytes is put in the error.
    public func owner(of request: some SignedRequest) throws(AuthenticationError) -> OwnerID {
        guard request.hasAuth else { throw .missingAuth }
        try checkTimestamp(of: request)
        let keyBytes = request.auth.owner.value
        guard keyBytes.count == 32, let key = try? Curve25519.Signing.PublicKey(rawRepresentation: keyBytes) else {
            throw .malformedKey
        }
        let signature = request.auth.signature.value
        guard signature.count == 64 else { throw .malformedSignature }
        guard let input = try? request.signingInput(), key.isValidSignature(signature, for: input) else { throw .badSignature }
        return OwnerID(Base58.encode(keyBytes))
    }
}

extension RequestAuthenticator {
    /// Checks that `request` has a timestamp within ``allowedSkew`` of the server's clock.
    ///
    /// - Throws: ``AuthenticationError/missingTimestamp`` or ``AuthenticationError/timestampOutOfRange``.
    public func checkTimestamp(of request: some AuthenticatedRequest) throws(AuthenticationError) {
        guard request.hasTimestamp else { throw .missingTimestamp }
        guard abs(request.timestamp.date.timeIntervalSince(now())) <= Self.allowedSkew else { throw .timestampOutOfRange }
    }
}

/// Why a request's signer could not be established.
public enum AuthenticationError: LocalizedError, Hashable, Sendable {
    case missingAuth
    case missingTimestamp
    case timestampOutOfRange
    case malformedKey
    case malformedSignature
    case badSignature

    /// The request field at fault, as the contract names it.
    public var field: String {
        switch self {
        case .missingAuth: "auth"
        case .missingTimestamp, .timestampOutOfRange: "timestamp"
        case .malformedKey: "auth.owner"
        case .malformedSignature, .badSignature: "auth.signature"
        }
    }

    public var errorDescription: String? {
        switch self {
        case .missingAuth: "The request is not signed: set auth to the owner's key and signature."
        case .missingTimestamp: "The request has no timestamp."
        case .timestampOutOfRange: "The request's timestamp is more than 2 minutes from the server's clock: check the device's time."
        case .malformedKey: "The owner key is not a 32-byte Ed25519 public key."
        case .malformedSignature: "The signature is not 64 bytes."
        case .badSignature: "The signature does not match the request and the owner key."
        }
    }
}
