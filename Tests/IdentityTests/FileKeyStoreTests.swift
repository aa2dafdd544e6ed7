import Foundation
import TestSupport
import Testing

@testable import Identity

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("FileKeyStore: 0600 files, atomic replacement, permission checks")
struct FileKeyStoreTests {
    static func mode(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode & 0o7777)
    }

    static func withStore(_ body: (FileKeyStore, URL) throws -> Void) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let root = temporary.url
        let keysFolder = root.appendingPathComponent("nested/keys", isDirectory: true)
        try body(FileKeyStore(directory: keysFolder), keysFolder)
    }

    @Test("save creates the folder 0700 and a 0600 file; load returns the same bytes")
    func saveAndLoad() throws {
        try Self.withStore { store, folder in
            let secret = Data((0..<32).map { UInt8($0) })
            try store.save(secret, as: "ed25519_private")
            #expect(Self.mode(of: folder.path) == 0o700)
            #expect(Self.mode(of: folder.appendingPathComponent("ed25519_private").path) == 0o600)
            #expect(try Data(contentsOf: folder.appendingPathComponent("ed25519_private")) == secret)
            #expect(try store.load("ed25519_private") == secret)
        }
    }

    @Test("Loading a key that was never saved returns nil, also before the folder exists")
    func loadMissing() throws {
        try Self.withStore { store, folder in
            #expect(try store.load("absent") == nil)
            try store.save(Data([1]), as: "present")
            #expect(try store.load("absent") == nil)
            #expect(FileManager.default.fileExists(atPath: folder.path))
        }
    }

    @Test("Overwriting replaces the bytes, keeps 0600 and leaves no temporary files")
    func overwriteIsAtomic() throws {
        try Self.withStore { store, folder in
            try store.save(Data(repeating: 1, count: 32), as: "key")
            try store.save(Data(repeating: 2, count: 16), as: "key")
            #expect(try store.load("key") == Data(repeating: 2, count: 16))
            #expect(Self.mode(of: folder.appendingPathComponent("key").path) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["key"])
        }
    }

    @Test("A key file readable or writable by group or others is refused", arguments: [0o644, 0o640, 0o604, 0o660, 0o602, 0o620, 0o610])
    func insecurePermissions(_ mode: Int) throws {
        try Self.withStore { store, folder in
            try store.save(Data([1, 2, 3]), as: "key")
            let path = folder.appendingPathComponent("key").path
            #expect(chmod(path, mode_t(mode)) == 0)
            #expect(throws: KeyStoreError.insecurePermissions(path: path, mode: UInt32(mode))) {
                try store.load("key")
            }
        }
    }

    @Test("Owner-only modes stricter than 0600 still load", arguments: [0o400, 0o600])
    func ownerOnlyModesLoad(_ mode: Int) throws {
        try Self.withStore { store, folder in
            try store.save(Data([7]), as: "key")
            #expect(chmod(folder.appendingPathComponent("key").path, mode_t(mode)) == 0)
            #expect(try store.load("key") == Data([7]))
        }
    }

    @Test("A file without read permission gives an I/O failure that names the file", .enabled(if: geteuid() != 0, "root can read any file"))
    func unreadableFile() throws {
        try Self.withStore { store, folder in
            try store.save(Data([7]), as: "key")
            let path = folder.appendingPathComponent("key").path
            #expect(chmod(path, 0o200) == 0)
            #expect(throws: KeyStoreError.ioFailure(path: path, reason: "cannot open it for reading (Permission denied)")) {
                try store.load("key")
            }
        }
    }

    static let invalidNames = [
        "", ".", "..", "../escape", "a/b", "/abs", "UPPER", "with space", ".hidden", "é", "tab\t", "nul\u{0}", String(repeating: "a", count: 129),
    ]

    @Test("Invalid key names are rejected by load, save and delete", arguments: invalidNames)
    func invalidNamesRejected(_ name: String) throws {
        try Self.withStore { store, folder in
            #expect(throws: KeyStoreError.invalidKeyName(name)) { try store.save(Data([1]), as: name) }
            #expect(throws: KeyStoreError.invalidKeyName(name)) { try store.load(name) }
            #expect(throws: KeyStoreError.invalidKeyName(name)) { try store.delete(name) }
            #expect(!FileManager.default.fileExists(atPath: folder.path))
        }
    }

    @Test("Names from [a-z0-9_.-] up to 128 characters are accepted")
    func validNamesAccepted() throws {
        try Self.withStore { store, _ in
            for name in ["ed25519_private", "x25519_private", "a", "a.b-c_9", "0", String(repeating: "z", count: 128)] {
                try store.save(Data(name.utf8), as: name)
                #expect(try store.load(name) == Data(name.utf8))
            }
        }
    }

    @Test("delete removes the file and deleting again is not an error")
    func deleteIsIdempotent() throws {
        try Self.withStore { store, folder in
            try store.save(Data([1]), as: "key")
            try store.delete("key")
            #expect(try store.load("key") == nil)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("key").path))
            try store.delete("key")
            try store.delete("never-saved")
        }
    }

    @Test("A symbolic link in place of a key is refused, not followed")
    func symlinkRefused() throws {
        try Self.withStore { store, folder in
            try store.save(Data([1]), as: "real")
            let link = folder.appendingPathComponent("link").path
            #expect(symlink(folder.appendingPathComponent("real").path, link) == 0)
            #expect(throws: KeyStoreError.ioFailure(path: link, reason: "it is a symbolic link; key files must be regular files")) {
                try store.load("link")
            }
        }
    }

    @Test("A folder in place of a key file is refused")
    func directoryRefused() throws {
        try Self.withStore { store, folder in
            try store.save(Data([1]), as: "other")
            let path = folder.appendingPathComponent("key").path
            #expect(mkdir(path, 0o700) == 0)
            #expect(throws: KeyStoreError.ioFailure(path: path, reason: "it is not a regular file")) {
                try store.load("key")
            }
        }
    }

    @Test("A key file larger than 64 KiB is reported corrupt instead of read")
    func oversizedFileIsCorrupt() throws {
        try Self.withStore { store, _ in
            try store.save(Data(count: 64 * 1024 + 1), as: "big")
            #expect(throws: KeyStoreError.corruptKey(name: "big", reason: "the file is 65537 bytes, far larger than any key")) {
                try store.load("big")
            }
        }
    }

    @Test("A regular file where the key folder should be gives an I/O failure")
    func folderPathIsAFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let root = temporary.url
        let notAFolder = root.appendingPathComponent("keys")
        try Data([0]).write(to: notAFolder)
        let store = FileKeyStore(directory: notAFolder)
        #expect(throws: KeyStoreError.ioFailure(path: notAFolder.path, reason: "it exists but is not a folder")) {
            try store.save(Data([1]), as: "key")
        }
    }

    @Test("A regular file where a parent of the key folder should be is named in the I/O failure")
    func parentPathIsAFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let root = temporary.url
        let blocker = root.appendingPathComponent("blocker")
        try Data([0]).write(to: blocker)
        let keys = blocker.appendingPathComponent("keys")
        #expect(throws: KeyStoreError.ioFailure(path: keys.path, reason: "\(blocker.path) is not a folder")) {
            try FileKeyStore(directory: keys).save(Data([1]), as: "key")
        }
    }

    @Test("Every error explains itself")
    func errorDescriptions() {
        let errors: [KeyStoreError] = [
            .insecurePermissions(path: "/k/key", mode: 0o644),
            .corruptKey(name: "ed25519_private", reason: "expected 32 bytes, found 3"),
            .invalidKeyName("A/B"),
            .ioFailure(path: "/k/key", reason: "cannot read it"),
        ]
        for error in errors {
            #expect(error.errorDescription?.isEmpty == false)
        }
        #expect(KeyStoreError.insecurePermissions(path: "/k/key", mode: 0o644).errorDescription?.contains("644") == true)
    }
}
