import CloudWire
public import Crypto
public import Foundation
import HTTPTypes
public import OpenAPIRuntime
import OpenAPIURLSession
import UmiLogAPI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The UmiLog sync server over HTTP, through the client generated from UmiLogAPI's
/// `openapi.yaml` (the one contract between app and server). A registered device signs every
/// request; the few anonymous calls (creating an account, reading key slots, registering a
/// device with the account key's signature) go unsigned. Every refusal is a
/// ``SyncError/refused``; a server that cannot be reached is ``SyncError/unreachable``.
public struct UmiLogSyncClient: Sendable {
    public let baseURL: URL
    private let client: Client

    /// A device's identity for signing: its id and Ed25519 key.
    public struct DeviceSigner: Sendable {
        public let deviceID: UUID
        public let key: Curve25519.Signing.PrivateKey

        public init(deviceID: UUID, key: Curve25519.Signing.PrivateKey) {
            self.deviceID = deviceID
            self.key = key
        }
    }

    /// - Parameters:
    ///   - signer: the registered device that signs requests; `nil` for the anonymous calls.
    ///   - transport: `URLSessionTransport` with a 120 s request timeout by default (dive-resort
    ///     links are slow: no request gives up before 60 s).
    public init(
        baseURL: URL, signer: DeviceSigner?, now: @escaping @Sendable () -> Date = Date.init,
        transport: (any ClientTransport)? = nil
    ) {
        self.baseURL = baseURL
        var middlewares: [any ClientMiddleware] = [SyncRefusalMiddleware()]
        if let signer {
            middlewares.append(
                RequestSigningMiddleware(deviceID: signer.deviceID.uuidString.lowercased(), key: signer.key, now: now))
        }
        client = Client(
            serverURL: baseURL.appendingPathComponent("umilog/v1"),
            configuration: Configuration(dateTranscoder: LenientISO8601DateTranscoder()),
            transport: transport ?? Self.defaultTransport(), middlewares: middlewares)
    }

    /// The request timeout of the default transport.
    public static let requestTimeout: TimeInterval = 120

    private static func defaultTransport() -> any ClientTransport {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = requestTimeout
        configuration.timeoutIntervalForResource = 30 * 60
        return URLSessionTransport(configuration: .init(session: URLSession(configuration: configuration)))
    }

    // MARK: Accounts

    /// Creates the account; `false` when the same creation had been done (a retry).
    @discardableResult
    public func createAccount(
        accountID: UUID, accountKey: Data, device: DeviceRegistration, slots: [KeySlot]
    ) async throws(SyncError) -> Bool {
        let body = Components.Schemas.AccountCreation(
            accountId: accountID.uuidString.lowercased(), accountKey: .init(accountKey), device: device.wire,
            keySlots: try slots.map(Self.wire))
        let output = try await call { try await client.createAccount(body: .json(body)) }
        switch output {
        case .created: return true
        case .ok: return false
        default: throw Self.unexpected(output)
        }
    }

    /// The account's key slots (anyone may read them; they open only with the diver's secret).
    public func keySlots(accountID: UUID) async throws(SyncError) -> [KeySlot] {
        let output = try await call { try await client.listKeySlots(path: .init(accountId: accountID.uuidString.lowercased())) }
        guard case .ok(let response) = output, case .json(let list) = response.body else { throw Self.unexpected(output) }
        return try list.slots.map(Self.slot)
    }

    public func putKeySlot(_ slot: KeySlot, accountID: UUID) async throws(SyncError) {
        let output = try await call {
            try await client.putKeySlot(
                path: .init(accountId: accountID.uuidString.lowercased(), slotId: slot.slotID), body: .json(try Self.wire(slot)))
        }
        guard case .ok = output else { throw Self.unexpected(output) }
    }

    /// Adds a device, proven by the account key's signature over its registration.
    public func registerDevice(_ device: DeviceRegistration, accountID: UUID) async throws(SyncError) {
        let output = try await call {
            try await client.registerDevice(path: .init(accountId: accountID.uuidString.lowercased()), body: .json(device.wire))
        }
        switch output {
        case .created, .ok: return
        default: throw Self.unexpected(output)
        }
    }

    /// The account's devices: id and registration time, oldest first.
    public func devices(accountID: UUID) async throws(SyncError) -> [(id: String, registeredAt: Date)] {
        let output = try await call { try await client.listDevices(path: .init(accountId: accountID.uuidString.lowercased())) }
        guard case .ok(let response) = output, case .json(let list) = response.body else { throw Self.unexpected(output) }
        return list.devices.map { ($0.deviceId, $0.registeredAt) }
    }

    public func removeDevice(_ deviceID: String, accountID: UUID) async throws(SyncError) {
        let output = try await call {
            try await client.removeDevice(path: .init(accountId: accountID.uuidString.lowercased(), deviceId: deviceID))
        }
        guard case .noContent = output else { throw Self.unexpected(output) }
    }

    // MARK: The change log

    /// Appends sealed changes; returns each change id's sequence number, in the order pushed.
    public func push(_ changes: [SealedChange], accountID: UUID) async throws(SyncError) -> [(id: UUID, seq: Int64)] {
        let body = Components.Schemas.ChangePush(
            changes: changes.map { change in
                Components.Schemas.SealedChange(
                    changeId: change.changeID.uuidString.lowercased(), recordId: change.recordID.uuidString.lowercased(),
                    kind: change.kind, schemaVersion: change.schemaVersion, sealed: .init(change.sealed))
            })
        let output = try await call {
            try await client.pushChanges(path: .init(accountId: accountID.uuidString.lowercased()), body: .json(body))
        }
        guard case .ok(let response) = output, case .json(let result) = response.body else { throw Self.unexpected(output) }
        return try result.accepted.map { accepted throws(SyncError) in
            guard let id = UUID(uuidString: accepted.changeId) else { throw .invalidResponse("a change id that is not a UUID") }
            return (id, accepted.seq)
        }
    }

    /// A page of the log after `after`.
    public func pull(accountID: UUID, after: Int64, limit: Int) async throws(SyncError) -> ChangePage {
        let output = try await call {
            try await client.pullChanges(
                path: .init(accountId: accountID.uuidString.lowercased()), query: .init(after: after, limit: limit))
        }
        guard case .ok(let response) = output, case .json(let page) = response.body else { throw Self.unexpected(output) }
        let changes = try page.changes.map { stored throws(SyncError) in
            guard let changeID = UUID(uuidString: stored.changeId), let recordID = UUID(uuidString: stored.recordId) else {
                throw .invalidResponse("a change or record id that is not a UUID")
            }
            return StoredSealedChange(
                seq: stored.seq,
                change: SealedChange(
                    changeID: changeID, recordID: recordID, kind: stored.kind, schemaVersion: stored.schemaVersion,
                    sealed: Data(stored.sealed.data)), deviceID: stored.deviceId)
        }
        return ChangePage(changes: changes, cursor: page.cursor, hasMore: page.hasMore)
    }

    // MARK: Blobs

    public func putBlob(_ sealed: Data, name: String, accountID: UUID) async throws(SyncError) {
        let output = try await call {
            try await client.putBlob(
                path: .init(accountId: accountID.uuidString.lowercased(), blobName: name), body: .binary(HTTPBody(sealed)))
        }
        switch output {
        case .created, .ok: return
        default: throw Self.unexpected(output)
        }
    }

    /// A blob's sealed bytes, or `nil` when the server has none of that name.
    public func blob(name: String, accountID: UUID) async throws(SyncError) -> Data? {
        let output: Operations.GetBlob.Output
        do {
            output = try await call { try await client.getBlob(path: .init(accountId: accountID.uuidString.lowercased(), blobName: name)) }
        } catch {
            if case .refused(let status, _, _, _, _) = error, status == 404 { return nil }
            throw error
        }
        guard case .ok(let response) = output, case .binary(let body) = response.body else { throw Self.unexpected(output) }
        do {
            return try await Data(collecting: body, upTo: 32 * 1024 * 1024)
        } catch {
            throw .invalidResponse("a blob over 32 MiB")
        }
    }

    // MARK: Plumbing

    private func call<Output: Sendable>(_ operation: () async throws -> Output) async throws(SyncError) -> Output {
        do {
            return try await operation()
        } catch let error as ClientError {
            if let refusal = error.underlyingError as? SyncError { throw refusal }
            if error.response == nil {
                throw .unreachable(url: baseURL.absoluteString, reason: NetworkFailure.reason(error.underlyingError))
            }
            throw .invalidResponse(NetworkFailure.oneLine(error.causeDescription))
        } catch let error as SyncError {
            throw error
        } catch {
            throw .unreachable(url: baseURL.absoluteString, reason: NetworkFailure.reason(error))
        }
    }

    private static func unexpected(_ output: some Sendable) -> SyncError {
        .invalidResponse("an answer the contract does not give to this request (\(String(describing: output).prefix(80)))")
    }

    /// Our slot as the contract's (the same JSON).
    static func wire(_ slot: KeySlot) throws(SyncError) -> Components.Schemas.KeySlot {
        do {
            return try JSONDecoder().decode(Components.Schemas.KeySlot.self, from: JSONEncoder().encode(slot))
        } catch {
            throw .invalidResponse("a key slot that does not fit the contract")
        }
    }

    static func slot(_ wire: Components.Schemas.KeySlot) throws(SyncError) -> KeySlot {
        do {
            return try JSONDecoder().decode(KeySlot.self, from: JSONEncoder().encode(wire))
        } catch {
            throw .invalidResponse("a key slot this version cannot read")
        }
    }
}

/// A device's registration: its id and public key, signed by the account key.
public struct DeviceRegistration: Sendable, Hashable {
    public var deviceID: UUID
    public var publicKey: Data
    public var accountSignature: Data

    public init(deviceID: UUID, publicKey: Data, accountSignature: Data) {
        self.deviceID = deviceID
        self.publicKey = publicKey
        self.accountSignature = accountSignature
    }

    var wire: Components.Schemas.DeviceRegistration {
        .init(deviceId: deviceID.uuidString.lowercased(), publicKey: .init(publicKey), accountSignature: .init(accountSignature))
    }
}

/// A change as the server carries it: ids in the clear (the record id keyed, never the dive's
/// own), the rest sealed.
public struct SealedChange: Sendable, Hashable {
    public var changeID: UUID
    public var recordID: UUID
    public var kind: String
    public var schemaVersion: Int
    public var sealed: Data
}

/// A change in the server's log.
public struct StoredSealedChange: Sendable, Hashable {
    public var seq: Int64
    public var change: SealedChange
    public var deviceID: String
}

/// A page of the server's log.
public struct ChangePage: Sendable, Hashable {
    public var changes: [StoredSealedChange]
    public var cursor: Int64
    public var hasMore: Bool
}
