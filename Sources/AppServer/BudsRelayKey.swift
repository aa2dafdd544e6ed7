import Crypto
import DAGCBOR
import Foundation
import Storage

/// Where the Buds relay's secret key comes from. Every relay process sharing a database must use
/// the same key (it keys the phone digests the store holds), so a deployment of several
/// app-servers sets `BUDS_RELAY_KEY`; one process on its own keeps it in its data folder.
/// The key is never logged, and never stored in the database whose digests it protects.
enum BudsRelayKey: Sendable {
    /// `<data>/buds-relay.key` (32 bytes, mode 0600), made on first start.
    case file
    /// Given in the environment.
    case given(SymmetricKey)

    init?(hex: String) {
        guard let bytes = Hex.decode(hex.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count == 32 else { return nil }
        self = .given(SymmetricKey(data: bytes))
    }

    /// The key, reading (or first making) the key file in `dataDirectory` when none was given.
    func resolve(dataDirectory: URL) throws -> SymmetricKey {
        switch self {
        case .given(let key):
            return key
        case .file:
            try PrivateDirectory.create(at: dataDirectory)
            let file = dataDirectory.appendingPathComponent("buds-relay.key")
            if let data = try? Data(contentsOf: file) {
                guard data.count == 32 else { throw StorageError.readFailed(path: file.path, reason: "the relay key is not 32 bytes") }
                return SymmetricKey(data: data)
            }
            let key = SymmetricKey(size: .bits256)
            try AtomicFile.write(key.withUnsafeBytes { Data($0) }, to: file, permissions: 0o600)
            return key
        }
    }
}
