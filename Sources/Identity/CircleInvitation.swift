public import Crypto
import DAGCBOR
public import Foundation

/// A one-time invitation to a circle, as its owner's device makes it: a public id the relay
/// routes by and a secret that never reaches the relay. The invitee proves they hold the code by
/// binding their join request to the secret, so the relay cannot forge a join, only carry one.
public struct CircleInvitation: Hashable, Sendable {
    /// 16 random bytes the relay knows.
    public let inviteId: Data
    /// 16 random bytes only the owner's devices and the invitee know.
    public let secret: SymmetricKey

    /// A new invitation with random id and secret.
    public init() {
        inviteId = CircleEnvelopeSealer.randomId()
        secret = SymmetricKey(size: .bits128)
    }

    public init(inviteId: Data, secret: Data) {
        self.inviteId = inviteId
        self.secret = SymmetricKey(data: secret)
    }

    /// The code a person passes on: 64 lowercase hex characters, the id then the secret.
    public var code: String {
        Hex.encode(inviteId) + secret.withUnsafeBytes { Hex.encode(Data($0)) }
    }

    /// The invitation in `code` (surrounding space, a `buds://join/` prefix and dashes allowed).
    ///
    /// - Throws: ``CircleRosterError/invalidInvitation``.
    public init(code: String) throws(CircleRosterError) {
        var text = code.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if text.hasPrefix(Self.linkPrefix) { text.removeFirst(Self.linkPrefix.count) }
        text.removeAll { $0 == "-" }
        guard text.count == 64, let bytes = Hex.decode(text) else { throw .invalidInvitation }
        self.init(inviteId: Data(bytes.prefix(16)), secret: Data(bytes.suffix(16)))
    }

    /// The invitation as a link the app opens.
    public var link: String { Self.linkPrefix + code }

    static let linkPrefix = "buds://join/"

    public static func == (lhs: CircleInvitation, rhs: CircleInvitation) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(inviteId) }
}

/// An invitee's request to join a circle: who they are (DID and identity key), the name they
/// give, and a MAC of their DID under the invitation's secret, all signed by their identity
/// key. The relay checks the signature and that the sending device is theirs; the owner's
/// device also checks the MAC before adding them to the roster.
public struct CircleJoinRequest: Hashable, Sendable, Codable {
    public let inviteId: Data
    public let member: CircleRoster.Member
    /// The name the invitee gives the circle's members (1–64 bytes, no control characters).
    public let name: String
    /// HMAC-SHA256 under the invitation's secret of the domain, the invite id and the DID.
    public let binding: Data
    public let signature: Data

    /// The longest accepted name, in UTF-8 bytes.
    public static let maximumNameBytes = 64
    static let signatureDomain = Data("buds.circle-join.v1".utf8)
    static let bindingDomain = Data("buds.circle-join-binding.v1".utf8)

    /// `identity`'s request to join through `invitation`, under `name`.
    ///
    /// - Throws: ``CircleRosterError/invalidJoinRequest`` for a name that is empty, too long or
    ///   holds control characters.
    public static func make(invitation: CircleInvitation, identity: Identity, name: String) throws -> CircleJoinRequest {
        let member = CircleRoster.Member(identity)
        let binding = Self.binding(inviteId: invitation.inviteId, did: member.did, secret: invitation.secret)
        let body = Body(inviteId: invitation.inviteId, member: member, name: name, binding: binding)
        try body.check()
        let signature = try identity.sign(signatureDomain + (try DAGCBOREncoder().encode(body)))
        return CircleJoinRequest(inviteId: body.inviteId, member: member, name: name, binding: binding, signature: signature)
    }

    public init(inviteId: Data, member: CircleRoster.Member, name: String, binding: Data, signature: Data) {
        self.inviteId = inviteId
        self.member = member
        self.name = name
        self.binding = binding
        self.signature = signature
    }

    /// Checks the shape, the DID against the identity key, and the signature.
    ///
    /// - Throws: ``CircleRosterError/invalidJoinRequest``.
    public func verify() throws(CircleRosterError) {
        let body = Body(inviteId: inviteId, member: member, name: name, binding: binding)
        try body.check()
        guard (try? Identity.did(forSigningPublicKey: member.signingKey)) == member.did, let bytes = try? DAGCBOREncoder().encode(body),
            Identity.verify(signature: signature, of: Self.signatureDomain + bytes, signingPublicKey: member.signingKey)
        else { throw .invalidJoinRequest }
    }

    /// Whether the request was made with `invitation`'s secret (compared in constant time).
    public func isBound(to invitation: CircleInvitation) -> Bool {
        invitation.inviteId == inviteId
            && HMAC<SHA256>.isValidAuthenticationCode(
                binding, authenticating: Self.bindingInput(inviteId: inviteId, did: member.did), using: invitation.secret)
    }

    /// The request as DAG-CBOR.
    public func serialized() throws -> Data { try DAGCBOREncoder().encode(self) }

    /// Reads ``serialized()``'s form (at most 4 KiB); check it with ``verify()``.
    ///
    /// - Throws: ``CircleRosterError/invalidJoinRequest``; never traps on any input.
    public init(serialized bytes: some DataProtocol) throws(CircleRosterError) {
        guard bytes.count <= 4096, let request = try? DAGCBORDecoder().decode(CircleJoinRequest.self, from: Data(bytes)) else {
            throw .invalidJoinRequest
        }
        self = request
    }

    private static func binding(inviteId: Data, did: String, secret: SymmetricKey) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: bindingInput(inviteId: inviteId, did: did), using: secret))
    }

    private static func bindingInput(inviteId: Data, did: String) -> Data {
        bindingDomain + inviteId + Data(did.utf8)
    }

    private struct Body: Codable {
        let inviteId: Data
        let member: CircleRoster.Member
        let name: String
        let binding: Data

        func check() throws(CircleRosterError) {
            guard inviteId.count == 16, binding.count == 32, member.signingKey.count == 32, !name.isEmpty,
                name.utf8.count <= CircleJoinRequest.maximumNameBytes,
                !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw .invalidJoinRequest }
        }
    }
}
