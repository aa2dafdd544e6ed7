import CloudWire
import Crypto
import DAGCBOR
public import Foundation
public import GRDB
public import Identity
public import Logging
public import OpenAPIRuntime
public import Storage

/// Sharing with circles (issue 18): this device's relay account, its person's devices, the
/// circles they belong to, and the memories that travel between them — sealed on this device
/// for the certified devices of the circle's members, opened and verified here, never readable
/// by the relay.
///
/// Local first: what this device knows (rosters, pinned device lists, invitations, received
/// memories) is in the journal's database; the relay is asked when a command needs it. Every
/// check of what the relay sends — a roster's owner signature and version, each device list's
/// signature, an envelope's header, sender, wraps and content — runs here before anything is
/// stored, and a memory is stored in one transaction or not at all.
public struct CircleService: Sendable {
    let database: any DatabaseWriter
    let blobs: BlobStore
    let keyStore: any KeyStore
    let identity: Identity
    /// This device's id in its person's device list (the journal's device UUID).
    let deviceId: String
    let now: @Sendable () -> Date
    let logger: Logger
    let transport: (any ClientTransport)?

    /// Key-store names of this feature's secrets.
    static let credentialKeyName = "relay_credential"
    static let linkKeyName = "relay_link_key"

    public init(
        database: any DatabaseWriter, blobs: BlobStore, keyStore: any KeyStore, identity: Identity, deviceId: UUID,
        now: @escaping @Sendable () -> Date, logger: Logger, transport: (any ClientTransport)? = nil
    ) {
        self.database = database
        self.blobs = blobs
        self.keyStore = keyStore
        self.identity = identity
        self.deviceId = deviceId.uuidString.lowercased()
        self.now = now
        self.logger = logger
        self.transport = transport
    }

    // MARK: Relay access

    /// This device's credential, created once and kept in the key store.
    func credential() throws -> DeviceToken {
        if let stored = try keyStore.load(Self.credentialKeyName) {
            guard let token = DeviceToken(bytes: Array(stored)) else {
                throw BudsError.corruptStore("the relay credential is not 32 bytes")
            }
            return token
        }
        let token = DeviceToken.generate()
        try keyStore.save(Data(token.bytes), as: Self.credentialKeyName)
        return token
    }

    func relay(_ server: URL) throws -> BudsRelayClient {
        BudsRelayClient(baseURL: server, credential: try credential(), transport: transport)
    }

    /// The registered account's relay and account row.
    func registered() async throws -> (relay: BudsRelayClient, account: AccountRow) {
        guard let account = try await database.read({ db in try AccountRow.fetchOne(db) }) else { throw CircleError.notSignedIn }
        guard let url = URL(string: account.serverURL) else { throw BudsError.corruptStore("the relay address \(account.serverURL) is not a URL") }
        return (try relay(url), account)
    }

    /// This device's certificate in the person's signed list.
    func myCertificate(in account: AccountRow) throws -> DeviceCertificate {
        let list = try account.deviceList()
        guard let certificate = list.devices.first(where: { $0.deviceId == deviceId }) else {
            throw CircleError.linkFailed("this device is not in its person's device list any more")
        }
        return certificate
    }

    // MARK: Account

    /// The relay account, if this journal has one.
    public func account() async throws -> RelayAccount? {
        guard let row = try await database.read({ db in try AccountRow.fetchOne(db) }) else { return nil }
        return RelayAccount(
            server: row.serverURL, did: identity.did, deviceId: deviceId, name: row.displayName,
            devices: try row.deviceList().devices.map(\.deviceId))
    }

    /// Asks `server` to text a code to `phone`; the code is given to ``completeSignIn(code:)``.
    ///
    /// - Parameter name: the name this person gives the circles they join (1–64 bytes).
    public func startSignIn(phone: String, server: URL, name: String) async throws -> PendingSignIn {
        try Self.checkName(name)
        if let account = try await database.read({ db in try AccountRow.fetchOne(db) }) {
            throw CircleError.alreadySignedIn(server: account.serverURL)
        }
        let session = try await relay(server).startSignIn(phone: phone)
        let pending = PendingSignInRow(server: server.absoluteString, session: session.session, phone: phone, name: name)
        try await database.write { db in try pending.save(db) }
        return PendingSignIn(server: pending.server, checksLeft: session.checksLeft, resendAfterSeconds: session.resendAfterSeconds)
    }

    /// Asks for a new code for the waiting sign-in.
    public func resendCode() async throws -> PendingSignIn {
        guard let pending = try await database.read({ db in try PendingSignInRow.fetch(db) }), let url = URL(string: pending.server) else {
            throw CircleError.noPendingSignIn
        }
        let session = try await relay(url).resendCode(session: pending.session, phone: pending.phone)
        return PendingSignIn(server: pending.server, checksLeft: session.checksLeft, resendAfterSeconds: session.resendAfterSeconds)
    }

    /// Checks `code` with the relay and registers this device: its X25519 key certified by the
    /// identity key, in the person's first signed device list.
    public func completeSignIn(code: String) async throws -> RelayAccount {
        guard let pending = try await database.read({ db in try PendingSignInRow.fetch(db) }), let url = URL(string: pending.server) else {
            throw CircleError.noPendingSignIn
        }
        let certificate = try DeviceCertificate.issue(by: identity, deviceId: deviceId, agreementKey: identity.agreementPublicKey, sequence: 1)
        let list = try DeviceList.sign(by: identity, version: 1, devices: [certificate])
        let listBytes = try DAGCBOREncoder().encode(list)
        _ = try await relay(url).verifySignIn(session: pending.session, code: code, deviceId: deviceId, deviceList: listBytes)
        let account = AccountRow(
            serverURL: pending.server, deviceId: deviceId, displayName: pending.name, deviceListBytes: listBytes,
            registeredAt: now().timeIntervalSince1970)
        try await database.write { db in
            try account.insert(db)
            try PendingSignInRow.delete(db)
        }
        logger.info("relay account registered", metadata: ["devices": "1"])
        return RelayAccount(server: account.serverURL, did: identity.did, deviceId: deviceId, name: account.displayName, devices: [deviceId])
    }

    static func checkName(_ name: String) throws(CircleError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.utf8.count <= CircleJoinRequest.maximumNameBytes,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .invalidName("A name is 1 to \(CircleJoinRequest.maximumNameBytes) bytes, without control characters.") }
    }
}
