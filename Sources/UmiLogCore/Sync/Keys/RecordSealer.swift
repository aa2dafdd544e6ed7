import Crypto
public import Foundation

/// Seals each change of a synced record so that the server stores only ciphertext, and opens
/// what other devices uploaded.
///
/// ChaChaPoly under the record key (HKDF of the master key, `"umilog record v1"`), with a fresh
/// random 96-bit nonce every time: two seals of the same plaintext differ, so the server cannot
/// tell which records are equal or unchanged. The associated data binds the record's id, kind and
/// schema version: the server sees those in the clear (it must, to sync), and without the binding
/// it could move a ciphertext to another record, relabel its kind or replay it under another
/// schema version, and a device would decode it as that. With it, any such move fails to open.
///
/// Wire form: nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes), ChaChaPoly's `combined`.
public struct RecordSealer: Sendable, CustomStringConvertible, CustomReflectable {
    private let key: SymmetricKey

    /// A sealer under `key`, which `MasterKey.recordSealer` derives.
    init(key: SymmetricKey) {
        self.key = key
    }

    /// `plaintext` sealed for the record `recordID` of `kind` at `schemaVersion`.
    ///
    /// - Throws: `UmiLogKeyError.sealingFailed` if encryption fails.
    public func seal(_ plaintext: Data, recordID: UUID, kind: String, schemaVersion: Int) throws(UmiLogKeyError) -> Data {
        do {
            return try ChaChaPoly.seal(plaintext, using: key, authenticating: Self.associatedData(recordID, kind, schemaVersion)).combined
        } catch {
            throw .sealingFailed
        }
    }

    /// The plaintext of `sealed`, if it was sealed under this key for exactly this record.
    ///
    /// - Throws: `UmiLogKeyError.cannotOpenRecord` for anything else (another key, record, kind
    ///   or version; a changed, cut or garbage ciphertext), with no detail on purpose.
    public func open(_ sealed: Data, recordID: UUID, kind: String, schemaVersion: Int) throws(UmiLogKeyError) -> Data {
        do {
            let box = try ChaChaPoly.SealedBox(combined: sealed)
            return try ChaChaPoly.open(box, using: key, authenticating: Self.associatedData(recordID, kind, schemaVersion))
        } catch {
            throw .cannotOpenRecord
        }
    }

    /// `"umilog-record-v1"` ‖ 0x00 ‖ lower-case UUID ‖ 0x00 ‖ kind ‖ 0x00 ‖ decimal version. The
    /// UUID has a fixed length and the version's digits contain no 0x00, so no two records' fields
    /// can spell the same bytes.
    static func associatedData(_ recordID: UUID, _ kind: String, _ schemaVersion: Int) -> Data {
        var bytes = Data("umilog-record-v1".utf8)
        for field in [recordID.uuidString.lowercased(), kind, String(schemaVersion)] {
            bytes.append(0)
            bytes.append(contentsOf: field.utf8)
        }
        return bytes
    }

    /// Never the key: sealers get logged and dumped like any other value.
    public var description: String { "RecordSealer(redacted)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
