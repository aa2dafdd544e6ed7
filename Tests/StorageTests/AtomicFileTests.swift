import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test("writing creates the file with the bytes and leaves no temporary file")
    func writesAndCleansUp() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("state.json")
        try AtomicFile.write(Data("first".utf8), to: url)
        #expect(try Data(contentsOf: url) == Data("first".utf8))
        try AtomicFile.write(Data("second, longer".utf8), to: url)
        try AtomicFile.write(Data("3".utf8), to: url)
        #expect(try Data(contentsOf: url) == Data("3".utf8))
        #expect(try temp.contents() == ["state.json"])
    }

    @Test("empty data writes an empty file")
    func emptyData() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("empty")
        try AtomicFile.write(Data(), to: url)
        #expect(try Data(contentsOf: url).isEmpty)
    }

    @Test("permissions are applied exactly, regardless of umask")
    func permissions() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("key")
        try AtomicFile.write(Data("k".utf8), to: url, permissions: 0o600)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try AtomicFile.write(Data("k".utf8), to: url, permissions: 0o664)
        let updated = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((updated[.posixPermissions] as? NSNumber)?.intValue == 0o664)
    }

    @Test("a missing folder fails with writeFailed and creates nothing")
    func missingFolder() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let url = temp.url.appendingPathComponent("missing/state.json")
        #expect {
            try AtomicFile.write(Data("x".utf8), to: url)
        } throws: { error in
            guard case StorageError.writeFailed(let path, let reason) = error else { return false }
            return path == url.path && !reason.isEmpty
        }
        #expect(try temp.contents().isEmpty)
    }

    @Test("a target that is a directory fails and the directory is untouched")
    func targetIsDirectory() throws {
        let temp = try TemporaryDirectory()
        defer { temp.remove() }
        let folder = temp.url.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: StorageError.pathIsDirectory(path: folder.path)) {
            try AtomicFile.write(Data("x".utf8), to: folder)
        }
        #expect(try temp.contents() == ["folder"])
    }
}
