import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import ServerKit
import Storage
import TestSupport
import UmiLogAPI

@testable import UmiLogCloud

/// A sync server over the real SQLite store and a real blob folder in a temporary directory,
/// with a hand-moved clock and a captured log, served in-process through Hummingbird's router
/// client.
struct SyncServerHarness {
    let directory: TemporaryDirectory
    let store: SQLiteSyncStore
    let blobs: BlobStore
    let clock: TestClock
    let log: InMemoryLogHandler
    let server: UmiLogSyncServer

    /// A server whose configuration is `configure`d from one without rate limits (a test that
    /// checks a limit sets it).
    init(clock: TestClock = TestClock(), configure: (inout UmiLogSyncConfiguration) -> Void = { _ in }) throws {
        directory = try TemporaryDirectory()
        store = try SQLiteSyncStore.open(at: directory.url.appendingPathComponent("umilog-sync.sqlite"))
        blobs = try BlobStore(directory: directory.url.appendingPathComponent("blobs", isDirectory: true))
        self.clock = clock
        log = InMemoryLogHandler(logLevel: .trace)
        var configuration = UmiLogSyncConfiguration(now: clock.function, rateLimits: .none)
        configure(&configuration)
        let log = self.log
        server = UmiLogSyncServer(
            store: store, blobs: blobs, configuration: configuration, logger: Logger(label: "umilog-test") { _ in log })
    }

    /// Runs `body` against the server through Hummingbird's in-process router client.
    func run<T: Sendable>(_ body: @Sendable (SyncClient) async throws -> T) async throws -> T {
        let router = Router()
        try server.register(on: router)
        let app = Application(router: router, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        defer { directory.remove() }
        let clock = self.clock
        return try await app.test(.router) { client in
            try await body(SyncClient(client: client, clock: clock))
        }
    }

    /// Every log line the server wrote, message and metadata, as one text.
    var logText: String {
        log.entries.map { "\($0.level) \($0.message) \($0.metadata)" }.joined(separator: "\n")
    }
}

/// Requests of the sync API, spelled out as a client sends them.
struct SyncClient: Sendable {
    let client: any TestClientProtocol
    let clock: TestClock

    /// Sends a request to `path` (relative to `/umilog/v1`) with `body` as is.
    func send(
        _ method: HTTPRequest.Method, _ path: String, body: Data? = nil, contentType: String? = "application/json",
        headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = headers
        if body != nil, let contentType { fields[.contentType] = contentType }
        return try await client.execute(
            uri: UmiLogSyncServer.basePath + path, method: method, headers: fields, body: body.map { ByteBuffer(bytes: $0) })
    }

    /// Sends a request signed by `device` at the clock's time (or `signedAt`); `alter` may change
    /// the headers after signing.
    func signed(
        _ method: HTTPRequest.Method, _ path: String, by device: DeviceKey, body: Data? = nil,
        contentType: String = "application/json", signedAt: Date? = nil, alter: (inout HTTPFields) -> Void = { _ in }
    ) async throws -> TestResponse {
        let signature = try RequestSigning.sign(
            method: method.rawValue, path: path, body: body ?? Data(), deviceID: device.id, at: signedAt ?? clock.now, with: device.key)
        var headers = SyncClient.headers(signature)
        alter(&headers)
        return try await send(method, path, body: body, contentType: contentType, headers: headers)
    }

    static func headers(_ signature: RequestSigning.Headers) -> HTTPFields {
        var headers: HTTPFields = [:]
        headers[HTTPField.Name(RequestSigning.deviceHeader)!] = signature.deviceID
        headers[HTTPField.Name(RequestSigning.timestampHeader)!] = String(signature.timestamp)
        headers[HTTPField.Name(RequestSigning.signatureHeader)!] = signature.signature.base64EncodedString()
        return headers
    }

    // MARK: Accounts and devices

    func createAccount(_ diver: Diver, slots: [KeySlotBody]? = nil) async throws -> TestResponse {
        try await send(.post, "/accounts", body: JSONEncoder().encode(diver.creation(slots: slots)))
    }

    func register(_ diver: Diver, device index: Int, signedBy accountKey: Curve25519.Signing.PrivateKey? = nil) async throws
        -> TestResponse
    {
        try await send(
            .post, "/accounts/\(diver.accountID)/devices", body: JSONEncoder().encode(diver.registration(index, signedBy: accountKey)))
    }

    func keySlots(_ diver: Diver) async throws -> TestResponse {
        try await send(.get, "/accounts/\(diver.accountID)/key-slots")
    }

    // MARK: Changes

    func push(_ changes: [ChangeBody], for diver: Diver, by device: Int = 0) async throws -> TestResponse {
        try await signed(
            .post, "/accounts/\(diver.accountID)/changes", by: diver.devices[device], body: JSONEncoder().encode(["changes": changes]))
    }

    func pull(_ diver: Diver, by device: Int = 0, after: Int64? = nil, limit: Int? = nil) async throws -> TestResponse {
        var query: [String] = []
        if let after { query.append("after=\(after)") }
        if let limit { query.append("limit=\(limit)") }
        let path = "/accounts/\(diver.accountID)/changes" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        return try await signed(.get, path, by: diver.devices[device])
    }

    /// The page `pull` answers, or a failure with the server's answer.
    func page(_ diver: Diver, by device: Int = 0, after: Int64? = nil, limit: Int? = nil) async throws -> ChangePageBody {
        let response = try await pull(diver, by: device, after: after, limit: limit)
        guard response.status == .ok else { throw HarnessError.unexpected(response.status, response.text) }
        return try response.decoded(ChangePageBody.self)
    }

    // MARK: Blobs

    func putBlob(_ bytes: Data, name: String, for diver: Diver, by device: Int = 0) async throws -> TestResponse {
        try await signed(
            .put, "/accounts/\(diver.accountID)/blobs/\(name)", by: diver.devices[device], body: bytes,
            contentType: "application/octet-stream")
    }

    func getBlob(_ name: String, for diver: Diver, by device: Int = 0) async throws -> TestResponse {
        try await signed(.get, "/accounts/\(diver.accountID)/blobs/\(name)", by: diver.devices[device])
    }
}

/// One device's id and signing key.
struct DeviceKey: Sendable {
    let id: String
    let key: Curve25519.Signing.PrivateKey
}

extension DeviceKey {
    /// A new device: a random id and key.
    init() {
        self.init(id: UUID().uuidString.lowercased(), key: Curve25519.Signing.PrivateKey())
    }
}

/// A diver: an account id and key (on a real device, derived from the master key) and devices.
struct Diver: Sendable {
    let accountID: String
    let accountKey: Curve25519.Signing.PrivateKey
    var devices: [DeviceKey]
}

extension Diver {
    /// A new diver with `count` devices.
    init(devices count: Int = 2) {
        self.init(
            accountID: UUID().uuidString.lowercased(), accountKey: Curve25519.Signing.PrivateKey(), devices: (0..<count).map { _ in DeviceKey() })
    }

    /// Device `index`'s registration, signed by the account key (or `accountKey`).
    func registration(_ index: Int, signedBy accountKey: Curve25519.Signing.PrivateKey? = nil) throws -> DeviceRegistrationBody {
        let device = devices[index]
        let publicKey = device.key.publicKey.rawRepresentation
        let message = RequestSigning.deviceRegistrationMessage(accountID: accountID, deviceID: device.id, publicKey: publicKey)
        let signature = try (accountKey ?? self.accountKey).signature(for: message)
        return DeviceRegistrationBody(deviceId: device.id, publicKey: publicKey, accountSignature: signature)
    }

    /// The account's creation with device 0 and `slots` (a passphrase and a recovery slot).
    func creation(slots: [KeySlotBody]? = nil) throws -> AccountCreationBody {
        AccountCreationBody(
            accountId: accountID, accountKey: accountKey.publicKey.rawRepresentation, device: try registration(0),
            keySlots: slots ?? [.sample("passphrase"), .sample("recovery", kind: "recoveryCode")])
    }
}

// MARK: Wire bodies (Foundation's base64 `Data`; the tests do not link the OpenAPI runtime)

struct DeviceRegistrationBody: Codable, Equatable {
    var deviceId: String
    var publicKey: Data
    var accountSignature: Data
}

struct AccountCreationBody: Codable, Equatable {
    var accountId: String
    var accountKey: Data
    var device: DeviceRegistrationBody
    var keySlots: [KeySlotBody]
}

struct KDFBody: Codable, Equatable {
    var algorithm = "scrypt"
    var logN = 15
    var r = 8
    var p = 1
    var salt: Data
}

struct KeySlotBody: Codable, Equatable {
    var slotId: String
    var kind: String
    var kdf: KDFBody
    var wrappedKey: Data
    var version: Int

    /// A slot with random salt and wrapped key (bytes whose base64 holds `/` and `+`, so the
    /// round trip is checked where JSON encoders differ).
    static func sample(_ slotId: String, kind: String = "passphrase", version: Int = 1) -> KeySlotBody {
        KeySlotBody(
            slotId: slotId, kind: kind, kdf: KDFBody(salt: Data([0xFB, 0xFF, 0xBF] + randomBytes(13))),
            wrappedKey: Data([0xFF, 0xFE, 0xFD] + randomBytes(57)), version: version)
    }
}

struct ChangeBody: Codable, Equatable {
    var changeId = UUID().uuidString.lowercased()
    var recordId = UUID().uuidString.lowercased()
    var kind = "dive"
    var schemaVersion = 1
    var sealed: Data

    init(sealed: Data = Data(randomBytes(48))) {
        self.sealed = sealed
    }
}

struct AccountBody: Decodable {
    let accountId: String
    let accountKey: Data
}

struct DeviceBody: Decodable {
    let deviceId: String
    let publicKey: Data
    let registeredAt: String
}

struct DeviceListBody: Decodable {
    let devices: [DeviceBody]
}

struct KeySlotListBody: Decodable {
    let slots: [KeySlotBody]
}

struct AcceptedBody: Decodable {
    struct Accepted: Decodable, Equatable {
        let changeId: String
        let seq: Int64
    }
    let accepted: [Accepted]
}

struct ChangePageBody: Decodable {
    struct Stored: Decodable {
        let seq: Int64
        let changeId: String
        let deviceId: String
        let recordId: String
        let kind: String
        let schemaVersion: Int
        let sealed: Data
        let receivedAt: String
    }
    let changes: [Stored]
    let cursor: Int64
    let hasMore: Bool
}

struct ErrorBody: Decodable {
    let code: String
    let message: String
    let field: String?
}

enum HarnessError: Error {
    case unexpected(HTTPResponse.Status, String)
}

func randomBytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255) }
}

extension TestResponse {
    var data: Data { Data(body.readableBytesView) }
    var text: String { String(decoding: data, as: UTF8.self) }

    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// The JSON `Error` body.
    var error: ErrorBody? { try? decoded(ErrorBody.self) }
}
