public import CloudWire
public import Foundation
import Storage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// This device's credential with the Kilroy cloud: a 256-bit random ``DeviceToken`` created once
/// and kept in `<store>/device-token` (mode 0600). It is the device's only proof of owning its
/// kilroys, so it is sent to the cloud (as `Authorization: Bearer …`) and to nobody else: never
/// printed, logged or put in an error message.
///
/// Two processes racing to create it agree on one token: the new token is written to a private
/// temporary file and hard-linked into place, which fails if another process got there first,
/// and then that token is read.
///
/// Stores from before credentials hold an old, short device id in `<store>/device-id` that the
/// cloud showed to every viewer. It is no credential any more; ``legacyDeviceID(in:)`` reads it
/// so the device can claim its old kilroys once (`KilroyServices.claimLegacyDrops`), after
/// which ``forgetLegacyDeviceID(in:)`` removes it.
public enum DeviceCredential {
    /// The credential's file name inside the store folder.
    public static let filename = "device-token"
    /// The pre-credential id's file name.
    public static let legacyFilename = "device-id"

    /// The credential stored in `directory`, created if there is none yet.
    ///
    /// - Throws: `KilroyStoreError.invalidCredential` when the file holds something else (it is
    ///   never replaced: it proves ownership of uploaded kilroys), or `.file`.
    public static func loadOrCreate(in directory: URL) throws(KilroyStoreError) -> DeviceToken {
        let url = directory.appendingPathComponent(filename)
        if let existing = try read(url) { return existing }
        do {
            try PrivateDirectory.create(at: directory)
        } catch {
            throw .file(error)
        }
        let candidate = DeviceToken.generate()
        let temporary = directory.appendingPathComponent(".\(filename).new-\(UUID().uuidString)")
        do {
            try AtomicFile.write(Data((candidate.text + "\n").utf8), to: temporary, permissions: 0o600)
        } catch {
            throw .file(error)
        }
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) == 0 {
            return candidate
        }
        guard errno == EEXIST, let winner = try read(url) else {
            throw .file(.writeFailed(path: url.path, reason: String(cString: strerror(errno))))
        }
        return winner
    }

    /// The old device id of a store from before credentials, or `nil` when there is none.
    ///
    /// - Throws: `KilroyStoreError.invalidDeviceID` when `device-id` holds something else.
    public static func legacyDeviceID(in directory: URL) throws(KilroyStoreError) -> String? {
        let url = directory.appendingPathComponent(legacyFilename)
        guard let text = try readText(url) else { return nil }
        guard isValidLegacyID(text) else { throw .invalidDeviceID(path: url.path) }
        return text
    }

    /// Removes the old device id once the cloud has settled its claim.
    public static func forgetLegacyDeviceID(in directory: URL) throws(KilroyStoreError) {
        let url = directory.appendingPathComponent(legacyFilename)
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw .file(.deleteFailed(path: url.path, reason: String(cString: strerror(errno))))
        }
    }

    /// Whether `id` has the shape of a pre-credential device id: 8 to 64 of A-Z, a-z, 0-9, `-`, `_`.
    public static func isValidLegacyID(_ id: String) -> Bool {
        (8...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    true
                default:
                    false
                }
            }
    }

    private static func read(_ url: URL) throws(KilroyStoreError) -> DeviceToken? {
        guard let text = try readText(url) else { return nil }
        guard let token = DeviceToken(text: text) else { throw .invalidCredential(path: url.path) }
        return token
    }

    /// The file's first line without surrounding white space, `nil` when there is no file. A
    /// file over 128 bytes is read as far as that and then fails validation.
    private static func readText(_ url: URL) throws(KilroyStoreError) -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .file(.readFailed(path: url.path, reason: error.localizedDescription))
        }
        guard data.count <= 128 else { return "" }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
