public import FlipcashAPI
import FlipcashCore
import Foundation
public import GRPCCore
import SwiftProtobuf

/// The Account service: owners register an Ed25519 key, log in by signing with it, and read their
/// balances. Every request is signed by the owner, within two minutes of the server's clock.
public struct AccountService: Flipcash_V1_Account.SimpleServiceProtocol {
    let context: ServiceContext

    public func register(request: Flipcash_V1_RegisterRequest, context rpc: ServerContext) async throws -> Flipcash_V1_RegisterResponse {
        try await context.answer("Register") {
            let owner = try context.authenticatedOwner(of: request)
            // Keys cost nothing to make, so registrations are counted by where they come from.
            try await context.takeRateToken("register:\(Self.peerHost(rpc.remotePeer))", \.registrations, field: "auth.owner")
            let registration = try await context.store.register(owner, at: context.now)
            return .with { $0.registered.isNew = registration.isNew }
        }
    }

    public func login(request: Flipcash_V1_LoginRequest, context rpc: ServerContext) async throws -> Flipcash_V1_LoginResponse {
        try await context.answer("Login") {
            let owner = try context.authenticatedOwner(of: request)
            guard let registeredAt = try await context.store.registration(of: owner) else {
                throw ServiceRefusal(.denied, field: "auth.owner", "This key is not registered: call Account.Register first.")
            }
            return .with { $0.loggedIn.registeredAt = Google_Protobuf_Timestamp(date: registeredAt) }
        }
    }

    public func getBalances(request: Flipcash_V1_GetBalancesRequest, context rpc: ServerContext) async throws
        -> Flipcash_V1_GetBalancesResponse
    {
        try await context.answer("GetBalances") {
            let owner = try await context.registeredOwner(of: request)
            let balances = try await context.store.balances(of: owner).map(Flipcash_V1_TokenAmount.init)
            return .with { $0.balances.balances = balances }
        }
    }

    /// The address part of a gRPC peer (`ipv4:127.0.0.1:5000`, `ipv6:[::1]:5000`), without the
    /// port, so one machine's connections share a bucket.
    static func peerHost(_ peer: String) -> String {
        guard let colon = peer.lastIndex(of: ":"), peer.hasPrefix("ipv4:") || peer.hasPrefix("ipv6:") else { return peer }
        return String(peer[..<colon])
    }
}
