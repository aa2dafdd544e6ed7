import Crypto
import Foundation
public import Identity

/// Where this device keeps its sync secrets, in the store's key folder (`0600` files on Linux,
/// the Keychain on Apple platforms): the diver's master key, this device's signing key and the
/// account's key slots (wrapped, so not secret, but kept for backups made offline).
public struct SyncKeyring: Sendable {
    let store: any KeyStore

    static let masterKeyName = "sync-master-key"
    static let deviceKeyName = "sync-device-key"
    static let deviceIDName = "sync-device-id"
    static let slotsName = "sync-key-slots"

    public init(store: any KeyStore) { self.store = store }

    /// The master key, if this device holds one.
    public func masterKey() throws(SyncError) -> MasterKey? {
        do {
            return try store.load(Self.masterKeyName).map { try MasterKey(rawBytes: $0) }
        } catch {
            throw .keysUnreadable("the master key file is damaged")
        }
    }

    /// This device's registration with the account: its id and signing key.
    public func deviceSigner() throws(SyncError) -> UmiLogSyncClient.DeviceSigner? {
        do {
            guard let key = try store.load(Self.deviceKeyName), let idBytes = try store.load(Self.deviceIDName),
                let id = UUID(uuidString: String(decoding: idBytes, as: UTF8.self))
            else { return nil }
            return UmiLogSyncClient.DeviceSigner(deviceID: id, key: try Curve25519.Signing.PrivateKey(rawRepresentation: key))
        } catch {
            throw .keysUnreadable("the device key file is damaged")
        }
    }

    /// The account's key slots as last known here.
    public func slots() throws(SyncError) -> [KeySlot] {
        do {
            guard let data = try store.load(Self.slotsName) else { return [] }
            return try JSONDecoder().decode([KeySlot].self, from: data)
        } catch {
            throw .keysUnreadable("the key slot file is damaged")
        }
    }

    func save(master: MasterKey) throws(SyncError) {
        try write(master.rawBytes, Self.masterKeyName)
    }

    func save(signer: UmiLogSyncClient.DeviceSigner) throws(SyncError) {
        try write(signer.key.rawRepresentation, Self.deviceKeyName)
        try write(Data(signer.deviceID.uuidString.lowercased().utf8), Self.deviceIDName)
    }

    func save(slots: [KeySlot]) throws(SyncError) {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try write(try encoder.encode(slots), Self.slotsName)
        } catch let error as SyncError {
            throw error
        } catch {
            throw .keysUnreadable("the key slots could not be encoded")
        }
    }

    private func write(_ data: Data, _ name: String) throws(SyncError) {
        do {
            try store.save(data, as: name)
        } catch {
            throw .keysUnreadable("\(name) could not be written: \(error.localizedDescription)")
        }
    }
}
