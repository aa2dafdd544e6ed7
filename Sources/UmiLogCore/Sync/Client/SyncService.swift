import Crypto
import DAGCBOR
public import Foundation
public import Logging
public import OpenAPIRuntime
import UmiLogAPI

/// End-to-end encrypted sync of the log with the diver's other devices, through the UmiLog
/// sync server, and encrypted backups that need no server.
///
/// Everything that leaves the device is sealed first: changes with ``RecordSealer`` (under a
/// record id the server sees only as a keyed derivation of the dive's own), profiles with
/// ``BlobSealer``. The master key reaches other devices only inside key slots that open with
/// the diver's passphrase or recovery code. Sync never blocks a local edit: it pushes the
/// outbox, then pulls the log in pages, each page taken in one transaction, so a sync cut short
/// anywhere resumes where it stopped and loses or duplicates nothing.
public struct SyncService: Sendable {
    let log: SyncLog
    let keyring: SyncKeyring
    let now: @Sendable () -> Date
    let logger: Logger
    let parameters: @Sendable (KeySlot.Kind) -> KDFParameters
    let transport: (any ClientTransport)?
    /// This store's diver DID, added to the account's set on every sync (see `DiverSyncMapping`).
    let diverDID: @Sendable () throws -> String

    /// How many changes go in one push, and come in one pull.
    static let pushBatch = 200
    static let pullPage = 500

    /// - Parameters:
    ///   - parameters: the KDF parameters new slots get (scrypt at 64 MiB for passphrases by
    ///     default); tests pass cheaper ones.
    ///   - transport: the HTTP transport (URLSession by default).
    public init(
        log: SyncLog, keyring: SyncKeyring, now: @escaping @Sendable () -> Date = Date.init, logger: Logger,
        parameters: @escaping @Sendable (KeySlot.Kind) -> KDFParameters = SyncService.defaultParameters,
        transport: (any ClientTransport)? = nil, diverDID: @escaping @Sendable () throws -> String
    ) {
        self.diverDID = diverDID
        self.log = log
        self.keyring = keyring
        self.now = now
        self.logger = logger
        self.parameters = parameters
        self.transport = transport
    }

    public static let defaultParameters: @Sendable (KeySlot.Kind) -> KDFParameters = { kind in
        switch kind {
        case .passphrase: .passphraseDefault
        case .recoveryCode: .recoveryCodeDefault
        }
    }

    static let passphraseSlot = "passphrase"
    static let recoverySlot = "recovery"

    // MARK: Accounts

    /// What a new account gives the diver: its id (to join other devices) and the recovery code,
    /// shown once, to be written down.
    public struct NewAccount: Sendable {
        public let accountID: UUID
        public let recoveryCode: RecoveryCode
    }

    /// Creates the diver's account on `server` with this device as its first: a new master key
    /// wrapped under `passphrase` and a new recovery code.
    public func createAccount(server: URL, passphrase: String) async throws -> NewAccount {
        if let existing = try await log.account() { throw SyncError.alreadySetUp(accountID: existing.accountID.uuidString.lowercased()) }
        let master = try keyring.masterKey() ?? MasterKey.generate()
        let recovery = RecoveryCode.generate()
        let slots = [
            try KeySlot.wrap(master, slotID: Self.passphraseSlot, secret: .passphrase(passphrase), parameters: parameters(.passphrase)),
            try KeySlot.wrap(master, slotID: Self.recoverySlot, secret: .recoveryCode(recovery), parameters: parameters(.recoveryCode)),
        ]
        let accountID = UUID()
        let signer = try keyring.deviceSigner() ?? UmiLogSyncClient.DeviceSigner(deviceID: UUID(), key: .init())
        let registration = try Self.registration(of: signer, accountID: accountID, master: master)
        try keyring.save(master: master)
        try keyring.save(signer: signer)
        try keyring.save(slots: slots)
        try await client(server, signer: nil).createAccount(
            accountID: accountID, accountKey: master.accountSigningKey.publicKey.rawRepresentation, device: registration, slots: slots)
        try await log.setAccount(accountID, server: server)
        logger.info("sync account created", metadata: ["account": "\(accountID)"])
        return NewAccount(accountID: accountID, recoveryCode: recovery)
    }

    /// Joins this device to the diver's account: the key slots come from the server and open
    /// here with the passphrase or the recovery code; the device registers with the account
    /// key's signature. The log syncs with the next ``sync()``.
    public func joinAccount(server: URL, accountID: UUID, secret: KeySlotSecret) async throws {
        if let existing = try await log.account() { throw SyncError.alreadySetUp(accountID: existing.accountID.uuidString.lowercased()) }
        let slots = try await client(server, signer: nil).keySlots(accountID: accountID)
        guard let slot = slots.first(where: { $0.kind == secret.kind }) else { throw SyncError.noSlot(secret.kind.rawValue) }
        let master = try slot.unwrap(secret: secret)
        let signer = UmiLogSyncClient.DeviceSigner(deviceID: UUID(), key: .init())
        try await client(server, signer: nil).registerDevice(
            try Self.registration(of: signer, accountID: accountID, master: master), accountID: accountID)
        try keyring.save(master: master)
        try keyring.save(signer: signer)
        try keyring.save(slots: slots)
        try await log.setAccount(accountID, server: server)
        logger.info("sync account joined", metadata: ["account": "\(accountID)", "device": "\(signer.deviceID)"])
    }

    /// Changes the passphrase: only the passphrase slot is rewritten (on the server and here);
    /// the master key, and so every sealed change, stays as it is. The old passphrase must open
    /// the current slot.
    public func changePassphrase(from old: String, to new: String) async throws {
        let (accountID, server, signer) = try await registered()
        let slots = try await client(server, signer: signer).keySlots(accountID: accountID)
        guard let slot = slots.first(where: { $0.slotID == Self.passphraseSlot }) else { throw SyncError.noSlot("passphrase") }
        let master = try slot.unwrap(secret: .passphrase(old))
        let replacement = try KeySlot.wrap(
            master, slotID: Self.passphraseSlot, secret: .passphrase(new), parameters: parameters(.passphrase))
        try await client(server, signer: signer).putKeySlot(replacement, accountID: accountID)
        try keyring.save(slots: slots.filter { $0.slotID != Self.passphraseSlot } + [replacement])
        logger.info("sync passphrase changed", metadata: ["account": "\(accountID)"])
    }

    /// Makes a new recovery code (the old one stops working), proven by the passphrase.
    public func newRecoveryCode(passphrase: String) async throws -> RecoveryCode {
        let (accountID, server, signer) = try await registered()
        let slots = try await client(server, signer: signer).keySlots(accountID: accountID)
        guard let slot = slots.first(where: { $0.slotID == Self.passphraseSlot }) else { throw SyncError.noSlot("passphrase") }
        let master = try slot.unwrap(secret: .passphrase(passphrase))
        let code = RecoveryCode.generate()
        let replacement = try KeySlot.wrap(
            master, slotID: Self.recoverySlot, secret: .recoveryCode(code), parameters: parameters(.recoveryCode))
        try await client(server, signer: signer).putKeySlot(replacement, accountID: accountID)
        try keyring.save(slots: slots.filter { $0.slotID != Self.recoverySlot } + [replacement])
        return code
    }

    // MARK: Sync

    /// What one sync did.
    public struct Report: Sendable, Hashable, Codable {
        public var pushed = 0
        public var pulled = 0
        public var applied = 0
        public var profilesUploaded = 0
        public var profilesDownloaded = 0
        public var unreadable = 0
        public var bytesSent = 0
        public var bytesReceived = 0
    }

    /// Pushes this device's changes and pulls everyone else's, until both are done.
    public func sync(server override: URL? = nil) async throws -> Report {
        var (accountID, server, signer) = try await registered()
        if let override, override != server {
            try await log.setServer(override)
            server = override
        }
        guard let master = try keyring.masterKey() else { throw SyncError.keysUnreadable("the master key is missing") }
        let client = client(server, signer: signer)
        var report = Report()
        try await log.captureUntracked()
        try await log.recordDiver(did: diverDID())
        try await pushProfiles(client, accountID: accountID, master: master, report: &report)
        let cursor = try await log.cursor()
        let pushed = try await pushChanges(client, accountID: accountID, master: master, report: &report)
        if let past = Self.cursor(after: cursor, skippingOwn: pushed) {
            // Nobody else wrote in between: there is nothing to pull back up to there.
            _ = try await log.receive([], cursor: past)
        }
        try await pullChanges(client, accountID: accountID, master: master, ownDevice: signer.deviceID, report: &report)
        try await log.markSyncFinished(at: now())
        logger.info(
            "sync finished",
            metadata: ["pushed": "\(report.pushed)", "pulled": "\(report.pulled)", "applied": "\(report.applied)"])
        if report.unreadable > 0 { throw SyncError.unreadableChanges(report.unreadable) }
        return report
    }

    /// How many profiles travel at once: one request each, so on a slow link (a boat, a
    /// dive resort) their latencies overlap instead of adding up.
    static let profileConcurrency = 16
    /// How many downloaded profiles are kept in one transaction.
    static let profilesPerCommit = 256

    private func pushProfiles(_ client: UmiLogSyncClient, accountID: UUID, master: MasterKey, report: inout Report) async throws {
        let sealer = master.blobSealer
        while true {
            let profiles = try await log.profilesToUpload(limit: Self.profileConcurrency)
            guard !profiles.isEmpty else { return }
            let sent = try await withThrowingTaskGroup(of: (digest: String, bytes: Int).self) { group in
                for profile in profiles {
                    let name = Self.blobName(ofProfile: profile.digest, master: master)
                    let sealed = try sealer.seal(profile.bytes, name: name)
                    group.addTask {
                        try await client.putBlob(sealed, name: name, accountID: accountID)
                        return (profile.digest, sealed.count)
                    }
                }
                var sent: [(digest: String, bytes: Int)] = []
                for try await result in group { sent.append(result) }
                return sent
            }
            try await log.markProfilesUploaded(sent.map(\.digest))
            report.profilesUploaded += sent.count
            report.bytesSent += sent.reduce(0) { $0 + $1.bytes }
        }
    }

    /// The cursor past this device's own changes, when the log's next sequence numbers after
    /// `cursor` are `ownSeqs` (so no other device's change lies in between); nil when the first
    /// is not next.
    ///
    /// The changes a push has just stored would otherwise come straight back in the pull that
    /// follows, to be skipped as this device's own: every byte of a push sent twice.
    static func cursor(after cursor: Int64, skippingOwn ownSeqs: [Int64]) -> Int64? {
        var past = cursor
        for seq in Set(ownSeqs).sorted() where seq > cursor {
            guard seq == past + 1 else { break }
            past = seq
        }
        return past > cursor ? past : nil
    }

    /// Pushes the outbox in batches; the sequence numbers the server gave its changes.
    private func pushChanges(_ client: UmiLogSyncClient, accountID: UUID, master: MasterKey, report: inout Report) async throws
        -> [Int64]
    {
        let sealer = master.recordSealer
        var seqs: [Int64] = []
        while true {
            let batch = try await log.outbox(limit: Self.pushBatch)
            guard !batch.isEmpty else { return seqs }
            var sealed: [SealedChange] = []
            for entry in batch {
                let wireID = master.wireRecordID(for: entry.recordID)
                let bytes =
                    try entry.sealed
                    ?? sealer.seal(entry.body, recordID: wireID, kind: entry.kind, schemaVersion: entry.schemaVersion)
                sealed.append(
                    SealedChange(changeID: entry.id, recordID: wireID, kind: entry.kind, schemaVersion: entry.schemaVersion, sealed: bytes))
            }
            try await log.markUploading(sealed.map { ($0.changeID, $0.sealed) })
            let accepted: [(id: UUID, seq: Int64)]
            do {
                accepted = try await client.push(sealed, accountID: accountID)
            } catch {
                // No answer, or a refusal: still only on this device (the sealed bytes are kept
                // for the retry).
                try await log.markSaved(sealed.map(\.changeID))
                throw error
            }
            try await log.markSynced(accepted)
            seqs += accepted.map(\.seq)
            report.pushed += accepted.count
            report.bytesSent += sealed.reduce(0) { $0 + $1.sealed.count }
        }
    }

    private func pullChanges(
        _ client: UmiLogSyncClient, accountID: UUID, master: MasterKey, ownDevice: UUID, report: inout Report
    ) async throws {
        let sealer = master.recordSealer
        let own = ownDevice.uuidString.lowercased()
        var cursor = try await log.cursor()
        // Profiles an earlier sync could not get (missing or unreadable at the server then).
        try await downloadProfiles(named: try await log.awaitedProfiles(), client, accountID: accountID, master: master, report: &report)
        while true {
            let page = try await client.pull(accountID: accountID, after: cursor, limit: Self.pullPage)
            var opened: [(change: SyncChange, seq: Int64)] = []
            for stored in page.changes {
                report.pulled += 1
                report.bytesReceived += stored.change.sealed.count
                if stored.deviceID == own { continue }  // ours: already here
                guard let change = Self.open(stored.change, sealer: sealer, master: master) else {
                    report.unreadable += 1
                    logger.warning("sync change unreadable", metadata: ["seq": "\(stored.seq)"])
                    continue
                }
                opened.append((change, stored.seq))
            }
            let named = Set(opened.compactMap { $0.change.fields[DiveSyncMapping.profileField]?.value.textValue })
            try await downloadProfiles(named: named, client, accountID: accountID, master: master, report: &report)
            let received = try await log.receive(opened, cursor: page.cursor)
            report.applied += received.applied
            cursor = page.cursor
            guard page.hasMore, !page.changes.isEmpty else { return }
        }
    }

    /// Fetches the profiles of `named` this device lacks. One the server does not have, or
    /// whose blob does not open to the profile its name says, is skipped (counted unreadable
    /// when it is there but wrong): its dive waits for it, without samples, instead of the
    /// whole sync stopping on one bad blob.
    private func downloadProfiles(
        named: Set<String>, _ client: UmiLogSyncClient, accountID: UUID, master: MasterKey, report: inout Report
    ) async throws {
        let missing = try await log.missingProfiles(named).sorted()
        var start = 0
        var opened: [(bytes: Data, digest: String)] = []
        while start < missing.count {
            let batch = missing[start..<min(start + Self.profileConcurrency, missing.count)]
            start += Self.profileConcurrency
            let fetched = try await withThrowingTaskGroup(of: (digest: String, name: String, sealed: Data?).self) { group in
                for digest in batch {
                    let name = Self.blobName(ofProfile: digest, master: master)
                    group.addTask { (digest, name, try await client.blob(name: name, accountID: accountID)) }
                }
                var fetched: [(digest: String, name: String, sealed: Data?)] = []
                for try await result in group { fetched.append(result) }
                return fetched
            }
            for (digest, name, sealed) in fetched {
                guard let sealed else {
                    logger.warning("sync profile missing on the server", metadata: ["profile": "\(name)"])
                    continue
                }
                report.bytesReceived += sealed.count
                guard let bytes = try? master.blobSealer.open(sealed, name: name), DiveSyncMapping.digest(of: bytes) == digest else {
                    report.unreadable += 1
                    logger.warning("sync profile unreadable", metadata: ["profile": "\(name)"])
                    continue
                }
                opened.append((bytes, digest))
            }
            if opened.count >= Self.profilesPerCommit || start >= missing.count {
                try await log.storeProfiles(opened)
                report.profilesDownloaded += opened.count
                opened.removeAll()
            }
        }
    }

    /// Opens a change from the server and checks that it is what its clear fields say: the
    /// change id, kind and version inside are the ones outside, and the record id outside is
    /// the keyed derivation of the one inside (so a ciphertext moved to another record fails
    /// twice: its associated data, then this check).
    static func open(_ sealed: SealedChange, sealer: RecordSealer, master: MasterKey) -> SyncChange? {
        guard
            let plaintext = try? sealer.open(
                sealed.sealed, recordID: sealed.recordID, kind: sealed.kind, schemaVersion: sealed.schemaVersion),
            let change = try? SyncChange.decode(plaintext), change.id == sealed.changeID, change.kind == sealed.kind,
            change.schemaVersion == sealed.schemaVersion, master.wireRecordID(for: change.recordID) == sealed.recordID
        else { return nil }
        return change
    }

    // MARK: Naming what the server sees

    /// A profile's blob name on the server: keyed, from its digest, so every device names the
    /// same profile the same way and the server learns nothing of its content.
    static func blobName(ofProfile digest: String, master: MasterKey) -> String {
        master.blobSealer.name(forDigest: digest)
    }

    // MARK: Plumbing

    private func registered() async throws -> (UUID, URL, UmiLogSyncClient.DeviceSigner) {
        guard let account = try await log.account() else { throw SyncError.noAccount }
        guard let signer = try keyring.deviceSigner() else { throw SyncError.keysUnreadable("the device key is missing") }
        return (account.accountID, account.server, signer)
    }

    private func client(_ server: URL, signer: UmiLogSyncClient.DeviceSigner?) -> UmiLogSyncClient {
        UmiLogSyncClient(baseURL: server, signer: signer, now: now, transport: transport)
    }

    static func registration(
        of signer: UmiLogSyncClient.DeviceSigner, accountID: UUID, master: MasterKey
    ) throws -> DeviceRegistration {
        let publicKey = signer.key.publicKey.rawRepresentation
        let message = RequestSigning.deviceRegistrationMessage(
            accountID: accountID.uuidString.lowercased(), deviceID: signer.deviceID.uuidString.lowercased(), publicKey: publicKey)
        return DeviceRegistration(
            deviceID: signer.deviceID, publicKey: publicKey, accountSignature: try master.accountSigningKey.signature(for: message))
    }
}
