import Foundation
import Storage
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Guards issue 13: store folders were made with `FileManager.createDirectory`, whose mode is
/// `0777` less the umask, so under `umask 000` every store was open to all users. (The umask
/// itself is tested through the `buds` binary, since changing it here would affect the other
/// tests of this process.)
@Suite("PrivateDirectory: store folders are 0700")
struct PrivateDirectoryTests {
    private static func mode(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }

    @Test("a missing folder and its missing parents are created 0700")
    func createsPrivateFolders() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let store = temp.url.appendingPathComponent("a/b/store", isDirectory: true)
        try PrivateDirectory.create(at: store)
        for url in [temp.url.appendingPathComponent("a"), temp.url.appendingPathComponent("a/b"), store] {
            #expect(Self.mode(url) == 0o700, "\(url.path)")
        }
        // Again: nothing to do, no error.
        try PrivateDirectory.create(at: store)
    }

    @Test("existing folders keep their mode")
    func existingFoldersAreLeftAlone() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let group = temp.url.appendingPathComponent("group", isDirectory: true)
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: group.path)
        try PrivateDirectory.create(at: group.appendingPathComponent("store"))
        #expect(Self.mode(group) == 0o750)
        #expect(Self.mode(group.appendingPathComponent("store")) == 0o700)
    }

    @Test("a file in the way is an error naming the folder")
    func fileInTheWay() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let blocker = temp.url.appendingPathComponent("blocker")
        try Data("x".utf8).write(to: blocker)
        let target = blocker.appendingPathComponent("store")
        let error = try #require(throws: StorageError.self) { try PrivateDirectory.create(at: target) }
        guard case .cannotCreateDirectory(let path, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == target.path)
        #expect(reason.contains("is not a folder"))
    }
}
