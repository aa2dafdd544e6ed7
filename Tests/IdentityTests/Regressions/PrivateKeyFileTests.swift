import Foundation
import Identity
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Guards issue 13: `umilog sign` accepted a 0644 key file that `buds` refused; one rule for
/// private key files now serves every app: a regular file, owned by the user, no group or other
/// permission bits.
@Suite("PrivateKeyFile: one rule for private key files")
struct PrivateKeyFileTests {
    private static func withFolder(_ body: (URL) throws -> Void) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let folder = temporary.url
        try body(folder)
    }

    private static func write(_ data: Data, to url: URL, mode: Int) throws {
        try data.write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    @Test("0600 and 0400 are read", arguments: [0o600, 0o400])
    func privateModesAreRead(_ mode: Int) throws {
        try Self.withFolder { folder in
            let key = folder.appendingPathComponent("key")
            try Self.write(Data("secret".utf8), to: key, mode: mode)
            #expect(try PrivateKeyFile.read(at: key.path) == Data("secret".utf8))
        }
    }

    @Test("any group or other bit is refused with the file and the fix", arguments: [0o644, 0o640, 0o604, 0o660, 0o602, 0o620, 0o610, 0o601])
    func openModesAreRefused(_ mode: Int) throws {
        try Self.withFolder { folder in
            let key = folder.appendingPathComponent("key")
            try Self.write(Data("secret".utf8), to: key, mode: mode)
            let error = try #require(throws: KeyStoreError.self) { try PrivateKeyFile.read(at: key.path) }
            #expect(error == .insecurePermissions(path: key.path, mode: UInt32(mode)))
            #expect(error.errorDescription?.contains("chmod 600 \(key.path)") == true)
        }
    }

    @Test("a file owned by another user is refused", .enabled(if: geteuid() == 0, "only root can give a file away"))
    func otherOwnerIsRefused() throws {
        try Self.withFolder { folder in
            let key = folder.appendingPathComponent("key")
            try Self.write(Data("secret".utf8), to: key, mode: 0o600)
            #expect(chown(key.path, 4321, 4321) == 0)
            #expect(throws: KeyStoreError.notOwnedByUser(path: key.path, owner: 4321)) {
                try PrivateKeyFile.read(at: key.path)
            }
        }
    }

    @Test("a missing file, a link, a folder and an oversized file are refused")
    func otherRefusals() throws {
        try Self.withFolder { folder in
            let missing = folder.appendingPathComponent("none").path
            #expect(throws: KeyStoreError.missingFile(path: missing)) { try PrivateKeyFile.read(at: missing) }
            #expect(try PrivateKeyFile.readIfPresent(at: missing) == nil)

            let target = folder.appendingPathComponent("target")
            try Self.write(Data("secret".utf8), to: target, mode: 0o600)
            let link = folder.appendingPathComponent("link").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
            #expect(throws: KeyStoreError.ioFailure(path: link, reason: "it is a symbolic link; key files must be regular files")) {
                try PrivateKeyFile.read(at: link)
            }

            let subfolder = folder.appendingPathComponent("sub")
            try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: false)
            #expect(throws: KeyStoreError.ioFailure(path: subfolder.path, reason: "it is not a regular file")) {
                try PrivateKeyFile.read(at: subfolder.path)
            }

            let big = folder.appendingPathComponent("big")
            try Self.write(Data(count: 101), to: big, mode: 0o600)
            #expect(throws: KeyStoreError.tooLarge(path: big.path, byteCount: 101, limit: 100)) {
                try PrivateKeyFile.read(at: big.path, maximumByteCount: 100)
            }
        }
    }

    @Test("create writes a new 0600 file and never replaces anything")
    func createIsExclusive() throws {
        try Self.withFolder { folder in
            let key = folder.appendingPathComponent("new.key").path
            try PrivateKeyFile.create(Data("k".utf8), at: key)
            let mode = try #require(FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
            #expect(mode == 0o600)
            #expect(try PrivateKeyFile.read(at: key) == Data("k".utf8))
            #expect(throws: KeyStoreError.fileExists(path: key)) { try PrivateKeyFile.create(Data("other".utf8), at: key) }
            #expect(try PrivateKeyFile.read(at: key) == Data("k".utf8))

            let link = folder.appendingPathComponent("link.key").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.appendingPathComponent("elsewhere").path)
            #expect(throws: KeyStoreError.fileExists(path: link)) { try PrivateKeyFile.create(Data("k".utf8), at: link) }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere").path))
        }
    }

    @Test("the journal's key store follows the same rule, owner included", .enabled(if: geteuid() == 0, "only root can give a file away"))
    func keyStoreChecksTheOwner() throws {
        try Self.withFolder { folder in
            let store = FileKeyStore(directory: folder.appendingPathComponent("keys"))
            try store.save(Data(count: 32), as: "ed25519_private")
            let path = folder.appendingPathComponent("keys/ed25519_private").path
            #expect(chown(path, 4321, 4321) == 0)
            #expect(throws: KeyStoreError.notOwnedByUser(path: path, owner: 4321)) { try store.load("ed25519_private") }
        }
    }
}
