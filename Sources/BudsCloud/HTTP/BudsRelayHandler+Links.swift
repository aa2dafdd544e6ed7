import BudsAPI
import DAGCBOR
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime
import ServerKit

extension BudsRelayHandler {
    /// `POST /links`: a new single-use channel under 128 random bits, kept only as their digest,
    /// open for ``BudsRelayConfiguration/linkLifetime``. Anyone may open one (the new device has
    /// no account yet), so opens are limited per client address.
    func openLink(_ input: Operations.OpenLink.Input) async throws -> Operations.OpenLink.Output {
        do {
            try await admit(Self.clientAddressKey, to: .linkByAddress)
            var random = SystemRandomNumberGenerator()
            let token = Data((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &random) })
            let expiresAt = configuration.now().addingTimeInterval(configuration.linkLifetime)
            try await store.openLink(token: CredentialDigest(linkToken: token), expiresAt: expiresAt)
            return .created(.init(body: .json(.init(token: Hex.encode(token), expiresAt: expiresAt))))
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .tooManyRequests: return .tooManyRequests(rejection.tooManyRequests)
            default: throw rejection
            }
        }
    }

    /// `PUT /links/{token}`: a registered device puts the identity, sealed to the new device's
    /// ephemeral key, into the channel, once.
    func fillLink(_ input: Operations.FillLink.Input) async throws -> Operations.FillLink.Output {
        do {
            _ = try await registeredDevice()
            let token = try RelayValidation.hexID(input.path.token, field: "token")
            let sealed: Data
            switch input.body {
            case .json(let content): sealed = try RelayValidation.bytes(Data(content.sealed.data), maximumCharacters: 8_192, field: "sealed")
            }
            guard !sealed.isEmpty else {
                throw ServerRejection.badRequest("empty_field", "sealed must hold the sealed identity's bytes.", field: "sealed")
            }
            switch try await store.fillLink(token: CredentialDigest(linkToken: token), sealed: sealed, at: configuration.now()) {
            case .filled:
                return .noContent(.init())
            case .unknown:
                throw Self.linkNotFound
            case .alreadyFilled:
                throw ServerRejection(
                    status: .conflict, code: "link_filled", message: "This link channel was filled already; open a new one.",
                    field: "token")
            }
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .unauthorized: return .unauthorized(rejection.unauthorized)
            case .forbidden: return .forbidden(rejection.forbidden)
            case .notFound: return .notFound(rejection.notFound)
            case .conflict: return .conflict(rejection.conflict)
            default: throw rejection
            }
        }
    }

    /// `GET /links/{token}`: the channel's state; its content once filled, and then the channel
    /// is closed (a second take finds nothing).
    func takeLink(_ input: Operations.TakeLink.Input) async throws -> Operations.TakeLink.Output {
        do {
            let token = try RelayValidation.hexID(input.path.token, field: "token")
            switch try await store.takeLink(token: CredentialDigest(linkToken: token), at: configuration.now()) {
            case .pending:
                return .ok(.init(body: .json(.init(filled: false))))
            case .content(let sealed):
                return .ok(.init(body: .json(.init(filled: true, sealed: Base64EncodedData(sealed)))))
            case .unknown:
                throw Self.linkNotFound
            }
        } catch let rejection as ServerRejection {
            switch refused(rejection).status {
            case .badRequest: return .badRequest(rejection.badRequest)
            case .notFound: return .notFound(rejection.notFound)
            default: throw rejection
            }
        }
    }

    private static let linkNotFound = ServerRejection(
        status: .notFound, code: "link_not_found", message: "No open link channel has this token: it expired, was taken, or never was.",
        field: "token")
}
