import CommandLineKit
import Foundation
import TestSupport
import Testing

/// Guards issue 13: a file named on the command line that could not be read showed
/// "NSCocoaErrorDomain error 256" (a folder) and was read whole whatever its size.
@Suite("Reading a file named on the command line")
struct InputFileTests {
    private func scratch() throws -> URL {
        let folder = ScratchFolder.url("h6-input")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a folder, a missing file and an oversized file are refused with the field and the path")
    func refusals() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: InputFile.Failure.isFolder(field: "image", path: folder.path)) {
            try InputFile.read(folder.path, field: "image")
        }
        let missing = folder.appendingPathComponent("none.jpg").path
        #expect(throws: InputFile.Failure.missing(field: "image", path: missing)) {
            try InputFile.read(missing, field: "image")
        }
        let big = folder.appendingPathComponent("big.bin")
        try Data(count: 2049).write(to: big)
        #expect(throws: InputFile.Failure.tooLarge(field: "image", path: big.path, limit: 2048)) {
            try InputFile.read(big.path, field: "image", maximumBytes: 2048)
        }
        #expect(
            InputFile.Failure.tooLarge(field: "image", path: "/p", limit: 15 << 20).errorDescription
                == "image: /p is larger than 15 MiB, the most it may be.")
        #expect(try InputFile.read(big.path, field: "image", maximumBytes: 4096).count == 2049)
    }

    @Test("an unreadable file says permission denied", .enabled(if: geteuid() != 0, "root reads every file"))
    func unreadable() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secret")
        try Data("x".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        #expect(throws: InputFile.Failure.notReadable(field: "file", path: file.path, reason: "permission denied")) {
            try InputFile.read(file.path, field: "file")
        }
    }
}
