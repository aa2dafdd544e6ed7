import Foundation
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The anonymous id this device uses with the Kilroy cloud (the seed's "anonymous device ID").
///
/// Created once, on first need, and kept in `<store>/device-id` (mode 0600) so that the device
/// can delete its own kilroys later. Two processes racing to create it agree on one id: the new
/// id is written to a private temporary file and hard-linked into place, which fails if another
/// process got there first, and then that id is read.
public enum DeviceIdentity {
    /// The file name inside the store folder.
    public static let filename = "device-id"

    /// The device id stored in `directory`, created if there is none yet.
    ///
    /// - Throws: `KilroyStoreError.invalidDeviceID` when the file holds something else (it is
    ///   never replaced: the id proves ownership of uploaded kilroys), or `.file`.
    public static func loadOrCreate(in directory: URL) throws(KilroyStoreError) -> String {
        let url = directory.appendingPathComponent(filename)
        if let existing = try read(url) { return existing }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .file(.cannotCreateDirectory(path: directory.path, reason: error.localizedDescription))
        }
        let candidate = UUID().uuidString.lowercased()
        let temporary = directory.appendingPathComponent(".\(filename).new-\(UUID().uuidString)")
        do {
            try AtomicFile.write(Data((candidate + "\n").utf8), to: temporary, permissions: 0o600)
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

    /// Whether `id` is acceptable to the Kilroy API: 8 to 64 of A-Z, a-z, 0-9, `-`, `_`.
    public static func isValid(_ id: String) -> Bool {
        (8...64).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
    }

    private static func read(_ url: URL) throws(KilroyStoreError) -> String? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .file(.readFailed(path: url.path, reason: error.localizedDescription))
        }
        let id = String(decoding: data.prefix(128), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard data.count <= 128, isValid(id) else { throw .invalidDeviceID(path: url.path) }
        return id
    }
}
