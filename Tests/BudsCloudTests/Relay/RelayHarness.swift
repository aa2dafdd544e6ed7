import BudsAPI
import CloudWire
import Crypto
import DAGCBOR
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Identity
import InMemoryLogging
import Logging
import ServerKit
import Storage
import TestSupport

@testable import BudsCloud

/// A relay over the real SQLite store and a real blob folder in a temporary directory, with fakes
/// only at its two boundaries (SMS and push), a hand-moved clock and a captured log, served
/// in-process through Hummingbird's router client.
struct RelayHarness {
    let directory: TemporaryDirectory
    let store: SQLiteRelayStore
    let blobs: BlobStore
    let sms = RecordingSMS()
    let push = RecordingPush()
    let clock: TestClock
    let log: InMemoryLogHandler
    let relay: BudsRelayServer

    /// The relay's key, fixed so that failures reproduce.
    static let key = SymmetricKey(data: Data(repeating: 0x5A, count: 32))

    /// A relay whose configuration is `configure`d from one with no rate limits (a test that
    /// checks a limit sets it).
    init(clock: TestClock = TestClock(), configure: (inout BudsRelayConfiguration) -> Void = { _ in }) throws {
        directory = try TemporaryDirectory()
        store = try SQLiteRelayStore.open(at: directory.url.appendingPathComponent("buds.sqlite"))
        blobs = try BlobStore(directory: directory.url.appendingPathComponent("blobs", isDirectory: true))
        self.clock = clock
        log = InMemoryLogHandler(logLevel: .trace)
        var configuration = BudsRelayConfiguration(key: Self.key, now: clock.function)
        configuration.liftRateLimits()
        configure(&configuration)
        let log = self.log
        relay = BudsRelayServer(
            store: store, blobs: blobs, sms: sms, push: push, configuration: configuration, logger: Logger(label: "buds-test") { _ in log })
    }

    /// Runs `body` against the relay through Hummingbird's in-process router client.
    func run<T: Sendable>(_ body: @Sendable (RelayClient) async throws -> T) async throws -> T {
        let router = Router()
        try relay.register(on: router)
        let app = Application(router: router, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        defer { directory.remove() }
        return try await app.test(.router) { client in
            try await body(RelayClient(client: client, sms: sms))
        }
    }

    /// Every log line the relay wrote, message and metadata, as one text.
    var logText: String {
        log.entries.map { "\($0.level) \($0.message) \($0.metadata)" }.joined(separator: "\n")
    }
}

/// Requests of the relay API, spelled out as a client sends them.
struct RelayClient: Sendable {
    let client: any TestClientProtocol
    let sms: RecordingSMS

    /// Sends a request with `credential` as `Authorization: Bearer …` and `body` as is.
    func send(
        _ method: HTTPRequest.Method, _ path: String, credential: DeviceToken? = nil, body: Data? = nil,
        contentType: String? = "application/json", headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var fields = headers
        if let credential { fields[.authorization] = credential.authorizationValue }
        if body != nil, let contentType { fields[.contentType] = contentType }
        return try await client.execute(
            uri: BudsRelayServer.basePath + path, method: method, headers: fields, body: body.map { ByteBuffer(bytes: $0) })
    }

    /// Sends `value` as the JSON body.
    func json(_ method: HTTPRequest.Method, _ path: String, _ value: some Encodable, credential: DeviceToken? = nil) async throws
        -> TestResponse
    {
        try await send(method, path, credential: credential, body: JSONEncoder().encode(value))
    }

    // MARK: Sign-in

    func startSignIn(_ phone: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        try await send(.post, "/sign-in", body: JSONEncoder().encode(Components.Schemas.SignInStart(phone: phone)), headers: headers)
    }

    func resend(_ session: String, phone: String) async throws -> TestResponse {
        try await json(.post, "/sign-in/\(session)/resend", Components.Schemas.SignInStart(phone: phone))
    }

    func verify(_ session: String, code: String, device: Person.Device, list: Data) async throws -> TestResponse {
        try await json(
            .post, "/sign-in/\(session)/verify", ["code": code, "deviceId": device.id, "deviceList": list.base64EncodedString()],
            credential: device.credential)
    }

    /// Signs `person` in on `device` with `phone`: a code by SMS, then the list of `devices`
    /// (every device of theirs by default) at `version`. Returns the verify answer.
    @discardableResult
    func signIn(_ person: Person, device: Int = 0, phone: String? = nil, version: UInt64 = 1, devices: [Int]? = nil) async throws
        -> TestResponse
    {
        let number = phone ?? person.phone
        let started = try await startSignIn(number)
        let session = try started.decoded(Components.Schemas.SignInSession.self).session
        let code = try sms.latestCode(for: number)
        return try await verify(session, code: code, device: person.devices[device], list: person.list(version: version, devices: devices))
    }

    /// Registers `person`'s `device` as linked, with the list of `devices` at `version`.
    func link(_ person: Person, device: Int, version: UInt64, devices: [Int]? = nil) async throws -> TestResponse {
        try await json(
            .post, "/devices",
            ["deviceId": person.devices[device].id, "deviceList": try person.list(version: version, devices: devices).base64EncodedString()],
            credential: person.devices[device].credential)
    }

    // MARK: Circles

    func putRoster(_ roster: CircleRoster, by device: Person.Device) async throws -> TestResponse {
        try await json(
            .put, "/circles/\(Hex.encode(roster.circleId))/roster",
            ["roster": try DAGCBOREncoder().encode(roster).base64EncodedString()], credential: device.credential)
    }

    func getCircle(_ circleId: Data, by device: Person.Device) async throws -> TestResponse {
        try await send(.get, "/circles/\(Hex.encode(circleId))", credential: device.credential)
    }

    func createInvite(_ invitation: CircleInvitation, circleId: Data, by device: Person.Device) async throws -> TestResponse {
        try await json(
            .post, "/circles/\(Hex.encode(circleId))/invites", Components.Schemas.InviteCreation(inviteId: Hex.encode(invitation.inviteId)),
            credential: device.credential)
    }

    func join(_ invitation: CircleInvitation, as person: Person, device: Int = 0, name: String = "friend") async throws -> TestResponse {
        let request = try CircleJoinRequest.make(invitation: invitation, identity: person.identity, name: name)
        return try await json(
            .post, "/invites/\(Hex.encode(invitation.inviteId))/join", ["request": try request.serialized().base64EncodedString()],
            credential: person.devices[device].credential)
    }

    func sendEnvelope(_ envelope: Data, circleId: Data, by device: Person.Device) async throws -> TestResponse {
        try await json(
            .post, "/circles/\(Hex.encode(circleId))/envelopes", ["envelope": envelope.base64EncodedString()], credential: device.credential)
    }

    func inbox(_ device: Person.Device, limit: Int? = nil) async throws -> InboxBody {
        let response = try await send(.get, "/inbox" + (limit.map { "?limit=\($0)" } ?? ""), credential: device.credential)
        guard response.status == .ok else { throw HarnessError.unexpected(response.status, response.text) }
        return try response.decoded(InboxBody.self)
    }

    func acknowledge(_ ids: [String], by device: Person.Device) async throws -> TestResponse {
        try await json(.post, "/inbox/ack", ["ids": ids], credential: device.credential)
    }
}

/// A person with devices: their identity, and per device its certificate, key and credential.
struct Person: Sendable {
    struct Device: Sendable {
        let id: String
        let key: Curve25519.KeyAgreement.PrivateKey
        let certificate: DeviceCertificate
        let credential: DeviceToken

        var certified: CertifiedDevice { try! CertifiedDevice(certificate) }
    }

    let name: String
    let identity: Identity
    let phone: String
    var devices: [Device] = []

    init(_ name: String, phone: String, devices count: Int = 1) throws {
        self.name = name
        self.phone = phone
        identity = Identity.generate()
        for _ in 0..<count { try addDevice() }
    }

    var did: String { identity.did }
    var member: CircleRoster.Member { CircleRoster.Member(identity) }

    /// A new device with its own key, certificate and credential.
    mutating func addDevice() throws {
        let key = Curve25519.KeyAgreement.PrivateKey()
        let id = "\(name)-\(devices.count)"
        let certificate = try DeviceCertificate.issue(
            by: identity, deviceId: id, agreementKey: key.publicKey.rawRepresentation, sequence: UInt64(devices.count + 1))
        devices.append(Device(id: id, key: key, certificate: certificate, credential: DeviceToken.generate()))
    }

    /// The signed list of `devices` (indices; all by default) at `version`, as DAG-CBOR.
    func list(version: UInt64, devices indices: [Int]? = nil) throws -> Data {
        let chosen = (indices ?? Array(devices.indices)).map { devices[$0].certificate }
        return try DAGCBOREncoder().encode(try DeviceList.sign(by: identity, version: version, devices: chosen))
    }

    /// An envelope of `plaintext` from `device`, sealed for `recipients` at `rosterVersion`.
    func seal(
        _ plaintext: Data = Data("a session, canary-envelope-5be1".utf8), device: Int = 0, circleId: Data, rosterVersion: UInt64,
        to recipients: [Device], envelopeId: Data = CircleEnvelopeSealer.randomId()
    ) throws -> Data {
        let sealer = try CircleEnvelopeSealer(identity: identity, device: devices[device].certificate, deviceKey: devices[device].key)
        let plaintext = try DAGCBOREncoder().encode(["note": String(decoding: plaintext, as: UTF8.self)])
        return try sealer.seal(plaintext, circleId: circleId, rosterVersion: rosterVersion, envelopeId: envelopeId, to: recipients.map(\.certified))
            .serialized()
    }
}

/// Records every code "texted", so tests sign in with the code a person would read.
final class RecordingSMS: SMSSender, @unchecked Sendable {
    // `@unchecked Sendable` is safe: `sent` is only read or written inside `lock.withLock`.
    private let lock = NSLock()
    private var sent: [(number: String, code: String)] = []
    private var failing = false

    func send(code: String, to number: PhoneNumber) async throws {
        try lock.withLock {
            if failing { throw HarnessError.smsDown }
            sent.append((number.e164, code))
        }
    }

    /// Makes every later send fail (a gateway that is down), or work again.
    func setFailing(_ value: Bool) { lock.withLock { failing = value } }

    /// Every code sent, in order.
    var codes: [String] { lock.withLock { sent.map(\.code) } }

    /// How many codes went to `number` (E.164 or as typed).
    func count(for number: String) -> Int {
        let e164 = (try? PhoneNumber(number).e164) ?? number
        return lock.withLock { sent.filter { $0.number == e164 }.count }
    }

    /// The last code sent to `number`.
    func latestCode(for number: String) throws -> String {
        let e164 = try PhoneNumber(number).e164
        guard let code = lock.withLock({ sent.last { $0.number == e164 }?.code }) else { throw HarnessError.noCode }
        return code
    }
}

/// Records every wake-up: the tokens and the bytes the push service would get.
final class RecordingPush: PushSender, @unchecked Sendable {
    // `@unchecked Sendable` is safe: `wakes` is only read or written inside `lock.withLock`.
    private let lock = NSLock()
    private var wakes: [(tokens: [String], payload: Data)] = []

    func wake(tokens: [String]) async {
        lock.withLock { wakes.append((tokens, Self.wakePayload)) }
    }

    var batches: [[String]] { lock.withLock { wakes.map(\.tokens) } }
    var payloads: [Data] { lock.withLock { wakes.map(\.payload) } }
}

enum HarnessError: Error {
    case noCode
    case smsDown
    case unexpected(HTTPResponse.Status, String)
}

extension TestResponse {
    var data: Data { Data(body.readableBytesView) }
    var text: String { String(decoding: data, as: UTF8.self) }

    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: data)
    }

    /// The JSON `Error` body.
    var error: Components.Schemas._Error? { try? decoded(Components.Schemas._Error.self) }
}

/// The contract's bodies that carry bytes, read with Foundation's base64 `Data` (the generated
/// types' byte fields need the OpenAPI runtime, which the tests do not link).
struct InboxBody: Decodable {
    struct Entry: Decodable {
        let id: String
        let envelope: Data
        let queuedAt: String
    }
    let envelopes: [Entry]
    let remaining: Int
}

struct CircleBody: Decodable {
    struct Join: Decodable {
        let inviteId: String
        let request: Data
    }
    let roster: Data
    let deviceLists: [Data]
    let joinRequests: [Join]
}

struct LinkStateBody: Decodable {
    let filled: Bool
    let sealed: Data?
}

struct DeviceListBody: Decodable {
    let deviceList: Data
}

/// Phone numbers of the tests' people (555-01xx: fictional).
enum Phones {
    static let alice = "+14155550101"
    static let bob = "+14155550102"
    static let carol = "+14155550103"
    static let dave = "+14155550104"
}
