import DAGCBOR
public import Foundation
public import GRDB
public import Identity
public import Logging
public import Receipts
import SQLiteStorage

/// What an instructor's signature covers: the dive's essential fields as canonical DAG-CBOR.
///
/// Depth is whole centimetres and time whole seconds (UTC), so the encoding of a dive is the
/// same on every device; any edit of these fields after signing changes it, and the signature
/// no longer verifies against the dive as it is.
public struct DiveSignoffPayload: Codable, Hashable, Sendable {
    public var dive: String
    /// The site id, empty for a dive without a site.
    public var site: String
    /// The start instant, `2014-04-02T10:00:00Z`.
    public var start: String
    public var maxDepthCentimeters: Int
    public var durationSeconds: Int
    /// The diver whose log it is: the DID of the log's own key.
    public var diver: String
    /// The instructor's name and certification as they signed (not dive fields; shown to readers).
    public var instructor: String
    public var certification: String

    /// The essential fields of `dive`, as they are now.
    public init(_ dive: Dive, diver: String, instructor: String, certification: String) {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        self.dive = dive.id.uuidString.lowercased()
        site = dive.siteID ?? ""
        start = formatter.string(from: Date(timeIntervalSince1970: dive.startTime.timeIntervalSince1970.rounded(.down)))
        maxDepthCentimeters = Int((dive.maxDepthMeters * 100).rounded())
        durationSeconds = dive.bottomTimeSeconds
        self.diver = diver
        self.instructor = instructor
        self.certification = certification
    }

    /// The names of the dive fields in which `self` and `other` differ.
    func changedFields(comparedTo other: DiveSignoffPayload) -> [String] {
        var changed: [String] = []
        if dive != other.dive { changed.append("dive") }
        if site != other.site { changed.append("site") }
        if start != other.start { changed.append("start time") }
        if maxDepthCentimeters != other.maxDepthCentimeters { changed.append("max depth") }
        if durationSeconds != other.durationSeconds { changed.append("duration") }
        if diver != other.diver { changed.append("diver") }
        return changed
    }
}

/// A stored sign-off: the receipt the instructor signed.
public struct DiveSignoff: Hashable, Sendable {
    public var diveID: UUID
    public var receipt: Receipt
    public var payload: DiveSignoffPayload
    public var signerDID: String
    public var signedAt: Date
}

/// Whether a sign-off still vouches for the dive.
public enum SignoffStatus: Hashable, Sendable {
    /// The signature is genuine and covers the dive as it is now.
    case valid
    /// The signature is genuine, but these fields were edited after signing.
    case fieldsChanged([String])
    /// The receipt or signature is not genuine (tampered bytes, wrong key).
    case forged(reason: String)
}

/// Instructor sign-off in seconds (the seed's "20-second sign-off"): the instructor's key signs
/// a receipt (Receipts kit) over the dive's essential fields; anyone can verify it offline from
/// the receipt alone, and editing a signed field afterwards shows it as no longer valid.
public struct DiveSignoffs: Sendable {
    public static let receiptType = "umilog.dive.signoff.v1"

    private let database: UmiLogDatabase
    private let dives: DiveRepository
    private let diverKeys: any KeyStore
    private let logger: Logger

    /// - Parameter diverKeys: where the log owner's own key lives (created on first use); its DID
    ///   names the diver in every sign-off.
    public init(database: any DatabaseWriter, dives: DiveRepository, diverKeys: any KeyStore, logger: Logger) {
        self.database = UmiLogDatabase(database)
        self.dives = dives
        self.diverKeys = diverKeys
        self.logger = logger
    }

    /// The DID of the log's owner.
    public func diverDID() throws(UmiLogError) -> String {
        do {
            return try IdentityStore.loadOrCreate(from: diverKeys).identity.didKey
        } catch {
            throw .storeFailed(reason: "the diver's key can't be read: \(error.localizedDescription)")
        }
    }

    /// Signs the dive as it is now with the instructor's key and stores the sign-off.
    @discardableResult
    public func sign(
        _ diveID: UUID, instructor: Identity, name: String, certification: String = "", at now: Date
    ) async throws(UmiLogError) -> DiveSignoff {
        guard let logged = try await dives.fetch(id: diveID) else { throw .diveNotFound(diveID.uuidString.lowercased()) }
        let payload = DiveSignoffPayload(logged.dive, diver: try diverDID(), instructor: name, certification: certification)
        let receipt: Receipt
        do {
            receipt = try ReceiptSigner(identity: instructor, deviceId: Self.deviceID(of: instructor)).sign(
                type: Self.receiptType, payload: payload, createdAtMs: Int64((now.timeIntervalSince1970 * 1_000).rounded())
            )
        } catch {
            throw .storeFailed(reason: "signing failed: \(error.localizedDescription)")
        }
        let signoff = DiveSignoff(diveID: diveID, receipt: receipt, payload: payload, signerDID: instructor.didKey, signedAt: now)
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO dive_signatures (dive_id, cid, receipt, signature, signer_did, signer_name, signed_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    DiveRow.key(diveID), receipt.cid.string, receipt.rawCBOR, receipt.signature, signoff.signerDID, name,
                    now.timeIntervalSince1970,
                ]
            )
            try SyncLedger.capture(dives: [diveID], sites: [], at: now, db)
        }
        logger.info("dive signed off", metadata: ["dive": "\(diveID)", "signer": "\(signoff.signerDID)"])
        return signoff
    }

    /// The dive's sign-offs, oldest first.
    public func signoffs(of diveID: UUID) async throws(UmiLogError) -> [DiveSignoff] {
        let rows = try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT receipt, signature, signer_did, signed_at FROM dive_signatures WHERE dive_id = ? ORDER BY signed_at, cid",
                arguments: [DiveRow.key(diveID)]
            ).map { row -> (Data, Data, String, Double) in (row[0], row[1], row[2], row[3]) }
        }
        return try rows.map { (raw, signature, signer, signedAt) throws(UmiLogError) in
            do {
                let receipt = try Receipt(rawCBOR: raw, signature: signature)
                let payload = try receipt.body(as: DiveSignoffPayload.self).payload
                return DiveSignoff(
                    diveID: diveID, receipt: receipt, payload: payload, signerDID: signer,
                    signedAt: Date(timeIntervalSince1970: signedAt)
                )
            } catch {
                throw .storeFailed(reason: "a stored sign-off of dive \(DiveRow.key(diveID)) is unreadable")
            }
        }
    }

    /// Each sign-off of the dive with whether it still holds for the dive as it is now.
    public func verify(_ diveID: UUID) async throws(UmiLogError) -> [(DiveSignoff, SignoffStatus)] {
        guard let logged = try await dives.fetch(id: diveID) else { throw .diveNotFound(diveID.uuidString.lowercased()) }
        let diver = try diverDID()
        // A sign-off made on another device of this diver names that device's diver DID.
        let divers = try await database.read { db in try SyncLog.diverDIDs(db) }.union([diver])
        return try await signoffs(of: diveID).map { signoff in
            let named = divers.contains(signoff.payload.diver) ? signoff.payload.diver : diver
            return (signoff, Self.status(of: signoff.receipt, for: logged.dive, diver: named))
        }
    }

    /// Whether `receipt` is a genuine sign-off of `dive` as it is now, needing nothing but the
    /// receipt and the dive: the receipt carries the signer's public key.
    public static func status(of receipt: Receipt, for dive: Dive, diver: String) -> SignoffStatus {
        do {
            try ReceiptVerifier.verify(receipt)
        } catch {
            return .forged(reason: error.localizedDescription)
        }
        guard receipt.header.receiptType == receiptType,
            let signed = try? receipt.body(as: DiveSignoffPayload.self).payload
        else {
            return .forged(reason: "the receipt is not a dive sign-off")
        }
        let current = DiveSignoffPayload(dive, diver: diver, instructor: signed.instructor, certification: signed.certification)
        let changed = signed.changedFields(comparedTo: current)
        return changed.isEmpty ? .valid : .fieldsChanged(changed)
    }

    /// A stable device id for an instructor's key, so the same key always signs as the same
    /// "device" (the Receipts kit requires one).
    static func deviceID(of identity: Identity) -> UUID {
        UUID(derivedFrom: identity.signingPublicKey)
    }
}
