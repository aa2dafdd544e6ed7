import DAGCBOR
import Foundation
import GRDB
import SQLiteStorage

/// The diver's identities across devices. Each store has its own diver key (its DID names the
/// diver in instructor sign-offs), so a sign-off made on one device names that device's DID.
/// The account keeps the set of its devices' diver DIDs — public identifiers only, never keys —
/// as a record of kind `diver`, so a sign-off synced from another device of the same diver
/// still verifies here.
enum DiverSyncMapping {
    static let kind = "diver"
    static let didsSet = "dids"
    static let recordID = UUID(derivedFrom: Data("umilog.diver".utf8))
}

extension SyncLog {
    /// Adds this store's diver DID to the account's set (once).
    func recordDiver(did: String) async throws(UmiLogError) {
        let now = now
        try await database.write { db in
            let known = try SyncLedger.loadState(DiverSyncMapping.recordID, db)?.elements(DiverSyncMapping.didsSet)
            guard known?.contains(where: { $0.value == .text(did) }) != true else { return }
            try SyncLedger.commitLocal(
                { hlc, _ in
                    SyncChange(
                        id: UUID(), recordID: DiverSyncMapping.recordID, kind: DiverSyncMapping.kind,
                        schemaVersion: SyncSchemaVersion.current, hlc: hlc, adds: [DiverSyncMapping.didsSet: [.text(did)]])
                }, recordID: DiverSyncMapping.recordID, at: now(), db)
        }
    }

    /// The diver DIDs of the account's devices, as synced.
    static func diverDIDs(_ db: Database) throws -> Set<String> {
        Set(try SyncLedger.loadState(DiverSyncMapping.recordID, db)?.elements(DiverSyncMapping.didsSet).compactMap(\.value.textValue) ?? [])
    }
}
