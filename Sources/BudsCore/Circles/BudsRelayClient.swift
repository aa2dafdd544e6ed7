import BudsAPI
public import CloudWire
public import Foundation
import HTTPTypes
public import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Buds relay over HTTP, through the client generated from BudsAPI's `openapi.yaml` (the one
/// contract between app and relay). Every request carries this device's credential; every
/// refusal becomes ``CircleError/refused(_:)`` with the relay's code, message and field (read by
/// ``RefusalMiddleware`` before the generated code decodes anything), and a relay that cannot be
/// reached a one-line ``CircleError/unreachable(url:reason:)``.
public struct BudsRelayClient: Sendable {
    /// The relay's base URL as given (e.g. `http://127.0.0.1:8080`).
    public let baseURL: URL
    private let client: Client

    /// - Parameters:
    ///   - credential: this device's credential (it goes into the `Authorization` header only).
    ///   - transport: `URLSessionTransport` with a 60 s timeout by default.
    public init(baseURL: URL, credential: DeviceToken, transport: (any ClientTransport)? = nil) {
        self.baseURL = baseURL
        client = Client(
            serverURL: baseURL.appendingPathComponent("buds/v1"),
            configuration: Configuration(dateTranscoder: LenientISO8601DateTranscoder()),
            transport: transport ?? Self.defaultTransport(),
            middlewares: [RefusalMiddleware(), BearerCredentialMiddleware(credential: credential)]
        )
    }

    private static func defaultTransport() -> any ClientTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        return URLSessionTransport(configuration: .init(session: URLSession(configuration: configuration)))
    }

    /// A sign-in waiting for its code.
    public struct SignInSession: Hashable, Sendable {
        public let session: String
        public let resendAfterSeconds: Int
        public let checksLeft: Int
    }

    /// A circle as the relay holds it: the owner-signed roster, its members' signed device
    /// lists, and (for its owner) the join requests waiting.
    public struct RelayCircle: Sendable {
        public let roster: Data
        public let deviceLists: [Data]
        public let joinRequests: [(inviteId: String, request: Data)]
    }

    // MARK: Sign-in and devices

    public func startSignIn(phone: String) async throws(CircleError) -> SignInSession {
        let output = try await call { try await client.startSignIn(body: .json(.init(phone: phone))) }
        guard case .accepted(let response) = output, case .json(let session) = response.body else { throw Self.unexpected(output) }
        return SignInSession(session: session.session, resendAfterSeconds: session.resendAfterSeconds, checksLeft: session.checksLeft)
    }

    /// A new code for `session`; the relay keeps only a digest of the number, so it is sent again.
    public func resendCode(session: String, phone: String) async throws(CircleError) -> SignInSession {
        let output = try await call { try await client.resendSignInCode(path: .init(session: session), body: .json(.init(phone: phone))) }
        guard case .accepted(let response) = output, case .json(let session) = response.body else { throw Self.unexpected(output) }
        return SignInSession(session: session.session, resendAfterSeconds: session.resendAfterSeconds, checksLeft: session.checksLeft)
    }

    /// Checks `code` and registers this device under `deviceList`; returns the person's DID.
    public func verifySignIn(session: String, code: String, deviceId: String, deviceList: Data) async throws(CircleError) -> String {
        let body = Components.Schemas.SignInVerification(code: code, deviceId: deviceId, deviceList: .init(deviceList))
        let output = try await call { try await client.verifySignIn(path: .init(session: session), body: .json(body)) }
        guard case .ok(let response) = output, case .json(let account) = response.body else { throw Self.unexpected(output) }
        return account.did
    }

    public func registerLinkedDevice(deviceId: String, deviceList: Data) async throws(CircleError) {
        let body = Components.Schemas.DeviceRegistration(deviceId: deviceId, deviceList: .init(deviceList))
        let output = try await call { try await client.registerLinkedDevice(body: .json(body)) }
        guard case .created = output else { throw Self.unexpected(output) }
    }

    /// `did`'s newest signed device list, or nil when the relay has none.
    public func deviceList(did: String) async throws(CircleError) -> Data? {
        let output = try await optional { try await client.getDeviceList(path: .init(did: did)) }
        guard let output else { return nil }
        guard case .ok(let response) = output, case .json(let list) = response.body else { throw Self.unexpected(output) }
        return Data(list.deviceList.data)
    }

    public func putDeviceList(did: String, deviceList: Data) async throws(CircleError) {
        let output = try await call { try await client.putDeviceList(path: .init(did: did), body: .json(.init(deviceList: .init(deviceList)))) }
        guard case .noContent = output else { throw Self.unexpected(output) }
    }

    // MARK: Link channels

    /// Opens a link channel; returns its token (32 hex characters).
    public func openLink() async throws(CircleError) -> String {
        let output = try await call { try await client.openLink() }
        guard case .created(let response) = output, case .json(let link) = response.body else { throw Self.unexpected(output) }
        return link.token
    }

    public func fillLink(token: String, sealed: Data) async throws(CircleError) {
        let output = try await call { try await client.fillLink(path: .init(token: token), body: .json(.init(sealed: .init(sealed)))) }
        guard case .noContent = output else { throw Self.unexpected(output) }
    }

    /// The channel's content once it is filled (the channel then closes), nil while it waits.
    public func takeLink(token: String) async throws(CircleError) -> Data? {
        let output = try await call { try await client.takeLink(path: .init(token: token)) }
        guard case .ok(let response) = output, case .json(let state) = response.body else { throw Self.unexpected(output) }
        return state.filled ? state.sealed.map { Data($0.data) } : nil
    }

    // MARK: Circles

    /// The circle `circleId` (hex), or nil when the relay does not show it to this device (no
    /// such circle, or not a member yet).
    public func circle(_ circleId: String) async throws(CircleError) -> RelayCircle? {
        let output = try await optional { try await client.getCircle(path: .init(circleId: circleId)) }
        guard let output else { return nil }
        guard case .ok(let response) = output, case .json(let circle) = response.body else { throw Self.unexpected(output) }
        return RelayCircle(
            roster: Data(circle.roster.data), deviceLists: circle.deviceLists.map { Data($0.data) },
            joinRequests: circle.joinRequests.map { ($0.inviteId, Data($0.request.data)) })
    }

    public func putRoster(circleId: String, roster: Data) async throws(CircleError) {
        let output = try await call { try await client.putRoster(path: .init(circleId: circleId), body: .json(.init(roster: .init(roster)))) }
        guard case .noContent = output else { throw Self.unexpected(output) }
    }

    public func createInvite(circleId: String, inviteId: String) async throws(CircleError) {
        let output = try await call {
            try await client.createInvite(path: .init(circleId: circleId), body: .json(.init(inviteId: inviteId)))
        }
        guard case .created = output else { throw Self.unexpected(output) }
    }

    /// Sends a join request; returns the circle's id (hex).
    public func join(inviteId: String, request: Data) async throws(CircleError) -> String {
        let output = try await call { try await client.joinCircle(path: .init(inviteId: inviteId), body: .json(.init(request: .init(request)))) }
        guard case .accepted(let response) = output, case .json(let accepted) = response.body else { throw Self.unexpected(output) }
        return accepted.circleId
    }

    // MARK: Envelopes and blobs

    /// Queues `envelope` for its recipients; returns how many device queues took it.
    public func send(circleId: String, envelope: Data) async throws(CircleError) -> Int {
        let output = try await call {
            try await client.sendEnvelope(path: .init(circleId: circleId), body: .json(.init(envelope: .init(envelope))))
        }
        guard case .created(let response) = output, case .json(let receipt) = response.body else { throw Self.unexpected(output) }
        return receipt.recipients
    }

    /// Up to `limit` queued envelopes (queue entry id and bytes), oldest first, and how many more wait.
    public func inbox(limit: Int) async throws(CircleError) -> (envelopes: [(entry: String, bytes: Data)], remaining: Int) {
        let output = try await call { try await client.getInbox(query: .init(limit: limit)) }
        guard case .ok(let response) = output, case .json(let inbox) = response.body else { throw Self.unexpected(output) }
        return (inbox.envelopes.map { ($0.id, Data($0.envelope.data)) }, inbox.remaining)
    }

    public func acknowledge(entries: [String]) async throws(CircleError) {
        guard !entries.isEmpty else { return }
        let output = try await call { try await client.acknowledgeInbox(body: .json(.init(ids: entries))) }
        guard case .noContent = output else { throw Self.unexpected(output) }
    }

    /// Stores `data` under `blobId` (the SHA-256 of `data`, hex).
    public func putBlob(_ data: Data, id blobId: String) async throws(CircleError) {
        let output = try await call { try await client.putBlob(path: .init(blobId: blobId), body: .binary(HTTPBody(data))) }
        guard case .created = output else { throw Self.unexpected(output) }
    }

    /// The blob `blobId`, or nil when the relay has none (at most `maximumBytes`).
    public func blob(id blobId: String, maximumBytes: Int) async throws(CircleError) -> Data? {
        let output = try await optional { try await client.getBlob(path: .init(blobId: blobId)) }
        guard let output else { return nil }
        guard case .ok(let response) = output, case .binary(let body) = response.body else { throw Self.unexpected(output) }
        do {
            return try await Data(collecting: body, upTo: maximumBytes)
        } catch {
            throw .invalidResponse("the photo is larger than \(maximumBytes) bytes")
        }
    }

    // MARK: Mapping

    /// Runs one generated-client call: a refusal read by ``RefusalMiddleware`` is rethrown as
    /// it is; no response at all is `.unreachable`; an answer that could not be decoded is
    /// `.invalidResponse`.
    private func call<Output: Sendable>(_ operation: () async throws -> Output) async throws(CircleError) -> Output {
        do {
            return try await operation()
        } catch let error as ClientError {
            if let refusal = error.underlyingError as? RelayRefusal { throw .refused(refusal) }
            if error.response == nil {
                throw .unreachable(url: baseURL.absoluteString, reason: NetworkFailure.reason(error.underlyingError))
            }
            throw .invalidResponse(NetworkFailure.oneLine(error.causeDescription))
        } catch {
            throw .unreachable(url: baseURL.absoluteString, reason: NetworkFailure.reason(error))
        }
    }

    /// ``call(_:)`` where a 404 means "none" rather than a failure.
    private func optional<Output: Sendable>(_ operation: () async throws -> Output) async throws(CircleError) -> Output? {
        do {
            return try await call(operation)
        } catch .refused(let refusal) where refusal.status == 404 {
            return nil
        }
    }

    /// An answer the contract documents but the call cannot have had: every 4xx and 5xx was
    /// turned into a refusal by the middleware before the generated code saw it.
    private static func unexpected(_ output: some Sendable) -> CircleError {
        .invalidResponse("an answer the contract does not give to this request (\(String(describing: output).prefix(80)))")
    }
}

/// Reads every 4xx and 5xx answer's JSON `Error` (with `missing` and `extra`, and `Retry-After`)
/// into a ``RelayRefusal`` before the generated code decodes the response, so every operation
/// reports a refusal one way.
struct RefusalMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        var error: Components.Schemas._Error?
        if let responseBody, let data = try? await Data(collecting: responseBody, upTo: 64 * 1024) {
            error = try? JSONDecoder().decode(Components.Schemas._Error.self, from: data)
        }
        throw RelayRefusal(
            status: response.status.code, code: error?.code ?? "http_\(response.status.code)",
            message: error?.message ?? "HTTP \(response.status.code)", field: error?.field, missing: error?.missing ?? [],
            extra: error?.extra ?? [], retryAfter: response.headerFields[.retryAfter].flatMap { Int($0) })
    }
}
