public import Foundation
import Logging

extension SyncService {
    /// An encrypted, self-contained backup of the whole log (every change and profile), which
    /// ``restore(_:secret:)`` opens on any device without a server. It is sealed under the
    /// diver's master key and carries the key slots, so it opens with the passphrase or the
    /// recovery code. A store that has never synced gets its master key and passphrase slot
    /// here; `passphrase` must open the slot the store already has, so no backup is made that
    /// the diver could not open.
    public func backup(passphrase: String) async throws -> Data {
        var slots = try keyring.slots()
        let master: MasterKey
        if let slot = slots.first(where: { $0.kind == .passphrase }) {
            master = try slot.unwrap(secret: .passphrase(passphrase))
        } else {
            master = try keyring.masterKey() ?? MasterKey.generate()
            slots.append(
                try KeySlot.wrap(master, slotID: Self.passphraseSlot, secret: .passphrase(passphrase), parameters: parameters(.passphrase)))
            try keyring.save(master: master)
            try keyring.save(slots: slots)
        }
        try await log.captureUntracked()
        let payload = try await log.backupPayload()
        return try BackupFile.seal(payload: payload, slots: slots, accountID: try await log.account()?.accountID, master: master)
    }

    /// Restores a backup into this store: opened with the passphrase or recovery code it was
    /// made with, its changes merged into the log as any device's would be. Returns how many
    /// changes were new here.
    @discardableResult
    public func restore(_ file: Data, secret: KeySlotSecret) async throws -> Int {
        let header = try BackupFile.readHeader(file)
        let master = try header.unlock(with: secret)
        let payload = try BackupFile.open(file, master: master)
        let restored = try await log.restore(payload: payload)
        if try keyring.masterKey() == nil {
            try keyring.save(master: master)
            try keyring.save(slots: header.slots)
        }
        logger.info("backup restored", metadata: ["changes": "\(restored)"])
        return restored
    }
}
