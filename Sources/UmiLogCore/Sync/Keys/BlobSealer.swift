import Crypto
import DAGCBOR
public import Foundation

/// Seals dive profiles (depth samples) as blobs and gives each a keyed name.
///
/// The name is HMAC-SHA256, under the blob-name key (HKDF of the master key, `"umilog blob name
/// v1"`), of the plaintext's SHA-256 in hex, in 64 lower-case hex digits — keyed over the digest
/// so a device that knows a profile only by its digest (from a change) can name it before
/// fetching it. The same profile imported on two
/// devices gets the same name, so it is uploaded and stored once, while the server, without the
/// key, cannot confirm a guess at a profile's content from its name (as it could from a plain
/// hash). The blob is ChaChaPoly under the blob key (`"umilog blob v1"`, fresh random nonce)
/// with the name as associated data; opening also checks that the plaintext's keyed name is
/// the name asked for, so a server serving one of the account's blobs in place of another is
/// caught even though both were sealed under the same key.
public struct BlobSealer: Sendable, CustomStringConvertible, CustomReflectable {
    private let key: SymmetricKey
    private let nameKey: SymmetricKey

    /// A sealer under the keys `MasterKey.blobSealer` derives.
    init(key: SymmetricKey, nameKey: SymmetricKey) {
        self.key = key
        self.nameKey = nameKey
    }

    /// The keyed name of `plaintext`: 64 lower-case hex digits.
    public func name(for plaintext: Data) -> String {
        name(forDigest: Hex.encode(SHA256.hash(data: plaintext)))
    }

    /// The keyed name of the plaintext whose SHA-256 is `digest` (64 lower-case hex digits).
    public func name(forDigest digest: String) -> String {
        Hex.encode(HMAC<SHA256>.authenticationCode(for: Data(digest.utf8), using: nameKey))
    }

    /// `plaintext` sealed under its name (which must be `name(for: plaintext)`).
    ///
    /// - Throws: `UmiLogKeyError.blobNameMismatch` when `name` is not the plaintext's keyed name
    ///   (such a blob could never be opened), `.sealingFailed` if encryption fails.
    public func seal(_ plaintext: Data, name: String) throws(UmiLogKeyError) -> Data {
        guard name == self.name(for: plaintext) else { throw .blobNameMismatch }
        do {
            return try ChaChaPoly.seal(plaintext, using: key, authenticating: Self.associatedData(name)).combined
        } catch {
            throw .sealingFailed
        }
    }

    /// The plaintext of the blob called `name`.
    ///
    /// - Throws: `UmiLogKeyError.cannotOpenBlob` when it does not open under this key and name,
    ///   or opens to content whose keyed name is not `name`.
    public func open(_ sealed: Data, name: String) throws(UmiLogKeyError) -> Data {
        let plaintext: Data
        do {
            let box = try ChaChaPoly.SealedBox(combined: sealed)
            plaintext = try ChaChaPoly.open(box, using: key, authenticating: Self.associatedData(name))
        } catch {
            throw .cannotOpenBlob
        }
        guard self.name(for: plaintext) == name else { throw .cannotOpenBlob }
        return plaintext
    }

    /// `"umilog-blob-v1"` ‖ 0x00 ‖ name.
    static func associatedData(_ name: String) -> Data {
        var bytes = Data("umilog-blob-v1".utf8)
        bytes.append(0)
        bytes.append(contentsOf: name.utf8)
        return bytes
    }

    /// Never the key: sealers get logged and dumped like any other value.
    public var description: String { "BlobSealer(redacted)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
